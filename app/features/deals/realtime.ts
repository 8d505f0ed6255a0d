/**
 * Deals live: when a colleague creates, edits or moves a deal, the hub relays a
 * `deal_update` frame with its id only (core's REALTIME_MODULES "deals": staff and admins), and
 * this tab refetches its board, table and forecast — through its own RLS, so nobody learns of a
 * deal they may not see. Mounted by the back-office frame as the module's chrome.
 */
import { useDomainUpdates } from "#app/lib/realtime/index.ts";
import { DEALS_REALTIME, useRefreshDeals } from "./hooks/deal-queries.ts";

export function DealsRealtime(): null {
  const refresh = useRefreshDeals();
  useDomainUpdates(DEALS_REALTIME, (update) => refresh(update.ids));
  return null;
}
