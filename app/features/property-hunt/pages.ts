/** The pages of property-hunt (loaded per route, never by the frame): see module.ts. */
import { lazy } from "react";
import { defineModulePages } from "#app/lib/modules/define-module.ts";
import module from "./module.ts";

const huntPage = lazy(() => import("./hunt-page.tsx"));

export default defineModulePages(module, {
  page: lazy(() => import("./property-hunt-page.tsx")),
  routes: { "/property-hunt/new": huntPage, "/property-hunt/:id": huntPage },
});
