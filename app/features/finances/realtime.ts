/**
 * Finances live: when money moves (a payment, a refund, an entry recorded or approved) the hub
 * relays a financial_update frame with ids only (core's REALTIME_MODULES "finances": admins), and
 * this tab refetches its totals and lists through RLS. Mounted as the module's chrome.
 */
import { useQueryClient } from "@tanstack/react-query";
import { useDomainUpdates } from "#app/lib/realtime/index.ts";
import { FINANCES_REALTIME, financeKeys } from "./hooks/finance-queries.ts";

export function FinancesRealtime(): null {
  const qc = useQueryClient();
  useDomainUpdates(FINANCES_REALTIME, () => void qc.invalidateQueries({ queryKey: financeKeys.all }));
  return null;
}
