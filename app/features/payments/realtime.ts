/**
 * Payments live: a payment, refund or applied credit recorded in a colleague's tab arrives as a
 * financial_update frame (ids only; core's REALTIME_MODULES "finances"), and this tab refetches
 * its payments list and receipts through RLS. Mounted as the module's chrome.
 */
import { useQueryClient } from "@tanstack/react-query";
import { useDomainUpdates } from "#app/lib/realtime/index.ts";
import { paymentKeys } from "./hooks/payment-queries.ts";

export function PaymentsRealtime(): null {
  const qc = useQueryClient();
  useDomainUpdates("finances", () => void qc.invalidateQueries({ queryKey: paymentKeys.all }));
  return null;
}
