/**
 * The only place that queries the documents' tables (invoices, invoice_items, invoice_taxes,
 * tax_rates, invoice_reminders) and calls their functions (issue, void, credit note, convert,
 * send). Rows are parsed with core's schemas into minor units; RLS decides what comes back, and
 * the database refuses what the rules forbid (issued documents, totals, numbering).
 */
import { z } from "zod";
import type { TaxRateRow } from "#core/invoices-receipts/invoice-totals.ts";
import {
  DOCUMENT_ROW_COLUMNS,
  DOCUMENT_SEARCH_MIN_LENGTH,
  documentRowSchema,
  ITEM_ROW_COLUMNS,
  itemRowSchema,
  minorSchema,
  TAX_ROW_COLUMNS,
  taxRowSchema,
  type DocumentFormOutput,
  type DocumentListQuery,
  type DocumentRow,
  type EvatFormInput,
} from "#core/invoices-receipts/documents.ts";
import type { RowsPage } from "#core/records/fetch-all-pages.ts";
import { rowRange } from "#core/records/list-query.ts";
import { updateUnlessStale } from "#core/records/update-unless-stale.ts";
import { todayInAccra } from "#core/form-fields.ts";
import { ownRecordsFilter } from "#core/records/own-records.ts";
import { retryOnConflict } from "#core/records/retry-on-conflict.ts";
import { keptInvoiceTotal, type InvoiceTotalArgs } from "#core/invoices-receipts/list-totals.ts";
import { receivablesRowSchema, totalsByCurrency, type PerCurrency } from "#core/reports/figures.ts";
import { supabase } from "#app/lib/supabase.ts";
import { listSearchTerm } from "#core/search/search-term.ts";

const rows = z.array(documentRowSchema);
const NULLABLE_SORTS: ReadonlySet<string> = new Set(["number", "issue_date", "due_date"]);

/**
 * One page of the documents list (or a range of it, for the CSV export), with the total. `own`:
 * the staff member's id when they see only their own documents — the policy's owner/assignee test
 * again as a literal filter, which the owner/assignee indexes serve (RLS still decides). The total
 * comes from the counts the database keeps when they cover the filter (core/invoices-receipts/list-totals.ts),
 * asked in parallel with the page; otherwise PostgREST counts the matching rows.
 */
export async function listDocuments(
  query: DocumentListQuery,
  own: string | null,
  range = rowRange(query),
  now = new Date(),
): Promise<RowsPage<DocumentRow>> {
  const kept = keptInvoiceTotal(query, own, DOCUMENT_SEARCH_MIN_LENGTH);
  const [page, keptTotal] = await Promise.all([
    documentsPage(query, own, range, now, !kept),
    kept ? invoiceListTotal(kept) : null,
  ]);
  if (!kept || keptTotal !== null) return { rows: page.rows, total: kept ? keptTotal : page.total };
  // The database answers kept totals only to who sees every document: count the rows instead.
  return documentsPage(query, own, range, now, true);
}

async function invoiceListTotal(args: InvoiceTotalArgs): Promise<number | null> {
  const { data, error } = await supabase.rpc("invoice_list_total", args);
  if (error) throw error;
  return data === null ? null : Number(data);
}

async function documentsPage(
  query: DocumentListQuery,
  own: string | null,
  range: { from: number; to: number },
  now: Date,
  countRows: boolean,
): Promise<RowsPage<DocumentRow>> {
  const term = listSearchTerm(query.search);
  const count = countRows ? "exact" : undefined;
  let req = term
    ? supabase.rpc("search_invoices", { term }, { count }).select(DOCUMENT_ROW_COLUMNS)
    : supabase.from("invoices").select(DOCUMENT_ROW_COLUMNS, { count });
  const f = query.filters;
  if (own) req = req.or(ownRecordsFilter(own));
  if (f.kind) req = req.eq("kind", f.kind);
  if (f.status?.length) {
    // Overdue is derived: open invoices due before today (Africa/Accra).
    const today = todayInAccra(now);
    const stored = f.status.filter((s) => s !== "overdue");
    const parts = stored.length ? [`status.in.(${stored.join(",")})`] : [];
    if (f.status.includes("overdue"))
      parts.push(`and(kind.eq.invoice,status.in.(sent,partially_paid),due_date.lt.${today})`);
    req = req.or(parts.join(","));
  }
  if (f.currency) req = req.eq("currency", f.currency);
  if (f.owner) req = req.eq("owner_id", f.owner);
  if (f.from) req = req.gte("issue_date", f.from);
  if (f.to) req = req.lte("issue_date", f.to);
  // Nulls last only on the columns drafts leave empty: on a NOT NULL column (updated_at, the
  // default) the clause would keep the (status, updated_at desc, id) order from the indexes.
  if (query.sort)
    req = req.order(query.sort.column, {
      ascending: query.sort.direction === "asc",
      ...(NULLABLE_SORTS.has(query.sort.column) ? { nullsFirst: false } : {}),
    });
  req = req.order("id", { ascending: true }).range(range.from, range.to);
  const { data, error, count: total } = await req;
  if (error) throw error;
  return { rows: rows.parse(data), total: total ?? null };
}

export async function getDocument(id: string): Promise<DocumentRow> {
  const { data, error } = await supabase.from("invoices").select(DOCUMENT_ROW_COLUMNS).eq("id", id).single();
  if (error) throw error;
  return documentRowSchema.parse(data);
}

export async function getItems(id: string) {
  const { data, error } = await supabase
    .from("invoice_items")
    .select(ITEM_ROW_COLUMNS)
    .eq("invoice_id", id)
    .order("position")
    .order("created_at");
  if (error) throw error;
  return z.array(itemRowSchema).parse(data);
}

export async function getTaxes(id: string) {
  const { data, error } = await supabase
    .from("invoice_taxes")
    .select(TAX_ROW_COLUMNS)
    .eq("invoice_id", id)
    .order("tax_class")
    .order("position");
  if (error) throw error;
  return z.array(taxRowSchema).parse(data);
}

const rateSchema = z.object({
  tax_class: z.string(),
  code: z.string(),
  name: z.string(),
  rate: z.union([z.number(), z.string()]).transform(String),
  valid_from: z.string(),
  valid_to: z.string().nullable(),
  position: z.number(),
});
export async function getTaxRates(): Promise<TaxRateRow[]> {
  const { data, error } = await supabase
    .from("tax_rates")
    .select("tax_class, code, name, rate, valid_from, valid_to, position")
    .order("valid_from");
  if (error) throw error;
  return z.array(rateSchema).parse(data);
}

/** The draft's columns from the form (the lines go to invoice_items). */
function draftColumns(v: DocumentFormOutput) {
  const { lines: _lines, ...cols } = v;
  return cols;
}

async function replaceLines(id: string, v: DocumentFormOutput): Promise<void> {
  const del = await supabase.from("invoice_items").delete().eq("invoice_id", id);
  if (del.error) throw del.error;
  const ins = await supabase.from("invoice_items").insert(
    v.lines.map((l, i) => ({
      invoice_id: id,
      position: i + 1,
      description: l.description,
      quantity: Number(l.quantity),
      unit_price: Number(l.unit_price),
      discount_percent: Number(l.discount_percent),
      tax_class: l.tax_class,
    })),
  );
  if (ins.error) throw ins.error;
}

export async function createDraft(v: DocumentFormOutput, ownerId: string): Promise<DocumentRow> {
  const { data, error } = await supabase
    .from("invoices")
    .insert({ ...draftColumns(v), owner_id: ownerId, created_by: ownerId })
    .select(DOCUMENT_ROW_COLUMNS)
    .single();
  if (error) throw error;
  const doc = documentRowSchema.parse(data);
  await replaceLines(doc.id, v);
  return getDocument(doc.id);
}

/** Saves a draft unless someone saved it since `version`; its lines are replaced as a whole. */
export async function updateDraft(id: string, version: string, v: DocumentFormOutput): Promise<DocumentRow> {
  const row = await updateUnlessStale(
    supabase
      .from("invoices")
      .update(draftColumns(v))
      .eq("id", id)
      .eq("updated_at", version)
      .select(DOCUMENT_ROW_COLUMNS)
      .maybeSingle(),
    () => supabase.from("invoices").select("updated_at").eq("id", id).maybeSingle(),
  );
  documentRowSchema.parse(row);
  await replaceLines(id, v);
  return getDocument(id);
}

/** A credit note's lines and reason (its other fields follow the invoice). */
export async function updateCreditNoteLines(
  id: string,
  v: Pick<DocumentFormOutput, "lines" | "notes">,
): Promise<DocumentRow> {
  const { error } = await supabase.from("invoices").update({ notes: v.notes }).eq("id", id);
  if (error) throw error;
  await replaceLines(id, v as DocumentFormOutput);
  return getDocument(id);
}

export async function deleteDraft(id: string): Promise<void> {
  const { error } = await supabase.from("invoices").delete().eq("id", id);
  if (error) throw error;
}

export async function issueDocument(id: string): Promise<string> {
  // A transaction undone by a lock conflict with a colleague's is sent again (nothing was issued).
  const { data, error } = await retryOnConflict(() => supabase.rpc("issue_invoice", { invoice_id: id }));
  if (error) throw error;
  return z.string().parse(data);
}

export async function voidDocument(id: string, reason: string): Promise<void> {
  const { error } = await supabase.rpc("void_invoice", { invoice_id: id, reason });
  if (error) throw error;
}

export async function createCreditNote(id: string, reason: string): Promise<string> {
  const { data, error } = await supabase.rpc("create_credit_note", { invoice_id: id, reason });
  if (error) throw error;
  return z.string().parse(data);
}

export async function convertQuote(id: string): Promise<string> {
  const { data, error } = await supabase.rpc("convert_quote", { quote_id: id });
  if (error) throw error;
  return z.string().parse(data);
}

export async function sendDocumentEmail(
  id: string,
  to: string | null,
  message: string | null,
): Promise<void> {
  const { error } = await supabase.rpc("send_invoice_email", {
    invoice_id: id,
    to_address: to ?? undefined,
    message: message ?? undefined,
  });
  if (error) throw error;
}

export async function recordEvat(id: string, v: EvatFormInput): Promise<void> {
  const { error } = await supabase
    .from("invoices")
    .update({
      gra_invoice_id: v.gra_invoice_id,
      gra_qr_code: v.gra_qr_code,
      gra_sdc_time: new Date(v.gra_sdc_time).toISOString(),
    })
    .eq("id", id);
  if (error) throw error;
}

/**
 * What the invoices the caller may see still owe and the overdue part, per currency (never
 * converted): public.report_receivables, the same figures as the reports and the dashboard.
 */
export async function receivablesSummary(): Promise<{
  overdueInvoices: number;
  outstanding: PerCurrency;
  overdue: PerCurrency;
}> {
  const { data, error } = await supabase.rpc("report_receivables", {});
  if (error) throw error;
  const rows = z.array(receivablesRowSchema).parse(data ?? []);
  return {
    overdueInvoices: rows.reduce((n, r) => n + r.overdue_invoices, 0),
    outstanding: totalsByCurrency(rows, (r) => r.outstanding),
    overdue: totalsByCurrency(rows, (r) => r.overdue),
  };
}

export async function listOverdue(limit: number, now = new Date()): Promise<DocumentRow[]> {
  const { data, error } = await supabase
    .from("invoices")
    .select(DOCUMENT_ROW_COLUMNS)
    .eq("kind", "invoice")
    .in("status", ["sent", "partially_paid"])
    .lt("due_date", todayInAccra(now))
    .order("due_date")
    .limit(limit);
  if (error) throw error;
  return rows.parse(data);
}

const reminderSchema = z.object({ offset_days: z.number(), reminded_on: z.string(), to_address: z.string() });
export async function getReminders(id: string) {
  const { data, error } = await supabase
    .from("invoice_reminders")
    .select("offset_days, reminded_on, to_address")
    .eq("invoice_id", id)
    .order("reminded_on");
  if (error) throw error;
  return z.array(reminderSchema).parse(data);
}

const settlementSchema = z.object({
  amount: minorSchema,
  created_at: z.string(),
  payments: z
    .object({ id: z.string(), number: z.string(), kind: z.string(), paid_on: z.string(), method: z.string() })
    .nullable(),
});
/** What was paid against a document (payments and refunds, through the allocations). */
export async function getSettlements(id: string) {
  const { data, error } = await supabase
    .from("payment_allocations")
    .select("amount, created_at, payments(id, number, kind, paid_on, method)")
    .eq("invoice_id", id)
    .order("created_at");
  if (error) throw error;
  return z.array(settlementSchema).parse(data);
}

/** Credit notes issued against an invoice. */
export async function getCreditNotes(id: string): Promise<DocumentRow[]> {
  const { data, error } = await supabase
    .from("invoices")
    .select(DOCUMENT_ROW_COLUMNS)
    .eq("credited_invoice_id", id)
    .order("created_at");
  if (error) throw error;
  return rows.parse(data);
}

/** The client credit (held overpayments) for a client key and currency, in minor units. */
export async function clientCredit(clientKey: string, currency: string): Promise<number> {
  const { data, error } = await supabase
    .from("client_credit_balances")
    .select("credit")
    .eq("client_key", clientKey)
    .eq("currency", currency)
    .maybeSingle();
  if (error) throw error;
  return data ? minorSchema.parse(data.credit) : 0;
}
