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

/** Hourly slots, Accra time. Saturdays end at 12:00 (office closes 13:00); Sundays closed. */
export const CONSULTATION_TIME_SLOTS = ["09:00", "10:00", "11:00", "12:00", "13:00", "14:00", "15:00", "16:00"] as const;
export const VIEWING_TIME_SLOTS = ["09:00", "10:00", "11:00", "12:00", "13:00", "14:00", "15:00", "16:00"] as const;
export const SATURDAY_LAST_SLOT = "12:00";
/** How far ahead a visitor may book (days). */
export const BOOKING_HORIZON_DAYS = 180;

export const MEETING_MODES = ["in_person", "phone", "video", "whatsapp"] as const;
export type MeetingMode = (typeof MEETING_MODES)[number];

/** Today's date in Africa/Accra (UTC+0 all year) as YYYY-MM-DD. */
export function todayInAccra(now: Date = new Date()): string {
  return now.toISOString().slice(0, 10);
}

export const REQUEST_LISTING_TYPES = ["buy", "rent"] as const;
export const REQUEST_TIMELINES = ["immediately", "within_1_month", "1_3_months", "3_6_months", "6_12_months", "flexible"] as const;
export const REQUEST_TIMELINE_LABELS: Record<(typeof REQUEST_TIMELINES)[number], string> = {
  immediately: "Immediately",
  within_1_month: "Within 1 month",
  "1_3_months": "1–3 months",
  "3_6_months": "3–6 months",
  "6_12_months": "6–12 months",
  flexible: "Flexible",
};
