/** The pages of payments (loaded per route, never by the frame): see module.ts. */
import { lazy } from "react";
import { defineModulePages } from "#app/lib/modules/define-module.ts";
import module from "./module.ts";

const paymentPage = lazy(() => import("./payment-page.tsx"));

export default defineModulePages(module, {
  page: lazy(() => import("./payments-page.tsx")),
  routes: { "/payments/new": paymentPage, "/payments/:id": paymentPage },
});
