/**
 * Rows of the four inboxes as the back-office reads them: the columns each
 * list selects and one schema that parses any of them (fields of other inboxes are simply
 * absent), so the shared inbox screen works with one row type. Also notes, replies, templates.
 */
import { z } from "zod";
import type { InboxId } from "./inbox-model.ts";

const num = z.coerce.number();
const numOrNull = z.union([z.null(), z.coerce.number()]);

export const inboxRowSchema = z.object({
  id: z.string(),
  full_name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  status: z.string(),
  assignee_id: z.string().nullable(),
  source_host: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  last_reply_at: z.string().nullable(),
  // The business contact / deal it was converted into (convert_inbox_to_contact / _deal).
  contact_id: z.string().nullish(),
  deal_id: z.string().nullish(),
  message: z.string().nullish(),
  // contact_submissions
  subject: z.string().nullish(),
  // contact_submissions, bookings
  property_slug: z.string().nullish(),
  property_id: z.string().nullish(),
  // The listing's title, embedded in the same request (a slug is an address, not a name).
  property: z.object({ title: z.string() }).nullish(),
  // consultations
  service: z.string().nullish(),
  meeting_mode: z.string().nullish(),
  // consultations, bookings
  starts_at: z.string().nullish(),
  ends_at: z.string().nullish(),
  event_type_id: z.string().nullish(),
  duration_minutes: num.nullish(),
  confirmed_at: z.string().nullish(),
  attendees: num.nullish(),
  // property_requests
  listing_type: z.string().nullish(),
  property_type: z.string().nullish(),
  property_types: z.array(z.string()).nullish(),
  locations: z.array(z.string()).nullish(),
  budget_min: numOrNull.optional(),
  budget_max: num.nullish(),
  currency: z.string().nullish(),
  bedrooms_min: numOrNull.optional(),
  bedrooms_max: numOrNull.optional(),
  area_min_sqm: numOrNull.optional(),
  area_max_sqm: numOrNull.optional(),
  move_in_date: z.string().nullish(),
  timeline: z.string().nullish(),
  notes: z.string().nullish(),
});
export type InboxRow = z.infer<typeof inboxRowSchema>;

const COMMON =
  "id, full_name, email, phone, status, assignee_id, source_host, created_at, updated_at, last_reply_at, contact_id, deal_id";
const LISTING = "property:properties(title)";
export const INBOX_COLUMNS: Record<InboxId, string> = {
  contact_submissions: `${COMMON}, subject, message, property_slug, property_id, ${LISTING}`,
  consultations: `${COMMON}, service, meeting_mode, message, starts_at, ends_at, event_type_id, duration_minutes, confirmed_at`,
  bookings: `${COMMON}, property_id, property_slug, ${LISTING}, attendees, message, starts_at, ends_at, event_type_id, duration_minutes, confirmed_at`,
  property_requests: `${COMMON}, listing_type, property_type, property_types, locations, budget_min, budget_max, currency, bedrooms_min, bedrooms_max, area_min_sqm, area_max_sqm, move_in_date, timeline, notes`,
};

export const inboxNoteSchema = z.object({
  id: z.string(),
  author_id: z.string().nullable(),
  body: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type InboxNote = z.infer<typeof inboxNoteSchema>;
export const INBOX_NOTE_MAX = 5000;
export const noteBodySchema = z
  .string()
  .trim()
  .min(1, "Write a note")
  .max(INBOX_NOTE_MAX, `Keep it under ${INBOX_NOTE_MAX} characters`);

export const inboxReplySchema = z.object({
  id: z.string(),
  kind: z.enum(["reply", "matches"]),
  to_address: z.string(),
  subject: z.string(),
  body: z.string(),
  sent_by: z.string().nullable(),
  delivery_status: z.enum(["pending", "sent", "failed"]),
  address_had_bounced: z.boolean(),
  created_at: z.string(),
});
export type InboxReply = z.infer<typeof inboxReplySchema>;

export const replyTemplateSchema = z.object({
  id: z.string(),
  inbox: z.string().nullable(),
  channel: z.enum(["email", "whatsapp"]),
  name: z.string(),
  subject: z.string().nullable(),
  body: z.string(),
});
export type ReplyTemplate = z.infer<typeof replyTemplateSchema>;

export const replyFormSchema = z.object({
  subject: z.string().trim().min(1, "Write a subject").max(300, "Keep the subject under 300 characters"),
  body: z.string().trim().min(1, "Write a message").max(20000, "Keep the message under 20,000 characters"),
});
export type ReplyForm = z.infer<typeof replyFormSchema>;

/** What convert_inbox_to_contact answers: the contact, whether it was new, whether the caller may open it. */
export const convertedContactSchema = z.object({
  contact_id: z.string(),
  created: z.boolean(),
  visible: z.boolean(),
});
export type ConvertedContact = z.infer<typeof convertedContactSchema>;
/** What convert_inbox_to_deal answers. */
export const convertedDealSchema = z.object({
  deal_id: z.string(),
  contact_id: z.string(),
  created: z.boolean(),
});
export type ConvertedDeal = z.infer<typeof convertedDealSchema>;
/** What convert_inbox_to_task answers (created false: the record's task existed already). */
export const convertedTaskSchema = z.object({
  task_id: z.string(),
  contact_id: z.string().nullable(),
  created: z.boolean(),
});
export type ConvertedTask = z.infer<typeof convertedTaskSchema>;
