/**
 * Registry entry of invoices & receipts (docs/modules/invoices-receipts.md): invoices, quotations, proformas and credit
 * notes — list, draft form with live Ghana taxes, issue, print/PDF, e-mail and WhatsApp; the
 * dashboard's "Overdue invoices"; colleagues' changes live (financial_update).
 */
import { ReceiptTextIcon } from "lucide-react";
import { lazy } from "react";
import { defineModule } from "#app/lib/modules/define-module.ts";

export default defineModule({
  id: "invoices-receipts",
  path: "/invoices-receipts",
  icon: ReceiptTextIcon,
  group: "money",
  chrome: lazy(() => import("./realtime.ts").then((m) => ({ default: m.InvoicesRealtime }))),
});
