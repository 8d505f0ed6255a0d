/** The pages of invoices-receipts (loaded per route, never by the frame): see module.ts. */
import { lazy } from "react";
import { defineModulePages } from "#app/lib/modules/define-module.ts";
import module from "./module.ts";

const documentPage = lazy(() => import("./document-page.tsx"));

export default defineModulePages(module, {
  page: lazy(() => import("./documents-page.tsx")),
  routes: { "/invoices-receipts/new": documentPage, "/invoices-receipts/:id": documentPage },
});
