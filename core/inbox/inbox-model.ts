/**
 * The four inboxes — consultations, viewing bookings, contact submissions and
 * property requests — described once: their tables, routes, statuses and the moves between them.
 * The SPA's shared inbox reads these; the database enforces the same moves with the same words
 * (migration 20261125300000_inbox.sql, `private.inbox_status_move_error`), compared by
 * tests/rls/inbox.test.ts. Zod-free (row schemas live in inbox-schema.ts).
 */

export const INBOX_IDS = ["consultations", "bookings", "contact_submissions", "property_requests"] as const;
export type InboxId = (typeof INBOX_IDS)[number];

/** Appointment inboxes: a host, a time, confirmation and the visitor's manage link. */
export const APPOINTMENT_INBOXES = ["consultations", "bookings"] as const;
export type AppointmentInbox = (typeof APPOINTMENT_INBOXES)[number];
export function isAppointmentInbox(id: InboxId): id is AppointmentInbox {
  return id === "consultations" || id === "bookings";
}

export const APPOINTMENT_STATUSES = [
  "requested",
  "confirmed",
  "completed",
  "cancelled",
  "declined",
  "no_show",
  "spam",
] as const;
export const CONTACT_STATUSES = ["new", "assigned", "in_progress", "done", "spam"] as const;
export const REQUEST_STATUSES = [
  "new",
  "assigned",
  "searching",
  "matched",
  "closed",
  "lost",
  "spam",
] as const;

export type AppointmentStatus = (typeof APPOINTMENT_STATUSES)[number];
export type ContactStatus = (typeof CONTACT_STATUSES)[number];
export type RequestStatus = (typeof REQUEST_STATUSES)[number];
export type InboxStatus = AppointmentStatus | ContactStatus | RequestStatus;

/** Appointments that hold their time (and count toward a host's daily cap). */
export const ACTIVE_APPOINTMENT_STATUSES = [
  "requested",
  "confirmed",
] as const satisfies readonly AppointmentStatus[];

export type Tone = "neutral" | "info" | "success" | "warning" | "danger" | "accent" | "muted" | "primary";

export interface InboxDef {
  id: InboxId;
  /** The module's route (core/routes.ts). */
  path: string;
  /** "Consultations" */
  title: string;
  /** One record, lower-case: "consultation request". */
  noun: string;
  statuses: readonly InboxStatus[];
  /** The status a new submission starts with. */
  initial: InboxStatus;
  /** Labels and badge tones per status. */
  labels: Readonly<Record<string, { label: string; tone: Tone }>>;
  /** Allowed moves: from → to[]. */
  moves: Readonly<Record<string, readonly InboxStatus[]>>;
  /** Statuses that count as work to do (the dashboard's "new leads", the default tab set). */
  open: readonly InboxStatus[];
}

const appointmentLabels = {
  requested: { label: "Requested", tone: "info" },
  confirmed: { label: "Confirmed", tone: "success" },
  completed: { label: "Completed", tone: "muted" },
  cancelled: { label: "Cancelled", tone: "neutral" },
  declined: { label: "Declined", tone: "warning" },
  no_show: { label: "No-show", tone: "danger" },
  spam: { label: "Spam", tone: "danger" },
} as const;

const appointmentMoves: Record<AppointmentStatus, readonly AppointmentStatus[]> = {
  requested: ["confirmed", "declined", "cancelled", "spam"],
  confirmed: ["completed", "cancelled", "no_show"],
  // A finished appointment stays finished; a new time is a new booking (its slot is checked again).
  completed: [],
  cancelled: [],
  declined: [],
  no_show: ["completed"],
  spam: ["requested"],
};

export const INBOXES: Readonly<Record<InboxId, InboxDef>> = {
  consultations: {
    id: "consultations",
    path: "/consultations",
    title: "Consultations",
    noun: "consultation",
    statuses: APPOINTMENT_STATUSES,
    initial: "requested",
    labels: appointmentLabels,
    moves: appointmentMoves,
    open: ["requested", "confirmed"],
  },
  bookings: {
    id: "bookings",
    path: "/booking-management",
    title: "Booking Management",
    noun: "viewing",
    statuses: APPOINTMENT_STATUSES,
    initial: "requested",
    labels: appointmentLabels,
    moves: appointmentMoves,
    open: ["requested", "confirmed"],
  },
  contact_submissions: {
    id: "contact_submissions",
    path: "/contact-submissions",
    title: "Contact Submissions",
    noun: "message",
    statuses: CONTACT_STATUSES,
    initial: "new",
    labels: {
      new: { label: "New", tone: "info" },
      assigned: { label: "Assigned", tone: "accent" },
      in_progress: { label: "In progress", tone: "warning" },
      done: { label: "Done", tone: "success" },
      spam: { label: "Spam", tone: "danger" },
    },
    moves: {
      new: ["assigned", "in_progress", "done", "spam"],
      assigned: ["new", "in_progress", "done", "spam"],
      in_progress: ["assigned", "done", "spam"],
      done: ["in_progress"],
      spam: ["new"],
    },
    open: ["new", "assigned", "in_progress"],
  },
  property_requests: {
    id: "property_requests",
    path: "/property-requests",
    title: "Property Requests",
    noun: "property request",
    statuses: REQUEST_STATUSES,
    initial: "new",
    labels: {
      new: { label: "New", tone: "info" },
      assigned: { label: "Assigned", tone: "accent" },
      searching: { label: "Searching", tone: "warning" },
      matched: { label: "Matched", tone: "primary" },
      closed: { label: "Closed (won)", tone: "success" },
      lost: { label: "Lost", tone: "muted" },
      spam: { label: "Spam", tone: "danger" },
    },
    moves: {
      new: ["assigned", "searching", "closed", "lost", "spam"],
      assigned: ["new", "searching", "matched", "closed", "lost", "spam"],
      searching: ["assigned", "matched", "closed", "lost"],
      matched: ["searching", "closed", "lost"],
      closed: ["searching"],
      lost: ["searching"],
      spam: ["new"],
    },
    open: ["new", "assigned", "searching", "matched"],
  },
};

export function statusLabel(inbox: InboxId, status: string): string {
  return INBOXES[inbox].labels[status]?.label ?? status;
}

/** The refusal of a status move, word for word as the database says it; null when allowed. */
export function statusMoveError(inbox: InboxId, from: string, to: string): string | null {
  if (from === to) return null;
  const def = INBOXES[inbox];
  if (!(def.statuses as readonly string[]).includes(to)) return `"${to}" is not a status of ${def.title}.`;
  const allowed = def.moves[from] ?? [];
  if ((allowed as readonly string[]).includes(to)) return null;
  if (allowed.length === 0) return `A ${def.noun} that is ${statusLabel(inbox, from)} cannot change status.`;
  return `A ${def.noun} that is ${statusLabel(inbox, from)} can move to ${allowed.map((s) => statusLabel(inbox, s)).join(", ")} only.`;
}

/** Every (from, to) pair of an inbox, for tests that compare core with the database. */
export function allStatusMoves(inbox: InboxId): Array<{ from: InboxStatus; to: InboxStatus }> {
  const statuses = INBOXES[inbox].statuses;
  return statuses.flatMap((from) => statuses.filter((to) => to !== from).map((to) => ({ from, to })));
}

/** Where a record of an inbox opens in the back-office: its own page. */
export function inboxRecordPath(inbox: InboxId, id: string): string {
  return `${INBOXES[inbox].path}/${encodeURIComponent(id)}`;
}

/** The first name to greet a visitor with ("Akosua Mensah" → "Akosua"). */
export function firstName(fullName: string): string {
  return fullName.trim().split(/\s+/)[0] ?? fullName;
}
