/**
 * The public forms' vocabulary without their schemas: field names, choices, slots and texts
 * the form pages render. zod-free, so a form page shows before its validation code loads;
 * the schemas (./schemas/forms.ts, which re-exports all of this) load on first use.
 */

/** Hidden field humans never fill; a value means a bot (the worker accepts and discards). */
export const HONEYPOT_FIELD = "website_url";

/** Largest JSON body the form API reads (bytes). */
export const FORM_MAX_BODY_BYTES = 16 * 1024;

/** Submissions per minute per IP and form (wrangler.toml `[[ratelimits]]` FORM_RATE_LIMITER mirrors it). */
export const FORM_RATE_LIMIT = { limit: 10, periodSeconds: 60 } as const;

export const FORM_KINDS = ["contact", "consultation", "booking", "property-request"] as const;
export type FormKind = (typeof FORM_KINDS)[number];

/** Where the SPA posts a form (the edge worker's public form API). */
export function formEndpoint(kind: FormKind): string {
  return `/api/forms/${kind}`;
}

/** Consent text (Data Protection Act, 2012 (Act 843)). */
export const CONSENT_TEXT =
  "I agree that Ghana Realty may store and use these details to answer my enquiry, as described in the Privacy Policy (Data Protection Act, 2012, Act 843).";
export const CONSENT_REQUIRED_MESSAGE = "Please agree to the privacy notice so we can contact you";

// Dates and time slots (Africa/Accra = UTC+0, no DST)

/**
 * Times come from real availability (core/inbox/availability.ts; the database's free slots, per
 * event type: working hours, holidays, notice, window, caps). A visitor picks one of the offered
 * slots; the form API books it or answers 409 with the next free times.
 */
export const TIME_SLOT_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/;
/** How far ahead any booking may be (days); each event type has its own, shorter window. */
export const BOOKING_HORIZON_DAYS = 180;
/** Days of free slots a booking page shows at once. */
export const AVAILABILITY_DAYS = 14;
/** The form API's 409: the slot went to someone else between showing and booking. */
export const SLOT_TAKEN_MESSAGE = "That time was just booked — here are the next free times";
/** Where the booking pages read free slots (the edge worker). */
export const AVAILABILITY_PATH = "/api/availability";

export const MEETING_MODES = ["in_person", "phone", "video", "whatsapp"] as const;
export type MeetingMode = (typeof MEETING_MODES)[number];
export const MEETING_MODE_LABELS: Record<MeetingMode, string> = {
  in_person: "In person at our Accra office",
  phone: "Phone call",
  video: "Video call",
  whatsapp: "WhatsApp call",
};

/** Today's date in Africa/Accra (UTC+0 all year) as YYYY-MM-DD. */
export function todayInAccra(now: Date = new Date()): string {
  return now.toISOString().slice(0, 10);
}

export const REQUEST_LISTING_TYPES = ["buy", "rent"] as const;
export const REQUEST_TIMELINES = [
  "immediately",
  "within_1_month",
  "1_3_months",
  "3_6_months",
  "6_12_months",
  "flexible",
] as const;
export const REQUEST_TIMELINE_LABELS: Record<(typeof REQUEST_TIMELINES)[number], string> = {
  immediately: "Immediately",
  within_1_month: "Within 1 month",
  "1_3_months": "1–3 months",
  "3_6_months": "3–6 months",
  "6_12_months": "6–12 months",
  flexible: "Flexible",
};
