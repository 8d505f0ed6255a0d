/** The pages of title-checks (loaded per route, never by the frame): see module.ts. */
import { lazy } from "react";
import { defineModulePages } from "#app/lib/modules/define-module.ts";
import module from "./module.ts";

export default defineModulePages(module, {
  page: lazy(() => import("./title-checks-page.tsx")),
  routes: { "/title-checks/listing/:propertyId": lazy(() => import("./listing-title-page.tsx")) },
});
