/**
 * The events page's list of the one calendar's entries (events, viewings, consultations), as the
 * URL carries it: what it sorts and filters by. The kind and agent filters are the calendar
 * view's own too, so switching between the calendar and the list keeps them; `when` picks the
 * entries ahead (the default) or those past, within LIST_WINDOW_DAYS of now.
 */
import { z } from "zod";
import { defineListQuery, filter, type ListQueryOf } from "../records/list-query.ts";
import { CALENDAR_FILTERS, type CalendarEntry } from "./calendar-entries.ts";

export const CALENDAR_WHEN = ["upcoming", "past"] as const;
export type CalendarWhen = (typeof CALENDAR_WHEN)[number];
export const CALENDAR_WHEN_LABELS: Record<CalendarWhen, string> = { upcoming: "Upcoming", past: "Past" };
/** How far ahead (or back) the list reaches. */
export const LIST_WINDOW_DAYS = 400;

export const calendarListQuery = defineListQuery({
  sortable: ["starts_at", "title", "kind"],
  defaultSort: { column: "starts_at", direction: "asc" },
  pageSizes: [25, 50, 100],
  defaultPageSize: 25,
  filters: {
    kind: filter.one(z.enum(CALENDAR_FILTERS, { error: "Not a kind of entry" })),
    agent: filter.one(z.uuid({ error: "Not a team member" })),
    when: filter.one(z.enum(CALENDAR_WHEN, { error: "Use upcoming or past" })),
  },
});
export type CalendarListQuery = ListQueryOf<typeof calendarListQuery>;

/** The instants [from, to) the list reads: from now on, or back to LIST_WINDOW_DAYS ago. */
export function listWindow(when: CalendarWhen | undefined, now: Date): { from: string; to: string } {
  const span = LIST_WINDOW_DAYS * 86_400_000;
  return when === "past"
    ? { from: new Date(now.getTime() - span).toISOString(), to: now.toISOString() }
    : { from: now.toISOString(), to: new Date(now.getTime() + span).toISOString() };
}

const STATUS_LABELS: Record<string, string> = {
  scheduled: "Scheduled",
  requested: "To confirm",
  confirmed: "Confirmed",
  completed: "Done",
  cancelled: "Cancelled",
};
/** An entry's status in words (events, bookings and consultations share these). */
export function calendarStatusLabel(status: string): string {
  return STATUS_LABELS[status] ?? status.replace(/_/g, " ");
}

/**
 * Whether an entry matches a typed search the way the list's server search does: every word, in
 * order, within its title, listing, person or place (the calendar view filters what it drew).
 */
export function matchesSearch(
  e: Pick<CalendarEntry, "title" | "listing_title" | "person" | "location">,
  search: string,
): boolean {
  const words = search
    .toLowerCase()
    .replace(/[,.:()"\\*%_]/g, " ")
    .split(/\s+/)
    .filter(Boolean);
  if (!words.length) return true;
  return [e.title, e.listing_title, e.person, e.location].some((text) => {
    if (!text) return false;
    let at = 0;
    const lower = text.toLowerCase();
    for (const w of words) {
      const i = lower.indexOf(w, at);
      if (i < 0) return false;
      at = i + w.length;
    }
    return true;
  });
}
