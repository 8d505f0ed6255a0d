/** The pages of team (loaded per route, never by the frame): see module.ts. */
import { lazy } from "react";
import { defineModulePages } from "#app/lib/modules/define-module.ts";
import module from "./module.ts";

const page = lazy(() => import("./team-page.tsx"));

export default defineModulePages(module, {
  page,
  routes: { "/settings/team/invite": page },
});
