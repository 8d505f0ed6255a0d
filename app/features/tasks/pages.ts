/** The pages of tasks (loaded per route, never by the frame): see module.ts. */
import { lazy } from "react";
import { defineModulePages } from "#app/lib/modules/define-module.ts";
import module from "./module.ts";

export default defineModulePages(module, {
  page: lazy(() => import("./tasks-page.tsx")),
  routes: { "/tasks/:id": lazy(() => import("./task-page.tsx")) },
});
