/**
 * Registry entry of payments (docs/modules/payments.md): payments and refunds with their receipts; record
 * a payment against invoices (partial, instalments, held credit); the receipt page with its PDF;
 * colleagues' payments live (financial_update).
 */
import { WalletIcon } from "lucide-react";
import { lazy } from "react";
import { defineModule } from "#app/lib/modules/define-module.ts";

export default defineModule({
  id: "payments",
  path: "/payments",
  icon: WalletIcon,
  group: "money",
  chrome: lazy(() => import("./realtime.ts").then((m) => ({ default: m.PaymentsRealtime }))),
});
