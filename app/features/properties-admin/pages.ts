/** The pages of properties-admin (loaded per route, never by the frame): see module.ts. */
import { lazy } from "react";
import { defineModulePages } from "#app/lib/modules/define-module.ts";
import module from "./module.ts";

const listingPage = lazy(() => import("./property-page.tsx"));

export default defineModulePages(module, {
  page: lazy(() => import("./properties-page.tsx")),
  routes: { "/properties-admin/new": listingPage, "/properties-admin/:id": listingPage },
});
