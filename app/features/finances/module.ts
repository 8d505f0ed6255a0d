/**
 * Registry entry of finances (docs/modules/finances.md): monthly and yearly reports with charts, profit
 * and VAT, entries with receipts and approval, accounts (client trust money apart, Act 1047),
 * reminder days; the dashboard's "Income vs expenses this month"; live totals (financial_update).
 */
import { LandmarkIcon } from "lucide-react";
import { lazy } from "react";
import { defineModule } from "#app/lib/modules/define-module.ts";

export default defineModule({
  id: "finances",
  path: "/finances",
  icon: LandmarkIcon,
  group: "money",
  chrome: lazy(() => import("./realtime.ts").then((m) => ({ default: m.FinancesRealtime }))),
});
