/**
 * Listings live: when a colleague creates, edits, moves or publishes listings, the hub relays a
 * frame with their ids only (core's REALTIME_MODULES "listings": staff and admins), and this tab
 * refetches what shows them — through its own RLS, so nobody learns of a listing they may not
 * see. Mounted by the back-office frame as the module's chrome; the hooks publish the frames.
 */
import { useDomainUpdates } from "#app/lib/realtime/index.ts";
import { LISTINGS_REALTIME, useRefreshListings } from "./hooks/property-queries.ts";

export function ListingsRealtime(): null {
  const refresh = useRefreshListings();
  useDomainUpdates(LISTINGS_REALTIME, (update) => refresh(update.ids));
  return null;
}
