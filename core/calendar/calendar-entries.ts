/**
 * The one calendar's entries (public.calendar_entries): events, viewings (bookings) and
 * consultations of a period in one list, so an appointment shows at the same day and hour on
 * every screen. The row as read, the kinds people filter by, how an entry is titled (a viewing
 * by its listing's title, never a slug) and where it opens.
 */
import { z } from "zod";
import { EVENT_KIND_LABELS, EVENT_KINDS } from "../events/event-schema.ts";
import { recordPath } from "../records/record-links.ts";
import { serviceName } from "../services.ts";

export const CALENDAR_SOURCES = ["events", "bookings", "consultations"] as const;
export type CalendarSource = (typeof CALENDAR_SOURCES)[number];

export const CALENDAR_KINDS = [...EVENT_KINDS, "consultation"] as const;
export type CalendarKind = (typeof CALENDAR_KINDS)[number];
export const CALENDAR_KIND_LABELS: Record<CalendarKind, string> = {
  ...EVENT_KIND_LABELS,
  consultation: "Consultation",
};

/** What the kind filter offers: one kind, or viewings and consultations together. */
export const CALENDAR_FILTERS = ["appointments", ...CALENDAR_KINDS] as const;
export type CalendarFilter = (typeof CALENDAR_FILTERS)[number];
export const CALENDAR_FILTER_LABELS: Record<CalendarFilter, string> = {
  appointments: "Viewings and consultations",
  ...CALENDAR_KIND_LABELS,
};

export const calendarEntrySchema = z.object({
  source: z.enum(CALENDAR_SOURCES),
  id: z.string(),
  kind: z.enum(CALENDAR_KINDS),
  title: z.string().nullable(),
  starts_at: z.string(),
  ends_at: z.string(),
  all_day: z.boolean(),
  status: z.string(),
  agent_id: z.string().nullable(),
  listing_id: z.string().nullable(),
  listing_title: z.string().nullable(),
  person: z.string().nullable(),
  location: z.string().nullable(),
});
export type CalendarEntry = z.output<typeof calendarEntrySchema>;

export function matchesFilter(
  entry: Pick<CalendarEntry, "source" | "kind">,
  filter: CalendarFilter | null | undefined,
): boolean {
  if (!filter) return true;
  if (filter === "appointments") return entry.source !== "events";
  return entry.kind === filter;
}

/** A listing's slug as words, for a viewing whose listing the user cannot read. */
function slugWords(slug: string): string {
  const words = slug.replace(/-/g, " ");
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** "Viewing: 4-bedroom house with pool, East Legon", "Consultation: Property valuation", an event's title. */
export function entryTitle(e: Pick<CalendarEntry, "source" | "title" | "listing_title">): string {
  if (e.source === "bookings")
    return `Viewing: ${e.listing_title ?? (e.title ? slugWords(e.title) : "a listing")}`;
  if (e.source === "consultations") return `Consultation: ${serviceName(e.title)}`;
  return e.title ?? "Event";
}

/** Where an entry opens: an event's sheet, a viewing or consultation in its inbox. */
export function entryHref(e: Pick<CalendarEntry, "source" | "id">): string {
  return recordPath(e.source, e.id) ?? "/events";
}
