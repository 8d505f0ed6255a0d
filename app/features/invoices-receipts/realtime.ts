/**
 * Invoices live: when a colleague issues, voids or credits a document or records a payment, the
 * hub relays a financial_update frame (ids only; core's REALTIME_MODULES "finances") and this tab
 * refetches whatever invoices it shows — the list, an open invoice's figures — through RLS.
 * Mounted as the module's chrome.
 */
import { useQueryClient } from "@tanstack/react-query";
import { useDomainUpdates } from "#app/lib/realtime/index.ts";
import { documentKeys, MONEY_REALTIME } from "./hooks/document-queries.ts";

export function InvoicesRealtime(): null {
  const qc = useQueryClient();
  // A payment's frame names the payment, not its invoices: every invoices query may have moved.
  useDomainUpdates(MONEY_REALTIME, () => void qc.invalidateQueries({ queryKey: documentKeys.all }));
  return null;
}
