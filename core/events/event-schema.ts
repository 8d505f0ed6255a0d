/**
 * Events: the company calendar — viewings, meetings, open houses, deadlines —
 * with attendees (staff and business contacts) and their
 * responses. The row as read (with its attendees), the form (wall times in Africa/Accra in,
 * UTC instants out; an all-day event covers whole days, its last day included), and the rules
 * the database applies again: an event ends after it starts and lasts at most EVENT_MAX_DAYS;
 * a viewing names the property being viewed.
 */
import { z } from "zod";
import { addDays, isDayKey, overlaps, wallTimeToUtc } from "../calendar/calendar.ts";
import type { ConstraintHint } from "../records/db-errors.ts";

export const EVENT_KINDS = ["viewing", "meeting", "open_house", "deadline", "other"] as const;
export type EventKind = (typeof EVENT_KINDS)[number];
export const EVENT_KIND_LABELS: Record<EventKind, string> = {
  viewing: "Viewing",
  meeting: "Meeting",
  open_house: "Open house",
  deadline: "Deadline",
  other: "Other",
};

export const EVENT_STATUSES = ["scheduled", "cancelled"] as const;
export type EventStatus = (typeof EVENT_STATUSES)[number];

export const EVENT_RESPONSES = ["pending", "accepted", "tentative", "declined"] as const;
export type EventResponse = (typeof EVENT_RESPONSES)[number];
export const EVENT_RESPONSE_LABELS: Record<EventResponse, string> = {
  pending: "Not answered",
  accepted: "Going",
  tentative: "Maybe",
  declined: "Not going",
};

export const EVENT_TITLE_MAX = 200;
export const EVENT_DESCRIPTION_MAX = 5000;
export const EVENT_LOCATION_MAX = 300;
export const EVENT_MAX_DAYS = 31;
export const EVENT_MAX_ATTENDEES = 50;

export const VIEWING_NEEDS_PROPERTY = "A viewing needs the property being viewed.";
export const ENDS_AFTER_START = "The end must be after the start.";
export const TOO_LONG = `An event lasts at most ${EVENT_MAX_DAYS} days.`;

export const eventAttendeeSchema = z.object({
  id: z.string(),
  event_id: z.string(),
  user_id: z.string().nullable(),
  contact_id: z.string().nullable(),
  response: z.enum(EVENT_RESPONSES),
  responded_at: z.string().nullable(),
  /** An invited contact's name and e-mail (embedded; null when the reader may not see the contact). */
  contact: z.object({ display_name: z.string(), email: z.string().nullable() }).nullable().optional(),
});
export type EventAttendee = z.infer<typeof eventAttendeeSchema>;
const readable = (keys: string[]) => keys.join(", ");
/** The attendee columns read, with an invited contact's name and e-mail. */
export const EVENT_ATTENDEE_COLUMNS = `${readable(Object.keys(eventAttendeeSchema.shape).filter((k) => k !== "contact"))}, contact:contacts(display_name, email)`;

export const eventRowSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string().nullable(),
  kind: z.enum(EVENT_KINDS),
  status: z.enum(EVENT_STATUSES),
  starts_at: z.string(),
  ends_at: z.string(),
  all_day: z.boolean(),
  location: z.string().nullable(),
  property_id: z.string().nullable(),
  contact_id: z.string().nullable(),
  owner_id: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type EventRow = z.infer<typeof eventRowSchema>;
export const EVENT_ROW_COLUMNS = readable(Object.keys(eventRowSchema.shape));

export const eventWithAttendeesSchema = eventRowSchema.extend({
  event_attendees: z.array(eventAttendeeSchema),
});
export type EventWithAttendees = z.infer<typeof eventWithAttendeesSchema>;

export const EVENT_FIELD_LABELS = {
  title: "Title",
  kind: "Kind",
  all_day: "All day",
  start: "Starts",
  end: "Ends",
  location: "Location",
  property_id: "Property",
  contact_id: "Contact",
  description: "Notes",
  attendee_user_ids: "Team attendees",
  attendee_contact_ids: "Contact attendees",
} as const;

const optionalId = (message: string) =>
  z.string().transform((v, ctx): string | null => {
    if (v.trim() === "") return null;
    if (!z.uuid().safeParse(v).success) {
      ctx.addIssue({ code: "custom", message });
      return z.NEVER;
    }
    return v;
  });

/** The instants [starts_at, ends_at) of what was typed: wall times, or whole days (the end day included) for an all-day event. */
export function eventInstants(
  allDay: boolean,
  start: string,
  end: string,
  tz?: string,
): { starts_at: string | null; ends_at: string | null } {
  if (allDay) {
    const s = isDayKey(start.slice(0, 10)) ? wallTimeToUtc(`${start.slice(0, 10)}T00:00`, tz) : null;
    const e = isDayKey(end.slice(0, 10)) ? wallTimeToUtc(`${addDays(end.slice(0, 10), 1)}T00:00`, tz) : null;
    return { starts_at: s, ends_at: e };
  }
  return { starts_at: wallTimeToUtc(start, tz), ends_at: wallTimeToUtc(end, tz) };
}

/** Run a refinement whenever the value is an object, even if a field failed (zod skips them otherwise). */
const always = {
  when: (payload: { value: unknown }) => typeof payload.value === "object" && payload.value !== null,
};

function durationMs(v: { all_day: boolean; start: string; end: string }): number | null {
  const { starts_at, ends_at } = eventInstants(v.all_day, v.start, v.end);
  return starts_at && ends_at ? Date.parse(ends_at) - Date.parse(starts_at) : null;
}

export const eventFormSchema = z
  .object({
    title: z
      .string()
      .trim()
      .min(1, "Give the event a title")
      .max(EVENT_TITLE_MAX, `Keep the title under ${EVENT_TITLE_MAX} characters`),
    kind: z.enum(EVENT_KINDS, { error: "Choose a kind of event" }),
    all_day: z.boolean(),
    start: z.string(),
    end: z.string(),
    location: z
      .string()
      .trim()
      .max(EVENT_LOCATION_MAX, `Keep the location under ${EVENT_LOCATION_MAX} characters`)
      .transform((s) => s || null),
    property_id: optionalId("Choose a property from the list"),
    contact_id: optionalId("Choose a contact from the list"),
    description: z
      .string()
      .trim()
      .max(
        EVENT_DESCRIPTION_MAX,
        `Keep the notes under ${EVENT_DESCRIPTION_MAX.toLocaleString("en-GB")} characters`,
      )
      .transform((s) => s || null),
    attendee_user_ids: z
      .array(z.uuid("Choose team members from the list"))
      .max(EVENT_MAX_ATTENDEES, `At most ${EVENT_MAX_ATTENDEES} attendees`),
    attendee_contact_ids: z
      .array(z.uuid("Choose contacts from the list"))
      .max(EVENT_MAX_ATTENDEES, `At most ${EVENT_MAX_ATTENDEES} attendees`),
  })
  // Cross-field rules run even when another field failed (`when`), so every message shows at once.
  .refine((v) => !!eventInstants(v.all_day, v.start, v.end).starts_at, {
    path: ["start"],
    message: "Enter when it starts",
    ...always,
  })
  .refine((v) => !!eventInstants(v.all_day, v.start, v.end).ends_at, {
    path: ["end"],
    message: "Enter when it ends",
    ...always,
  })
  .refine((v) => durationMs(v) === null || durationMs(v)! > 0, {
    path: ["end"],
    message: ENDS_AFTER_START,
    ...always,
  })
  .refine((v) => durationMs(v) === null || durationMs(v)! <= EVENT_MAX_DAYS * 86_400_000, {
    path: ["end"],
    message: TOO_LONG,
    ...always,
  })
  .refine((v) => v.kind !== "viewing" || !!v.property_id, {
    path: ["property_id"],
    message: VIEWING_NEEDS_PROPERTY,
    ...always,
  })
  .transform((v) => {
    const { starts_at, ends_at } = eventInstants(v.all_day, v.start, v.end);
    return {
      event: {
        title: v.title,
        kind: v.kind,
        all_day: v.all_day,
        starts_at: starts_at!,
        ends_at: ends_at!,
        location: v.location,
        property_id: v.property_id,
        contact_id: v.contact_id,
        description: v.description,
      },
      attendee_user_ids: [...new Set(v.attendee_user_ids)],
      attendee_contact_ids: [...new Set(v.attendee_contact_ids)],
    };
  });
export type EventFormInput = z.input<typeof eventFormSchema>;
export type EventFormOutput = z.output<typeof eventFormSchema>;

export const EVENT_CONSTRAINTS: Record<string, ConstraintHint> = {
  events_ends_after_start: { field: "end", message: ENDS_AFTER_START },
  events_not_too_long: { field: "end", message: TOO_LONG },
  events_title_check: { field: "title", message: "Give the event a title (up to 200 characters)." },
};

/** One commitment of an attendee (what the conflict check compares). */
export interface Commitment {
  attendee: string;
  eventId: string;
  start: string;
  end: string;
  status: EventStatus;
  response: EventResponse;
}

/**
 * The commitments of `attendees` that clash with [start, end): a scheduled event the attendee has
 * not declined, other than the one being edited, overlapping by at least a moment (back-to-back
 * is fine). The database's public.event_conflicts() applies the same rule.
 */
export function findConflicts(
  candidate: { start: string; end: string; eventId?: string | null; attendees: readonly string[] },
  commitments: readonly Commitment[],
): Commitment[] {
  const who = new Set(candidate.attendees);
  return commitments.filter(
    (c) =>
      who.has(c.attendee) &&
      c.eventId !== candidate.eventId &&
      c.status === "scheduled" &&
      c.response !== "declined" &&
      overlaps(candidate.start, candidate.end, c.start, c.end),
  );
}
