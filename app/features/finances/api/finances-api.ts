/**
 * The only place that queries the finances' tables (finance_entries, finance_attachments,
 * finance_accounts, finance_categories, money_settings) and their reports. RLS decides: staff see
 * and change the pending entries they recorded, admins all and approve; payments' income is the
 * payments' own (not editable here).
 */
import { z } from "zod";
import {
  accountRowSchema,
  categoryRowSchema,
  categoryTotalSchema,
  ENTRY_ROW_COLUMNS,
  entryRowSchema,
  FINANCE_RECEIPTS_BUCKET,
  reportRowSchema,
  type AccountKind,
  type EntryFormOutput,
  type EntryListQuery,
  type EntryRow,
  type EntryStatus,
  type ReportGrain,
} from "#core/finances/finances.ts";
import { minorToDecimal } from "#core/money/minor-units.ts";
import { extensionFor } from "#core/records/file-rules.ts";
import type { RowsPage } from "#core/records/fetch-all-pages.ts";
import { rowRange } from "#core/records/list-query.ts";
import { uploadWithProgress } from "#app/lib/storage-upload-api.ts";
import { supabase } from "#app/lib/supabase.ts";

export async function financeReport(from: string, to: string, grain: ReportGrain) {
  const { data, error } = await supabase.rpc("finance_report", { from_date: from, to_date: to, grain });
  if (error) throw error;
  return z.array(reportRowSchema).parse(data);
}

export async function categoryTotals(from: string, to: string) {
  const { data, error } = await supabase.rpc("finance_category_totals", { from_date: from, to_date: to });
  if (error) throw error;
  return z.array(categoryTotalSchema).parse(data);
}

export async function listEntries(
  query: EntryListQuery,
  range = rowRange(query),
): Promise<RowsPage<EntryRow>> {
  let req = supabase.from("finance_entries").select(ENTRY_ROW_COLUMNS, { count: "exact" });
  const f = query.filters;
  if (query.search.trim().length >= 2)
    req = req.ilike("description", `%${query.search.trim().replace(/[%_\\]/g, (c) => `\\${c}`)}%`);
  if (f.kind) req = req.eq("kind", f.kind);
  if (f.status?.length) req = req.in("status", f.status);
  if (f.category) req = req.eq("category_id", f.category);
  if (f.account) req = req.eq("account_id", f.account);
  if (f.from) req = req.gte("entry_date", f.from);
  if (f.to) req = req.lte("entry_date", f.to);
  if (query.sort) req = req.order(query.sort.column, { ascending: query.sort.direction === "asc" });
  req = req.order("id").range(range.from, range.to);
  const { data, error, count } = await req;
  if (error) throw error;
  return { rows: z.array(entryRowSchema).parse(data), total: count ?? null };
}

export async function listAccounts() {
  const { data, error } = await supabase
    .from("finance_accounts")
    .select("id, name, kind, institution, account_number, currency, is_active, position")
    .order("position");
  if (error) throw error;
  return z.array(accountRowSchema).parse(data);
}

export async function listCategories() {
  const { data, error } = await supabase
    .from("finance_categories")
    .select("id, kind, code, name, is_system, is_active, position")
    .order("kind")
    .order("position");
  if (error) throw error;
  return z.array(categoryRowSchema).parse(data);
}

/** Records an entry (pending for staff; an admin's is approved at once) and attaches its receipts. */
export async function createEntry(
  v: EntryFormOutput,
  ownerId: string,
  files: File[],
  approveNow: boolean,
): Promise<EntryRow> {
  const { data, error } = await supabase
    .from("finance_entries")
    .insert({
      kind: v.kind,
      entry_date: v.entry_date,
      amount: Number(minorToDecimal(v.amount)),
      currency: v.currency,
      vat_amount: Number(minorToDecimal(v.vat_amount)),
      category_id: v.category_id,
      account_id: v.account_id,
      description: v.description,
      counterparty: v.counterparty,
      reference: v.reference,
      owner_id: ownerId,
      status: approveNow ? "approved" : "pending",
    })
    .select(ENTRY_ROW_COLUMNS)
    .single();
  if (error) throw error;
  const entry = entryRowSchema.parse(data);
  for (const file of files) await attachReceipt(entry.id, file);
  return entry;
}

export async function attachReceipt(entryId: string, file: File): Promise<void> {
  const path = `${entryId}/${crypto.randomUUID()}.${extensionFor(file.type)}`;
  await uploadWithProgress({ bucket: FINANCE_RECEIPTS_BUCKET, path, file });
  const { error } = await supabase.from("finance_attachments").insert({
    entry_id: entryId,
    storage_path: path,
    file_name: file.name.slice(0, 255),
    mime_type: file.type,
    size_bytes: file.size,
  });
  if (error) {
    await supabase.storage.from(FINANCE_RECEIPTS_BUCKET).remove([path]);
    throw error;
  }
}

const attachmentSchema = z.object({
  id: z.string(),
  storage_path: z.string(),
  file_name: z.string(),
  mime_type: z.string(),
  size_bytes: z.number(),
});
export async function listReceipts(entryId: string) {
  const { data, error } = await supabase
    .from("finance_attachments")
    .select("id, storage_path, file_name, mime_type, size_bytes")
    .eq("entry_id", entryId)
    .order("created_at");
  if (error) throw error;
  const rows = z.array(attachmentSchema).parse(data);
  if (!rows.length) return [];
  const signed = await supabase.storage.from(FINANCE_RECEIPTS_BUCKET).createSignedUrls(
    rows.map((r) => r.storage_path),
    3600,
  );
  if (signed.error) throw signed.error;
  return rows.map((r, i) => ({ ...r, url: signed.data[i]?.signedUrl ?? null }));
}

export async function setEntryStatus(
  ids: string[],
  status: EntryStatus,
  reason: string | null,
): Promise<void> {
  const { error } = await supabase
    .from("finance_entries")
    .update({ status, rejection_reason: status === "rejected" ? reason : null })
    .in("id", ids);
  if (error) throw error;
}

export async function deleteEntry(id: string): Promise<void> {
  const { error } = await supabase.from("finance_entries").delete().eq("id", id);
  if (error) throw error;
}

export async function createAccount(v: {
  name: string;
  kind: AccountKind;
  institution: string | null;
  account_number: string | null;
  currency: "GHS" | "USD";
}) {
  const { error } = await supabase.from("finance_accounts").insert(v);
  if (error) throw error;
}

export async function getReminderOffsets(): Promise<number[]> {
  const { data, error } = await supabase.from("money_settings").select("reminder_offsets").maybeSingle();
  if (error) throw error;
  return z.array(z.number()).parse(data?.reminder_offsets ?? []);
}

export async function setReminderOffsets(offsets: number[]): Promise<void> {
  const { error } = await supabase
    .from("money_settings")
    .update({ reminder_offsets: offsets })
    .eq("id", true);
  if (error) throw error;
}
