/**
 * Server state of the calendar (TanStack Query). Every key starts with "events". After a change
 * this tab refreshes and tells colleagues' tabs through the hub (ids only; they refetch through
 * RLS — realtime.ts); an invitation also pokes the invited colleague's bell.
 */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import type { EventResponse, EventRow } from "#core/events/event-schema.ts";
import type { RecordUpdateAction } from "#core/schemas/hub.ts";
import { historyKeys } from "#app/components/records/record-history.tsx";
import { calendarEntryKeys } from "#app/lib/calendar-entries-queries.ts";
import { propertyTitles } from "#app/lib/property-lookup-api.ts";
import { pokeUser, publishDomainUpdate } from "#app/lib/realtime/index.ts";
import {
  createFeed,
  deleteEvent,
  getEvent,
  getFeedStatus,
  revokeFeed,
  setEventStatus,
  setResponse,
} from "../api/events-api.ts";

/** The module's name on the hub (core/schemas/hub.ts REALTIME_MODULES). */
export const EVENTS_REALTIME = "events";

export const eventKeys = {
  all: ["events"] as const,
  detail: (id: string) => [...eventKeys.all, "detail", id] as const,
  feed: () => [...eventKeys.all, "feed"] as const,
  propertyTitles: (id: string | null) => [...eventKeys.all, "property-titles", id] as const,
};

export function useEvent(id: string | null) {
  return useQuery({ queryKey: eventKeys.detail(id ?? "none"), queryFn: () => getEvent(id!), enabled: !!id });
}

/**
 * Reads an event as the database has it now, for a file made from it (an .ics must carry the
 * answer just recorded, not the one on screen before the refetch).
 */
export function useFetchEvent() {
  const qc = useQueryClient();
  return useCallback(
    (id: string) =>
      qc.fetchQuery({ queryKey: eventKeys.detail(id), queryFn: () => getEvent(id), staleTime: 0 }),
    [qc],
  );
}

export function useRefreshEvents() {
  const qc = useQueryClient();
  return useCallback(
    (ids: readonly string[] = []) => {
      void qc.invalidateQueries({ queryKey: calendarEntryKeys.all });
      for (const id of ids) {
        void qc.invalidateQueries({ queryKey: eventKeys.detail(id) });
        void qc.invalidateQueries({ queryKey: historyKeys.record("events", id) });
      }
    },
    [qc],
  );
}

/** After a change: refresh here; colleagues' tabs refetch; newly invited colleagues' bells too. */
export function useEventChanged() {
  const refresh = useRefreshEvents();
  return useCallback(
    (id: string, action: RecordUpdateAction, invited: readonly string[] = []) => {
      refresh([id]);
      publishDomainUpdate(EVENTS_REALTIME, action, [id]);
      for (const userId of invited) pokeUser(userId, undefined, "event_invited");
    },
    [refresh],
  );
}

export function useSetResponse(eventId: string) {
  const changed = useEventChanged();
  return useMutation({
    mutationFn: ({ attendeeId, response }: { attendeeId: string; response: EventResponse }) =>
      setResponse(attendeeId, response),
    meta: { errorTitle: "Answer not saved" },
    onSettled: () => changed(eventId, "updated"),
  });
}

export function useSetEventStatus() {
  const changed = useEventChanged();
  return useMutation({
    mutationFn: ({ id, status }: { id: string; status: EventRow["status"] }) => setEventStatus(id, status),
    meta: { errorTitle: "Event not changed" },
    onSettled: (_d, _e, { id }) => changed(id, "updated"),
  });
}

export function useDeleteEvent() {
  const changed = useEventChanged();
  return useMutation({
    mutationFn: deleteEvent,
    meta: { errorTitle: "Event not deleted" },
    onSuccess: (_d, id) => changed(id, "deleted"),
  });
}

/** The name of the contact an event or attendee is linked to (none asked without one). */
export { useContactName } from "#app/lib/record-lookup-queries.ts";

/** The title of the listing an event is linked to. */
export function usePropertyTitles(propertyId: string | null) {
  return useQuery({
    queryKey: eventKeys.propertyTitles(propertyId),
    queryFn: () => propertyTitles(propertyId ? [propertyId] : []),
    enabled: !!propertyId,
  });
}

export function useFeedStatus() {
  return useQuery({ queryKey: eventKeys.feed(), queryFn: getFeedStatus });
}

export function useCreateFeed() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: createFeed,
    meta: { errorTitle: "Feed not created" },
    onSettled: () => qc.invalidateQueries({ queryKey: eventKeys.feed() }),
  });
}

export function useRevokeFeed() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: revokeFeed,
    meta: { errorTitle: "Feed not revoked" },
    onSettled: () => qc.invalidateQueries({ queryKey: eventKeys.feed() }),
  });
}
