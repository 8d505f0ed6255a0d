/**
 * A contact's timeline (the table contract is in migration
 * …_crm_contacts_deals.sql): the kinds people log by hand and their labels, the row schema of
 * public.contact_timeline(), the quick "log a call / WhatsApp / note" form, and where a
 * timeline row's linked record opens in the back-office.
 */
import { z } from "zod";

/** Logged by hand from the contact page (the rest are written by the modules that own them). */
export const HAND_LOGGED_KINDS = ["note", "call", "whatsapp", "sms", "email", "meeting"] as const;
export type HandLoggedKind = (typeof HAND_LOGGED_KINDS)[number];

/** Activities that count as contacting someone (goals: leads contacted). */
export const CONTACTING_KINDS = ["call", "whatsapp", "sms", "email", "meeting"] as const;

export const ACTIVITY_KIND_LABELS: Record<string, string> = {
  note: "Note",
  call: "Call",
  whatsapp: "WhatsApp",
  sms: "SMS",
  email: "E-mail",
  meeting: "Meeting",
  viewing: "Viewing",
  consultation: "Consultation",
  booking: "Booking",
  form_submission: "Form submission",
  request: "Property request",
  deal: "Deal",
  task: "Task",
  event: "Event",
  invoice: "Invoice",
  payment: "Payment",
  campaign: "Campaign",
  partner: "Partner",
  merge: "Merged",
  anonymised: "Anonymised",
  data_export: "Data export",
};

export function activityKindLabel(kind: string): string {
  return ACTIVITY_KIND_LABELS[kind] ?? kind.replaceAll("_", " ").replace(/^./, (c) => c.toUpperCase());
}

/** Rows per page of a timeline ("Show older" asks for the next). */
export const TIMELINE_PAGE_SIZE = 30;

export const timelineRowSchema = z.object({
  id: z.string(),
  /** activity: contact_activities; email: a queued mail; record: a linked record itself (deal and listing timelines). */
  source: z.enum(["activity", "email", "record"]),
  kind: z.string(),
  direction: z.enum(["inbound", "outbound"]).nullable(),
  summary: z.string(),
  body: z.string().nullable(),
  record_table: z.string().nullable(),
  record_id: z.string().nullable(),
  occurred_at: z.string(),
  actor_id: z.string().nullable(),
  details: z.record(z.string(), z.unknown()).nullable(),
});
export type TimelineRow = z.output<typeof timelineRowSchema>;

/** Where a timeline row's linked record opens (one table for every screen). */
export { recordPath } from "../records/record-links.ts";

/** The quick log on the contact page. */
export const quickLogSchema = z.object({
  kind: z.enum(HAND_LOGGED_KINDS, { error: "Choose what you are logging" }),
  direction: z
    .union([z.literal(""), z.enum(["inbound", "outbound"])])
    .transform((v) => (v === "" ? null : v)),
  summary: z
    .string()
    .trim()
    .min(1, "Write one line about it")
    .max(300, "Keep the summary under 300 characters"),
  body: z
    .string()
    .trim()
    .max(10_000, "Keep the details under 10,000 characters")
    .transform((s) => s || null),
  occurred_at: z.string().transform((s, ctx) => {
    if (!s) return new Date().toISOString();
    const t = Date.parse(s);
    if (Number.isNaN(t)) {
      ctx.addIssue({ code: "custom", message: "Enter when it happened" });
      return z.NEVER;
    }
    if (t > Date.now() + 5 * 60_000) {
      ctx.addIssue({ code: "custom", message: "Something that happened cannot be in the future" });
      return z.NEVER;
    }
    return new Date(t).toISOString();
  }),
});
export type QuickLogInput = z.input<typeof quickLogSchema>;
export type QuickLogOutput = z.output<typeof quickLogSchema>;
