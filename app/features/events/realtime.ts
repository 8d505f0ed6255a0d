/**
 * The calendar live: a colleague's new, moved or cancelled event reaches this tab as a frame with
 * its id only (core's REALTIME_MODULES "events"); the calendar and the open event refetch
 * through RLS. Mounted by the back-office frame as the module's chrome.
 */
import { useDomainUpdates } from "#app/lib/realtime/index.ts";
import { EVENTS_REALTIME, useRefreshEvents } from "./hooks/event-queries.ts";

export function EventsRealtime(): null {
  const refresh = useRefreshEvents();
  useDomainUpdates(EVENTS_REALTIME, (update) => refresh(update.ids));
  return null;
}
