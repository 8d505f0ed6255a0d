/**
 * The only place that queries the four inbox tables and their notes, replies and templates,
 * for the four inbox modules (consultations, booking-management,
 * contact-submissions, property-requests), which share it through app/lib. Rows are parsed with
 * core's schemas; RLS decides what comes back (module "inbox"); the database enforces the status
 * workflow, the host lock and who may be assigned.
 */
import { z } from "zod";
import type { RowsPage } from "#core/records/fetch-all-pages.ts";
import { rowRange } from "#core/records/list-query.ts";
import { updateUnlessStale } from "#core/records/update-unless-stale.ts";
import { UNASSIGNED, type InboxListQuery } from "#core/inbox/inbox-list.ts";
import type { InboxId } from "#core/inbox/inbox-model.ts";
import {
  INBOX_COLUMNS,
  convertedContactSchema,
  convertedDealSchema,
  convertedTaskSchema,
  inboxNoteSchema,
  inboxReplySchema,
  inboxRowSchema,
  replyTemplateSchema,
  type InboxNote,
  type InboxReply,
  type ConvertedContact,
  type ConvertedDeal,
  type ConvertedTask,
  type InboxRow,
  type ReplyTemplate,
} from "#core/inbox/inbox-schema.ts";
import type { SupabaseClient } from "@supabase/supabase-js";
import { supabase } from "#app/lib/supabase.ts";
import { listSearchTerm } from "#core/search/search-term.ts";

/**
 * The four inbox tables share their workflow columns but not the rest, so one query builder for
 * "any of them" is loosely typed; every row read is parsed with core's schema instead.
 */
const anyInbox = (inbox: InboxId) => (supabase as unknown as SupabaseClient).from(inbox);
const anyRpc = (fn: string, args: Record<string, unknown>, opts?: { count: "exact" }) =>
  (supabase as unknown as SupabaseClient).rpc(fn, args, opts);

const SEARCH_RPC = {
  contact_submissions: "search_contact_submissions",
  consultations: "search_consultations",
  bookings: "search_bookings",
  property_requests: "search_property_requests",
} as const satisfies Record<InboxId, string>;

const rows = z.array(inboxRowSchema);

/** One page of an inbox (or any range of it), with the total. */
export async function listInbox(
  inbox: InboxId,
  query: InboxListQuery,
  range = rowRange(query),
): Promise<RowsPage<InboxRow>> {
  const term = listSearchTerm(query.search);
  const columns = INBOX_COLUMNS[inbox];
  // A search goes through the trigram index, then the table's RLS (an ilike under RLS would scan).
  let req = term
    ? anyRpc(SEARCH_RPC[inbox], { term }, { count: "exact" }).select(columns)
    : anyInbox(inbox).select(columns, { count: "exact" });
  const f = query.filters;
  if (f.status) req = req.eq("status", f.status);
  if (f.assignee)
    req = f.assignee === UNASSIGNED ? req.is("assignee_id", null) : req.eq("assignee_id", f.assignee);
  if (f.service) req = req.eq("service", f.service);
  if (f.deal) req = req.eq("listing_type", f.deal);
  if (query.sort)
    req = req.order(query.sort.column, { ascending: query.sort.direction === "asc", nullsFirst: false });
  req = req.order("id", { ascending: true }).range(range.from, range.to);
  const { data, error, count } = await req;
  if (error) throw error;
  return { rows: rows.parse(data), total: count ?? null };
}

export async function getInboxRecord(inbox: InboxId, id: string): Promise<InboxRow> {
  const { data, error } = await anyInbox(inbox).select(INBOX_COLUMNS[inbox]).eq("id", id).single();
  if (error) throw error;
  return inboxRowSchema.parse(data);
}

/** Records per status the user may see (optionally of one assignee): the status tabs' counts. */
export async function inboxStatusCounts(
  inbox: InboxId,
  assignee?: string | null,
): Promise<Record<string, number>> {
  const { data, error } = await supabase.rpc("inbox_status_counts", {
    inbox,
    ...(assignee && assignee !== UNASSIGNED ? { assignee } : {}),
  });
  if (error) throw error;
  const parsed = z.array(z.object({ status: z.string(), records: z.coerce.number() })).parse(data);
  return Object.fromEntries(parsed.map((r) => [r.status, r.records]));
}

/** Submissions since a time per inbox (spam left out), as the user may see them: the dashboard. */
export async function inboxNewCounts(
  since?: Date,
): Promise<Array<{ inbox: string; records: number; unassigned: number }>> {
  const { data, error } = await supabase.rpc("inbox_new_counts", since ? { since: since.toISOString() } : {});
  if (error) throw error;
  return z
    .array(z.object({ inbox: z.string(), records: z.coerce.number(), unassigned: z.coerce.number() }))
    .parse(data);
}

export type InboxPatch = { status?: string; assignee_id?: string | null; starts_at?: string };

/** Saves a change unless someone changed the record since `version` (its updated_at when shown). */
export async function updateInboxRecord(
  inbox: InboxId,
  id: string,
  version: string,
  patch: InboxPatch,
): Promise<InboxRow> {
  const row = await updateUnlessStale(
    anyInbox(inbox)
      .update(patch)
      .eq("id", id)
      .eq("updated_at", version)
      .select(INBOX_COLUMNS[inbox])
      .maybeSingle(),
    () => anyInbox(inbox).select("updated_at").eq("id", id).maybeSingle(),
  );
  return inboxRowSchema.parse(row);
}

// ── Notes ─────────────────────────────────────────────────────────────────────────────────────

export async function listNotes(inbox: InboxId, recordId: string): Promise<InboxNote[]> {
  const { data, error } = await supabase
    .from("inbox_notes")
    .select("id, author_id, body, created_at, updated_at")
    .eq("record_table", inbox)
    .eq("record_id", recordId)
    .order("created_at", { ascending: false })
    .limit(200);
  if (error) throw error;
  return z.array(inboxNoteSchema).parse(data);
}

export async function addNote(
  inbox: InboxId,
  recordId: string,
  authorId: string,
  body: string,
): Promise<void> {
  const { error } = await supabase
    .from("inbox_notes")
    .insert({ record_table: inbox, record_id: recordId, author_id: authorId, body });
  if (error) throw error;
}

export async function deleteNote(id: string): Promise<void> {
  const { error } = await supabase.from("inbox_notes").delete().eq("id", id);
  if (error) throw error;
}

// ── Replies ───────────────────────────────────────────────────────────────────────────────────

export async function listReplies(inbox: InboxId, recordId: string): Promise<InboxReply[]> {
  const { data, error } = await supabase
    .from("inbox_replies")
    .select("id, kind, to_address, subject, body, sent_by, delivery_status, address_had_bounced, created_at")
    .eq("record_table", inbox)
    .eq("record_id", recordId)
    .order("created_at", { ascending: false })
    .limit(100);
  if (error) throw error;
  return z.array(inboxReplySchema).parse(data);
}

/** Where a reply goes and when mail to that address last bounced (null: never). */
export async function replyAddress(
  inbox: InboxId,
  recordId: string,
): Promise<{ address: string; bouncedAt: string | null } | null> {
  const { data, error } = await supabase.rpc("inbox_reply_address", { inbox, record_id: recordId });
  if (error) throw error;
  const row = z.array(z.object({ to_address: z.string(), bounced_at: z.string().nullable() })).parse(data)[0];
  return row ? { address: row.to_address, bouncedAt: row.bounced_at } : null;
}

export async function sendReply(
  inbox: InboxId,
  recordId: string,
  subject: string,
  body: string,
): Promise<InboxReply> {
  const { data, error } = await supabase.rpc("send_inbox_reply", {
    inbox,
    record_id: recordId,
    subject,
    body,
  });
  if (error) throw error;
  return inboxReplySchema.parse(data);
}

export async function listTemplates(): Promise<ReplyTemplate[]> {
  const { data, error } = await supabase
    .from("inbox_reply_templates")
    .select("id, inbox, channel, name, subject, body")
    .order("name");
  if (error) throw error;
  return z.array(replyTemplateSchema).parse(data);
}

// ── Conversion into the CRM (contacts de-duplicated on phone/e-mail; the timeline) ───────────

export async function convertToContact(inbox: InboxId, recordId: string): Promise<ConvertedContact> {
  const { data, error } = await supabase.rpc("convert_inbox_to_contact", { inbox, record_id: recordId });
  if (error) throw error;
  return convertedContactSchema.parse(data);
}

export async function convertToDeal(inbox: InboxId, recordId: string): Promise<ConvertedDeal> {
  const { data, error } = await supabase.rpc("convert_inbox_to_deal", { inbox, record_id: recordId });
  if (error) throw error;
  return convertedDealSchema.parse(data);
}

/** A task about the record's contact, for the record's assignee, due the next working day (once per record). */
export async function convertToTask(inbox: InboxId, recordId: string): Promise<ConvertedTask> {
  const { data, error } = await supabase.rpc("convert_inbox_to_task", { inbox, record_id: recordId });
  if (error) throw error;
  return convertedTaskSchema.parse(data);
}
