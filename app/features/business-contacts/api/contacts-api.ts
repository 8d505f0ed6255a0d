/**
 * The only place that queries the contacts module's tables and functions (contacts,
 * contact_activities, the de-duplication, merge, import, timeline and Act 843 RPCs, the WhatsApp
 * opt-in). Every row
 * is parsed with core's schemas; RLS decides what comes back (record-level access of module
 * "contacts"); the table normalises phones and e-mails whoever writes.
 */
import { z } from "zod";
import {
  CONSENT_SOURCES,
  CONTACT_BRIEF_COLUMNS,
  CONTACT_ROW_COLUMNS,
  contactBriefSchema,
  contactRowSchema,
  type ConsentSource,
  type ContactBrief,
  type ContactFormOutput,
  type ContactRow,
} from "#core/business-contacts/contact-schema.ts";
import { MINE, NO_OWNER, type ContactListQuery } from "#core/business-contacts/contact-list.ts";
import {
  TIMELINE_PAGE_SIZE,
  timelineRowSchema,
  type QuickLogOutput,
  type TimelineRow,
} from "#core/business-contacts/activity-schema.ts";
import { importProblemsSchema, type ImportRowValues } from "#core/business-contacts/contact-import.ts";
import type { RowsPage } from "#core/records/fetch-all-pages.ts";
import { rowRange } from "#core/records/list-query.ts";
import { ownRecordsFilter } from "#core/records/own-records.ts";
import { searchPattern } from "#core/records/search-filter.ts";
import { updateUnlessStale } from "#core/records/update-unless-stale.ts";
import type { Json } from "#core/database.types.ts";
import { supabase } from "#app/lib/supabase.ts";
import { listSearchTerm } from "#core/search/search-term.ts";

const TABLE = "contacts";
const rows = z.array(contactRowSchema);

/** One page of the list (or any range of it, for the CSV export), with the total. */
export async function listContacts(
  query: ContactListQuery,
  userId: string | null,
  own: string | null = null,
  range = rowRange(query),
): Promise<RowsPage<ContactRow>> {
  // A search goes through search_contacts (the search documents' index, then RLS): an ilike
  // under RLS would scan every row. A phone matches in any Ghanaian format.
  const term = listSearchTerm(query.search);
  let req = term
    ? supabase.rpc("search_contacts", { term }, { count: "exact" }).select(CONTACT_ROW_COLUMNS)
    : supabase.from(TABLE).select(CONTACT_ROW_COLUMNS, { count: "exact" });
  const f = query.filters;
  if (f.kind) req = req.eq("kind", f.kind);
  if (f.type?.length) req = req.in("type", f.type);
  if (f.stage?.length) req = req.in("stage", f.stage);
  if (f.source?.length) req = req.in("source", f.source);
  if (f.tag) req = req.contains("tags", [f.tag]);
  if (f.consent) req = req.eq("consent_status", f.consent);
  if (f.city) {
    const pattern = searchPattern(f.city);
    if (pattern) req = req.ilike("city", pattern);
  }
  if (f.owner === NO_OWNER) req = req.is("owner_id", null);
  else if (f.owner === MINE && userId) req = req.or(ownRecordsFilter(userId));
  else if (f.owner && f.owner !== MINE) req = req.eq("owner_id", f.owner);
  // Staff limited to their own: the policy's test repeated, so the owner/assignee indexes serve it.
  if (own && f.owner !== MINE) req = req.or(ownRecordsFilter(own));
  if (query.sort)
    req = req.order(query.sort.column, { ascending: query.sort.direction === "asc", nullsFirst: false });
  req = req.order("id", { ascending: true }).range(range.from, range.to);
  const { data, error, count } = await req;
  if (error) throw error;
  return { rows: rows.parse(data), total: count ?? null };
}

export async function getContact(id: string): Promise<ContactRow> {
  const { data, error } = await supabase.from(TABLE).select(CONTACT_ROW_COLUMNS).eq("id", id).single();
  if (error) throw error;
  return contactRowSchema.parse(data);
}

export async function createContact(values: ContactFormOutput): Promise<ContactRow> {
  const { data, error } = await supabase.from(TABLE).insert(values).select(CONTACT_ROW_COLUMNS).single();
  if (error) throw error;
  return contactRowSchema.parse(data);
}

/** Saves an edit only if nobody saved the contact since `version`. */
export async function updateContact(
  id: string,
  version: string,
  patch: Partial<ContactFormOutput>,
): Promise<ContactRow> {
  const row = await updateUnlessStale(
    supabase
      .from(TABLE)
      .update(patch)
      .eq("id", id)
      .eq("updated_at", version)
      .select(CONTACT_ROW_COLUMNS)
      .maybeSingle(),
    () => supabase.from(TABLE).select("updated_at").eq("id", id).maybeSingle(),
  );
  return contactRowSchema.parse(row);
}

export async function deleteContact(id: string): Promise<void> {
  const { data, error } = await supabase.from(TABLE).delete().eq("id", id).select("id");
  if (error) throw error;
  if (!data?.length) throw { code: "PGRST116", message: "not found" };
}

export const whatsappOptInSchema = z.object({
  whatsapp_opt_in: z.boolean(),
  whatsapp_opt_in_source: z.enum(CONSENT_SOURCES).nullable(),
  whatsapp_opt_in_at: z.string().nullable(),
});
export type WhatsAppOptIn = z.output<typeof whatsappOptInSchema>;
const OPT_IN_COLUMNS = Object.keys(whatsappOptInSchema.shape).join(", ");

export async function getWhatsAppOptIn(id: string): Promise<WhatsAppOptIn> {
  const { data, error } = await supabase.from(TABLE).select(OPT_IN_COLUMNS).eq("id", id).single();
  if (error) throw error;
  return whatsappOptInSchema.parse(data);
}

/** Records the WhatsApp opt-in (or its withdrawal) and where it was given; the database dates it. */
export async function setWhatsAppOptIn(
  id: string,
  optIn: boolean,
  source: ConsentSource,
): Promise<WhatsAppOptIn> {
  const { data, error } = await supabase
    .from(TABLE)
    .update({ whatsapp_opt_in: optIn, whatsapp_opt_in_source: source })
    .eq("id", id)
    .select(OPT_IN_COLUMNS)
    .maybeSingle();
  if (error) throw error;
  if (!data) throw { code: "42501", message: "permission denied" };
  return whatsappOptInSchema.parse(data);
}

/** Contacts the user may see with the same phone or e-mail (the check before a create). */
export async function findDuplicates(
  phone: string | null,
  email: string | null,
  excludeId?: string,
): Promise<ContactBrief[]> {
  if (!phone && !email) return [];
  const { data, error } = await supabase
    .rpc("contact_duplicates", { phone: phone ?? undefined, email: email ?? undefined })
    .select(CONTACT_BRIEF_COLUMNS);
  if (error) throw error;
  return z
    .array(contactBriefSchema)
    .parse(data)
    .filter((c) => c.id !== excludeId);
}

const batchHit = z.object({
  row_index: z.number(),
  id: z.string(),
  display_name: z.string(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  owner_id: z.string().nullable(),
  matched_on: z.enum(["phone", "email"]),
});
export type DuplicateHit = z.output<typeof batchHit>;

/** For each import row (1-based, in the order given), the existing contacts it matches. */
export async function findDuplicatesBatch(
  phones: (string | null)[],
  emails: (string | null)[],
): Promise<DuplicateHit[]> {
  const { data, error } = await supabase.rpc("contact_duplicates_batch", {
    phones: phones.map((p) => p ?? ""),
    emails: emails.map((e) => e ?? ""),
  });
  if (error) throw error;
  return z.array(batchHit).parse(data);
}

export async function mergeContacts(keepId: string, mergeId: string): Promise<ContactRow> {
  const { data, error } = await supabase
    .rpc("merge_contacts", { keep_id: keepId, merge_id: mergeId })
    .select(CONTACT_ROW_COLUMNS)
    .single();
  if (error) throw error;
  return contactRowSchema.parse(data);
}

/** The import refused: which payload rows, and why. */
export class ImportRefused extends Error {
  constructor(
    message: string,
    readonly problems: { row: number; message: string }[],
  ) {
    super(message);
    this.name = "ImportRefused";
  }
}

export async function importContacts(
  payload: Array<ImportRowValues & { merge_into?: string }>,
): Promise<{ created: number; merged: number }> {
  const { data, error } = await supabase.rpc("import_contacts", { rows: payload as unknown as Json });
  if (error) {
    let problems: { row: number; message: string }[];
    try {
      problems = importProblemsSchema.parse(JSON.parse(error.details ?? "[]"));
    } catch {
      problems = [];
    }
    if (problems.length) throw new ImportRefused(error.message, problems);
    throw error;
  }
  return z.object({ created: z.number(), merged: z.number() }).parse(data);
}

/** Everything held about the contact (Act 843), as the database assembles it. */
export async function exportContact(id: string): Promise<Record<string, unknown>> {
  const { data, error } = await supabase.rpc("export_contact", { contact_id: id });
  if (error) throw error;
  return z.record(z.string(), z.unknown()).parse(data);
}

export async function anonymiseContact(id: string, reason: string): Promise<ContactRow> {
  const { data, error } = await supabase
    .rpc("anonymise_contact", { contact_id: id, reason })
    .select(CONTACT_ROW_COLUMNS)
    .single();
  if (error) throw error;
  return contactRowSchema.parse(data);
}

// ── The timeline ─────────────────────────────────────────────────────────────────────────────

export const TIMELINE_PAGE = TIMELINE_PAGE_SIZE;

export async function getTimeline(contactId: string, before: string | null): Promise<TimelineRow[]> {
  const { data, error } = await supabase.rpc("contact_timeline", {
    contact_id: contactId,
    before: before ?? undefined,
    max_rows: TIMELINE_PAGE,
  });
  if (error) throw error;
  return z.array(timelineRowSchema).parse(data);
}

export async function logActivity(
  contactId: string,
  actorId: string,
  values: QuickLogOutput & { record_table?: string | null; record_id?: string | null },
): Promise<void> {
  const { error } = await supabase
    .from("contact_activities")
    .insert({ contact_id: contactId, actor_id: actorId, ...values });
  if (error) throw error;
}

export async function deleteActivity(id: string): Promise<void> {
  const { data, error } = await supabase.from("contact_activities").delete().eq("id", id).select("id");
  if (error) throw error;
  if (!data?.length) throw { code: "42501", message: "permission denied" };
}

const linkedSchema = z.object({
  table_name: z.string(),
  column_name: z.string(),
  record_id: z.string(),
  label: z.string(),
  status: z.string().nullable(),
  created_at: z.string().nullable(),
});
export type LinkedRecord = z.output<typeof linkedSchema>;

export async function getLinkedRecords(contactId: string): Promise<LinkedRecord[]> {
  const { data, error } = await supabase.rpc("contact_linked_records", { contact_id: contactId });
  if (error) throw error;
  return z.array(linkedSchema).parse(data);
}

/** The dashboard's "My leads": the user's own or assigned contacts at the lead stage, newest first. */
export async function myLeads(userId: string, limit = 8): Promise<{ rows: ContactBrief[]; total: number }> {
  const { data, error, count } = await supabase
    .from(TABLE)
    .select(CONTACT_BRIEF_COLUMNS, { count: "exact" })
    .eq("stage", "lead")
    .or(ownRecordsFilter(userId))
    .order("created_at", { ascending: false })
    .limit(limit);
  if (error) throw error;
  return { rows: z.array(contactBriefSchema).parse(data), total: count ?? 0 };
}
