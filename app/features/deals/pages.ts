/** The pages of deals (loaded per route, never by the frame): see module.ts. */
import { lazy } from "react";
import { defineModulePages } from "#app/lib/modules/define-module.ts";
import module from "./module.ts";

const dealPage = lazy(() => import("./deal-page.tsx"));

export default defineModulePages(module, {
  page: lazy(() => import("./deals-page.tsx")),
  routes: { "/deals/new": dealPage, "/deals/:id": dealPage },
});
