/**
 * The edge worker's appointment API as the public pages use it (zod-free, so a booking page can
 * read it before any validator loads; the worker parses requests with core/schemas/appointments.ts):
 *
 *   GET  /api/availability?kind=consultation&service=…|kind=viewing&property=…&from=YYYY-MM-DD&days=14
 *        → 200 {slots: [{start, end}]} (ISO instants; times of Africa/Accra = UTC)
 *   POST /api/appointments/lookup      {token}             → 200 {appointment, slots}
 *   POST /api/appointments/reschedule  {token, starts_at}  → 200 {appointment}
 *   POST /api/appointments/cancel      {token}             → 200 {appointment}
 *   409 {errors: {field: SLOT_TAKEN_MESSAGE}, next: [{start, end}]} when the time is not free;
 *   410 {error: "expired" | "used" | "closed", message} when the link no longer works.
 * The booking forms (POST /api/forms/consultation|booking) answer 409 the same way.
 */

export const APPOINTMENT_API = {
  lookup: "/api/appointments/lookup",
  reschedule: "/api/appointments/reschedule",
  cancel: "/api/appointments/cancel",
} as const;

export type AppointmentKind = "consultation" | "viewing";

export interface SlotTimes {
  start: string;
  end: string;
}

/** What a visitor may see of their appointment (never who else booked or why a time is busy). */
export interface VisitorAppointment {
  inbox: "consultations" | "bookings";
  status: string;
  starts_at: string;
  ends_at: string;
  full_name: string;
  event_type: string;
  host_name: string | null;
  service: string | null;
  meeting_mode: string | null;
  property_title: string | null;
  property_slug: string | null;
  /** The link may still change it (active and in the future). */
  changeable: boolean;
}

export const LINK_PROBLEMS = {
  expired: "This link has expired: the appointment has started or passed. Call us if you need to change it.",
  used: "This link was already used or replaced by a newer one. Use the link in the latest e-mail we sent you.",
  closed: "This appointment can no longer be changed.",
  malformed: "This link is not complete. Open it from the e-mail again, or copy the whole address.",
} as const;
export type LinkProblem = keyof typeof LINK_PROBLEMS;

/** Days of free times the manage page offers for a new time. */
export const RESCHEDULE_DAYS = 14;
