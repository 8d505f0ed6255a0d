/**
 * The hunt board live for every admin: when a colleague creates, edits or moves a
 * hunt, the hub relays `property_hunt_update` with the hunt's id only (core's REALTIME_MODULES:
 * admins), and this tab refetches through its own RLS. Mounted by the back-office frame.
 */
import { useDomainUpdates } from "#app/lib/realtime/index.ts";
import { HUNT_REALTIME, useRefreshHunts } from "./hooks/hunt-queries.ts";

export function HuntsRealtime(): null {
  const refresh = useRefreshHunts();
  useDomainUpdates(HUNT_REALTIME, (update) => refresh(update.ids));
  return null;
}
