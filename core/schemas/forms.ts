/**
 * Public form schemas (contact, consultation, viewing booking, property request).
 * The SPA validates with them (react-hook-form + zodResolver); the edge worker parses the
 * posted JSON with the very same schemas before it inserts with the secret key.
 * Keys are the database column names, so a parsed value is inserted as is.
 */
import { z } from "zod";
import type { Database } from "../database.types.ts";
import { CURRENCIES, PROPERTY_TYPES, SLUG_MAX_LENGTH, SLUG_MESSAGE, SLUG_PATTERN } from "../content-model.ts";
import {
  BOOKING_HORIZON_DAYS,
  CONSENT_REQUIRED_MESSAGE,
  HONEYPOT_FIELD,
  MEETING_MODES,
  REQUEST_LISTING_TYPES,
  REQUEST_TIMELINES,
  TIME_SLOT_PATTERN,
  todayInAccra,
  type FormKind,
} from "../form-fields.ts";
import { SERVICE_SLUGS } from "../services.ts";

export * from "../form-fields.ts";

/** The listing slug a form refers to (same rule as the content model's slugSchema). */
const slugSchema = z.string().min(1).max(SLUG_MAX_LENGTH).regex(SLUG_PATTERN, SLUG_MESSAGE);

// ---------------------------------------------------------------------------------------------
// Phone numbers
// ---------------------------------------------------------------------------------------------

/**
 * Ghana national significant numbers: 9 digits. Mobile networks 20, 23–28, 50, 53–57, 59;
 * fixed lines 30–39 (e.g. 0302 Accra, 0322 Kumasi, 0312 Takoradi).
 */
const GHANA_NSN = /^(?:2[0345678]\d|5[0345679]\d|3[0-9]\d)\d{6}$/;

/**
 * Normalises a Ghana number ("024 412 3456", "+233 24 412 3456", "00233244123456",
 * "233244123456") to E.164 ("+233244123456"); null if it is not a valid Ghana number.
 */
export function normalizeGhanaPhone(input: string): string | null {
  let digits = input.replace(/[\s().-]/g, "");
  if (digits.startsWith("+233")) digits = digits.slice(4);
  else if (digits.startsWith("00233")) digits = digits.slice(5);
  else if (digits.startsWith("233") && digits.length === 12) digits = digits.slice(3);
  else if (digits.startsWith("0") && digits.length === 10) digits = digits.slice(1);
  else return null;
  return GHANA_NSN.test(digits) ? `+233${digits}` : null;
}

export function isGhanaPhone(input: string): boolean {
  return normalizeGhanaPhone(input) !== null;
}

export const PHONE_MESSAGE = "Enter a valid phone number, e.g. 024 412 3456 or +233 24 412 3456";

/** A Ghana number, normalised to E.164. */
export const ghanaPhoneSchema = z
  .string()
  .trim()
  .refine(isGhanaPhone, PHONE_MESSAGE)
  .transform((s) => normalizeGhanaPhone(s)!);

/**
 * Ghana numbers (validated strictly) or, for clients abroad, an international number in
 * E.164 form ("+44 20 7946 0958"). Normalised to E.164.
 */
export const phoneSchema = z
  .string()
  .trim()
  .refine((s) => {
    if (isGhanaPhone(s)) return true;
    const d = s.replace(/[\s().-]/g, "");
    return /^\+[1-9]\d{7,14}$/.test(d) && !d.startsWith("+233");
  }, PHONE_MESSAGE)
  .transform((s) => normalizeGhanaPhone(s) ?? s.replace(/[\s().-]/g, ""));

// ---------------------------------------------------------------------------------------------
// Dates and time slots (Africa/Accra = UTC+0, no DST)
// ---------------------------------------------------------------------------------------------

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

function isRealDate(s: string): boolean {
  if (!ISO_DATE.test(s)) return false;
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
}

/** The instant a date + slot means in Accra (UTC+0). */
export function slotInstant(date: string, slot: string): Date {
  return new Date(`${date}T${slot}:00Z`);
}

export const dateSchema = z.string().refine(isRealDate, "Choose a date");

/**
 * Date-only checks (past, horizon): a problem with the date field, or null. Opening days, hours
 * and holidays are availability's (the slots offered), not the schema's.
 */
export function checkDate(date: string, now: Date = new Date()): string | null {
  if (!isRealDate(date)) return "Choose a date";
  if (date < todayInAccra(now)) return "Choose a date from today onwards";
  const horizon = todayInAccra(new Date(now.getTime() + BOOKING_HORIZON_DAYS * 86_400_000));
  if (date > horizon) return `Choose a date within the next ${BOOKING_HORIZON_DAYS} days`;
  return null;
}

/** A date a visitor may book, checked on its own so its message shows beside other fields' errors. */
export const bookableDateSchema = z.string().superRefine((date, ctx) => {
  const problem = checkDate(date);
  if (problem) ctx.addIssue({ code: "custom", message: problem });
});

/**
 * A bookable date + time: not in the past (Accra time), within the horizon. Whether anyone is
 * free then is the database's answer at booking. `now` is injectable for tests.
 */
export function checkSlot(
  date: string,
  slot: string,
  now: Date = new Date(),
): { field: "preferred_date" | "time_slot"; message: string } | null {
  const dateProblem = checkDate(date, now);
  if (dateProblem) return { field: "preferred_date", message: dateProblem };
  if (slotInstant(date, slot).getTime() <= now.getTime())
    return { field: "time_slot", message: "That time has passed; choose a later slot" };
  return null;
}

/** A time offered by the booking page ("HH:MM", Accra). */
const timeSlotSchema = z.string({ error: "Choose a time" }).regex(TIME_SLOT_PATTERN, "Choose a time");

// ---------------------------------------------------------------------------------------------
// Shared pieces
// ---------------------------------------------------------------------------------------------

/**
 * Control characters a typed line never holds: C0 (NUL, CR, LF, tab …), DEL, C1 and the Unicode
 * line and paragraph separators. In a name or subject they end up in staff notification mail
 * subjects (a CR LF there starts a new header) and a NUL can never be stored (Postgres text).
 */
const LINE_CONTROLS = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;
/** The same in a message or note, where line breaks and tabs are text. */
const TEXT_CONTROLS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;
export const LINE_CONTROLS_MESSAGE =
  "Use letters, digits and punctuation on one line (no line breaks or control characters)";
export const TEXT_CONTROLS_MESSAGE = "Remove the control characters from this text";

/** A single-line text field: trimmed, without control characters. */
export const singleLine = () =>
  z
    .string()
    .trim()
    .refine((s) => !LINE_CONTROLS.test(s), LINE_CONTROLS_MESSAGE);
/** A multi-line text field: trimmed; line breaks and tabs allowed, other control characters not. */
export const multiLine = () =>
  z
    .string()
    .trim()
    .refine((s) => !TEXT_CONTROLS.test(s), TEXT_CONTROLS_MESSAGE);

const fullName = singleLine().min(2, "Enter your full name").max(120, "Name is too long");
const email = singleLine().toLowerCase().max(254).pipe(z.email("Enter a valid email address"));
const optionalText = (max: number, line: typeof singleLine = multiLine) =>
  line()
    .max(max, `Keep it under ${max} characters`)
    .optional()
    .transform((s) => (s === "" ? undefined : s));
const consent = z.literal(true, { error: CONSENT_REQUIRED_MESSAGE });
/** Appointments: the visitor may ask for the confirmation and reminders on WhatsApp (Meta's opt-in). */
const whatsappOptIn = z.boolean().default(false);
/** The honeypot: accepted in the schema (any string) so bots get no hint; the worker checks it. */
const honeypot = z.string().max(2000).optional();

const contactDetails = {
  full_name: fullName,
  email,
  phone: phoneSchema,
  consent,
  [HONEYPOT_FIELD]: honeypot,
};

// ---------------------------------------------------------------------------------------------
// The four forms
// ---------------------------------------------------------------------------------------------

export const contactFormSchema = z.object({
  full_name: fullName,
  email,
  phone: phoneSchema.optional().or(z.literal("").transform(() => undefined)),
  subject: optionalText(200, singleLine),
  message: multiLine()
    .min(10, "Tell us a little more (at least 10 characters)")
    .max(5000, "Keep it under 5000 characters"),
  property_slug: slugSchema.optional(),
  consent,
  [HONEYPOT_FIELD]: honeypot,
});
export type ContactForm = z.input<typeof contactFormSchema>;
export type ContactSubmission = z.output<typeof contactFormSchema>;

export const consultationFormSchema = z
  .object({
    service: z.enum(SERVICE_SLUGS, { error: "Choose a service" }),
    preferred_date: bookableDateSchema,
    time_slot: timeSlotSchema,
    meeting_mode: z.enum(MEETING_MODES).default("in_person"),
    message: optionalText(2000),
    whatsapp_opt_in: whatsappOptIn,
    ...contactDetails,
  })
  .superRefine((v, ctx) => {
    const problem = checkSlot(v.preferred_date, v.time_slot);
    if (problem) ctx.addIssue({ code: "custom", path: [problem.field], message: problem.message });
  });
export type ConsultationForm = z.input<typeof consultationFormSchema>;
export type ConsultationRequest = z.output<typeof consultationFormSchema>;

export const bookingFormSchema = z
  .object({
    property_id: z.uuid().optional(),
    property_slug: slugSchema.optional(),
    preferred_date: bookableDateSchema,
    time_slot: timeSlotSchema,
    attendees: z.coerce.number().int().min(1).max(10).default(1),
    message: optionalText(2000),
    whatsapp_opt_in: whatsappOptIn,
    ...contactDetails,
  })
  .superRefine((v, ctx) => {
    const problem = checkSlot(v.preferred_date, v.time_slot);
    if (problem) ctx.addIssue({ code: "custom", path: [problem.field], message: problem.message });
  });
export type BookingForm = z.input<typeof bookingFormSchema>;
export type BookingRequest = z.output<typeof bookingFormSchema>;

const money = z.coerce.number().nonnegative("Must be 0 or more").max(1e12, "Too large");
const beds = z.coerce.number().int().min(0).max(50);

const areaSqm = z.coerce
  .number({ error: "Enter a number of square metres" })
  .positive("Must be more than 0")
  .max(1e7, "Too large");

/**
 * One type (`property_type`, older clients) or several (`property_types`, the form's checkboxes):
 * both columns are filled, the first of the list being the main type.
 */
export const propertyRequestFormSchema = z
  .object({
    listing_type: z.enum(REQUEST_LISTING_TYPES, { error: "Choose buy or rent" }),
    property_type: z.enum(PROPERTY_TYPES, { error: "Choose a property type" }).optional(),
    property_types: z
      .array(z.enum(PROPERTY_TYPES, { error: "Choose a property type" }))
      .max(PROPERTY_TYPES.length)
      .optional(),
    locations: z
      .array(singleLine().min(2).max(80))
      .min(1, "Name at least one location")
      .max(10, "Name at most 10 locations"),
    budget_min: money.optional(),
    budget_max: money,
    currency: z.enum(CURRENCIES).default("GHS"),
    bedrooms_min: beds.optional(),
    bedrooms_max: beds.optional(),
    area_min_sqm: areaSqm.optional(),
    area_max_sqm: areaSqm.optional(),
    move_in_date: dateSchema.optional(),
    timeline: z.enum(REQUEST_TIMELINES, { error: "Choose a timeline" }),
    notes: optionalText(3000),
    ...contactDetails,
  })
  .superRefine((v, ctx) => {
    if (v.budget_min !== undefined && v.budget_min > v.budget_max)
      ctx.addIssue({
        code: "custom",
        path: ["budget_max"],
        message: "Maximum budget must be at least the minimum",
      });
    if (v.bedrooms_min !== undefined && v.bedrooms_max !== undefined && v.bedrooms_min > v.bedrooms_max)
      ctx.addIssue({
        code: "custom",
        path: ["bedrooms_max"],
        message: "Maximum bedrooms must be at least the minimum",
      });
    if (v.area_min_sqm !== undefined && v.area_max_sqm !== undefined && v.area_min_sqm > v.area_max_sqm)
      ctx.addIssue({
        code: "custom",
        path: ["area_max_sqm"],
        message: "Maximum area must be at least the minimum",
      });
    if (!v.property_type && !v.property_types?.length)
      ctx.addIssue({
        code: "custom",
        path: ["property_types"],
        message: "Choose at least one property type",
      });
  })
  .transform(({ property_type, property_types, ...rest }) => {
    const types = [...new Set([...(property_types ?? []), ...(property_type ? [property_type] : [])])];
    return { ...rest, property_type: property_types?.[0] ?? property_type!, property_types: types };
  });
export type PropertyRequestForm = z.input<typeof propertyRequestFormSchema>;
export type PropertyRequest = z.output<typeof propertyRequestFormSchema>;

export const FORM_SCHEMAS = {
  contact: contactFormSchema,
  consultation: consultationFormSchema,
  booking: bookingFormSchema,
  "property-request": propertyRequestFormSchema,
} as const;

/** Database table per form kind (checked against the generated Database type). */
export const FORM_TABLES = {
  contact: "contact_submissions",
  consultation: "consultations",
  booking: "bookings",
  "property-request": "property_requests",
} as const satisfies Record<FormKind, keyof Database["public"]["Tables"]>;
export type FormTable = (typeof FORM_TABLES)[FormKind];

/** Response bodies of the form API. */
export const formCreatedSchema = z.object({ id: z.string(), status: z.string().optional() });
export const formErrorsSchema = z.object({
  errors: z.record(z.string(), z.string()),
  /** A 409 of the booking forms: the next free times. */
  next: z.array(z.object({ start: z.string(), end: z.string() })).optional(),
});

/** Flattens zod issues into {field: first message} (field "_form" for object-level issues). */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? String(issue.path[0]) : "_form";
    out[key] ??= issue.message;
  }
  return out;
}
