/** The pages of finances (loaded per route, never by the frame): see module.ts. */
import { lazy } from "react";
import { defineModulePages } from "#app/lib/modules/define-module.ts";
import module from "./module.ts";

export default defineModulePages(module, {
  page: lazy(() => import("./finances-page.tsx")),
});
