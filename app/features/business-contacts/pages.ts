/** The pages of business-contacts (loaded per route, never by the frame): see module.ts. */
import { lazy } from "react";
import { defineModulePages } from "#app/lib/modules/define-module.ts";
import module from "./module.ts";

const contactPage = lazy(() => import("./contact-page.tsx"));

export default defineModulePages(module, {
  page: lazy(() => import("./contacts-page.tsx")),
  routes: {
    "/business-contacts/new": contactPage,
    "/business-contacts/import": lazy(() => import("./import-page.tsx")),
    "/business-contacts/:id": contactPage,
  },
});
