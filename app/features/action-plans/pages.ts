/** The pages of action-plans (loaded per route, never by the frame): see module.ts. */
import { lazy } from "react";
import { defineModulePages } from "#app/lib/modules/define-module.ts";
import module from "./module.ts";

const planPage = lazy(() => import("./plan-page.tsx"));

export default defineModulePages(module, {
  page: lazy(() => import("./action-plans-page.tsx")),
  routes: { "/action-plans/new": planPage, "/action-plans/:planId": planPage },
});
