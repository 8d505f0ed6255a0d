/**
 * The only place that queries `events`, `event_attendees` and `calendar_feeds`. RLS decides what
 * comes back (module 'events'); saving an event and its attendees is one RPC (save_event), so a
 * failed invitation never leaves half an event behind.
 */
import { z } from "zod";
import {
  EVENT_ATTENDEE_COLUMNS,
  EVENT_ROW_COLUMNS,
  eventRowSchema,
  eventWithAttendeesSchema,
  type EventFormOutput,
  type EventResponse,
  type EventRow,
  type EventWithAttendees,
} from "#core/events/event-schema.ts";
import { StaleRecordError } from "#core/records/db-errors.ts";
import { NOT_FOUND_ERROR } from "#core/records/update-unless-stale.ts";
import { supabase } from "#app/lib/supabase.ts";

const SELECT = `${EVENT_ROW_COLUMNS}, event_attendees(${EVENT_ATTENDEE_COLUMNS})`;

export async function getEvent(id: string): Promise<EventWithAttendees | null> {
  const { data, error } = await supabase.from("events").select(SELECT).eq("id", id).maybeSingle();
  if (error) throw error;
  return data ? eventWithAttendeesSchema.parse(data) : null;
}

/** Creates (id null) or updates an event and its attendees (team and contacts) in one transaction. */
export async function saveEvent(
  id: string | null,
  values: EventFormOutput,
  version: string | null,
): Promise<EventRow> {
  const { data, error } = await supabase.rpc("save_event", {
    event_id: id as string,
    fields: values.event,
    attendee_user_ids: values.attendee_user_ids,
    attendee_contact_ids: values.attendee_contact_ids,
    expected_updated_at: version as string,
  });
  if (error?.code === "40001") throw new StaleRecordError(null);
  if (error?.code === "P0002") throw NOT_FOUND_ERROR;
  if (error) throw error;
  return eventRowSchema.parse(data);
}

export async function setEventStatus(id: string, status: EventRow["status"]): Promise<void> {
  const { error } = await supabase.from("events").update({ status }).eq("id", id).select("id").single();
  if (error) throw error;
}

export async function deleteEvent(id: string): Promise<void> {
  const { error } = await supabase.from("events").delete().eq("id", id).select("id").single();
  if (error) throw error;
}

export async function setResponse(attendeeId: string, response: EventResponse): Promise<void> {
  const { error } = await supabase
    .from("event_attendees")
    .update({ response })
    .eq("id", attendeeId)
    .select("id")
    .single();
  if (error) throw error;
}

export const conflictSchema = z.object({
  user_id: z.string(),
  event_id: z.string(),
  title: z.string(),
  starts_at: z.string(),
  ends_at: z.string(),
});
export type Conflict = z.infer<typeof conflictSchema>;

/** Commitments of these colleagues that clash with [start, end) (a warning; nothing is refused). */
export async function findConflicts(
  start: string,
  end: string,
  userIds: readonly string[],
  excludeEvent: string | null,
  signal?: AbortSignal,
): Promise<Conflict[]> {
  if (userIds.length === 0) return [];
  let req = supabase.rpc("event_conflicts", {
    window_start: start,
    window_end: end,
    attendee_user_ids: [...userIds],
    exclude_event: excludeEvent as string,
  });
  if (signal) req = req.abortSignal(signal);
  const { data, error } = await req;
  if (error) throw error;
  return z.array(conflictSchema).parse(data);
}

// ── The private calendar feed ────────────────────────────────────────────────────────────────
const feedSchema = z.object({ created_at: z.string(), last_fetched_at: z.string().nullable() });
export type FeedStatus = z.infer<typeof feedSchema>;

export async function getFeedStatus(): Promise<FeedStatus | null> {
  const { data, error } = await supabase
    .from("calendar_feeds")
    .select("created_at, last_fetched_at")
    .maybeSingle();
  if (error) throw error;
  return data ? feedSchema.parse(data) : null;
}

/** A new feed token (the previous URL stops working); shown once, never stored in the clear. */
export async function createFeed(): Promise<string> {
  const { data, error } = await supabase.rpc("create_calendar_feed");
  if (error) throw error;
  return z.string().parse(data);
}

export async function revokeFeed(): Promise<void> {
  const { error } = await supabase.rpc("revoke_calendar_feed");
  if (error) throw error;
}
