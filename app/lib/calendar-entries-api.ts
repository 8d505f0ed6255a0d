/**
 * The one calendar's entries (public.calendar_entries, under the user's RLS): events, viewings
 * and consultations of a period, read by every screen that draws appointments (the events
 * calendar, booking management's week, the dashboard widgets), so none can disagree on a time.
 */
import { z } from "zod";
import { calendarEntrySchema, type CalendarEntry } from "#core/calendar/calendar-entries.ts";
import { supabase } from "./supabase.ts";

/** Entries overlapping [from, to), in start order; `agent`: one person's (owner, attendee or host). */
export async function loadCalendarEntries(
  from: string | Date,
  to: string | Date,
  agent?: string | null,
): Promise<CalendarEntry[]> {
  const { data, error } = await supabase.rpc("calendar_entries", {
    from_at: new Date(from).toISOString(),
    to_at: new Date(to).toISOString(),
    agent: agent ?? undefined,
  });
  if (error) throw error;
  return z.array(calendarEntrySchema).parse(data);
}

/** Viewings and consultations only (booking management's screens). */
export async function loadAppointments(
  from: string | Date,
  to: string | Date,
  agent?: string | null,
): Promise<CalendarEntry[]> {
  return (await loadCalendarEntries(from, to, agent)).filter((e) => e.source !== "events");
}
