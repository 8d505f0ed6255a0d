/**
 * The only place that queries payments, their allocations and receipts, and calls the payment
 * functions (record_payment, refund_payment, allocate_payment). Payments are never written
 * directly: the database numbers the receipt, moves the invoices and the finances in one
 * transaction, and refuses cash, over-allocation and an unheld excess. Open invoices are read
 * here for the allocation picker (read-only).
 */
import { z } from "zod";
import {
  DOCUMENT_KINDS,
  DOCUMENT_SEARCH_MIN_LENGTH,
  DOCUMENT_STATUSES,
  minorSchema,
  outstandingMinor,
} from "#core/invoices-receipts/documents.ts";
import { accountRowSchema } from "#core/finances/finances.ts";
import { minorToDecimal } from "#core/money/minor-units.ts";
import {
  invoiceChangedMeanwhile,
  invoiceChangedMessage,
  PAYMENT_ROW_COLUMNS,
  paymentRowSchema,
  recordedPaymentSchema,
  recordPaymentPayload,
  type OpenInvoice,
  type PaymentFormOutput,
  type PaymentListQuery,
  type PaymentRow,
} from "#core/payments/payments.ts";
import { publicReceiptSchema } from "#core/invoices-receipts/public-documents.ts";
import type { RowsPage } from "#core/records/fetch-all-pages.ts";
import { RecordError, STALE_RECORD } from "#core/records/db-errors.ts";
import { rowRange } from "#core/records/list-query.ts";
import { ownRecordsFilter } from "#core/records/own-records.ts";
import { isConflict, retryOnConflict } from "#core/records/retry-on-conflict.ts";
import { keptPaymentTotal, type PaymentTotalArgs } from "#core/invoices-receipts/list-totals.ts";
import { supabase } from "#app/lib/supabase.ts";
import { listSearchTerm } from "#core/search/search-term.ts";

const rows = z.array(paymentRowSchema);

/** Searching payments starts at two characters (search_payments). */
const PAYMENT_SEARCH_MIN_LENGTH = 2;

/**
 * One page of payments (or a range, for the CSV export). `own`: the staff member's id when they
 * see only their own — the policy's owner/assignee/recorder test again as a literal filter, which
 * the indexes on those columns serve (RLS still decides). The total comes from the counts the
 * database keeps when they cover the filter (core/invoices-receipts/list-totals.ts), asked in parallel with
 * the page; otherwise PostgREST counts the matching rows.
 */
export async function listPayments(
  query: PaymentListQuery,
  own: string | null,
  range = rowRange(query),
): Promise<RowsPage<PaymentRow>> {
  const kept = keptPaymentTotal(query, own, PAYMENT_SEARCH_MIN_LENGTH);
  const [page, keptTotal] = await Promise.all([
    paymentsPage(query, own, range, !kept),
    kept ? paymentListTotal(kept) : null,
  ]);
  if (!kept || keptTotal !== null) return { rows: page.rows, total: kept ? keptTotal : page.total };
  // The database answers kept totals only to who sees every payment: count the rows instead.
  return paymentsPage(query, own, range, true);
}

async function paymentListTotal(args: PaymentTotalArgs): Promise<number | null> {
  const { data, error } = await supabase.rpc("payment_list_total", args);
  if (error) throw error;
  return data === null ? null : Number(data);
}

async function paymentsPage(
  query: PaymentListQuery,
  own: string | null,
  range: { from: number; to: number },
  countRows: boolean,
): Promise<RowsPage<PaymentRow>> {
  const term = listSearchTerm(query.search);
  const count = countRows ? "exact" : undefined;
  let req = term
    ? supabase.rpc("search_payments", { term }, { count }).select(PAYMENT_ROW_COLUMNS)
    : supabase.from("payments").select(PAYMENT_ROW_COLUMNS, { count });
  const f = query.filters;
  if (own) req = req.or(ownRecordsFilter(own, ["owner_id", "assignee_id", "recorded_by"]));
  if (f.kind) req = req.eq("kind", f.kind);
  if (f.method?.length) req = req.in("method", f.method);
  if (f.from) req = req.gte("paid_on", f.from);
  if (f.to) req = req.lte("paid_on", f.to);
  if (f.online === "true") req = req.not("gateway", "is", null);
  if (f.online === "false") req = req.is("gateway", null);
  if (query.sort) req = req.order(query.sort.column, { ascending: query.sort.direction === "asc" });
  req = req.order("id").range(range.from, range.to);
  const { data, error, count: total } = await req;
  if (error) throw error;
  return { rows: rows.parse(data), total: total ?? null };
}

export async function getPayment(id: string): Promise<PaymentRow> {
  const { data, error } = await supabase.from("payments").select(PAYMENT_ROW_COLUMNS).eq("id", id).single();
  if (error) throw error;
  return paymentRowSchema.parse(data);
}

export async function getReceipt(id: string) {
  const { data, error } = await supabase.rpc("get_public_receipt", { payment_id: id });
  if (error) throw error;
  return data ? publicReceiptSchema.parse(data) : null;
}

export async function getRefunds(id: string): Promise<PaymentRow[]> {
  const { data, error } = await supabase
    .from("payments")
    .select(PAYMENT_ROW_COLUMNS)
    .eq("refund_of", id)
    .order("created_at");
  if (error) throw error;
  return rows.parse(data);
}

export async function heldCredit(id: string): Promise<number> {
  const { data, error } = await supabase.rpc("payment_credit", { payment_id: id });
  if (error) throw error;
  return data === null ? 0 : minorSchema.parse(data);
}

const openInvoiceSchema = z.object({
  id: z.string(),
  kind: z.enum(DOCUMENT_KINDS),
  status: z.enum(DOCUMENT_STATUSES),
  number: z.string(),
  currency: z.enum(["GHS", "USD"]),
  bill_to_name: z.string(),
  bill_to_email: z.string().nullable(),
  due_date: z.string().nullable(),
  total: minorSchema,
  amount_paid: minorSchema,
  amount_credited: minorSchema,
});
export type OpenInvoiceRow = z.infer<typeof openInvoiceSchema>;

/** What an invoice still owes (minor units), never below zero. */
/** What an open invoice still owes: core's one rule (void, draft and credited documents owe nothing). */
export const outstandingOf = (i: OpenInvoiceRow) => outstandingMinor(i);
export const asOpenInvoice = (i: OpenInvoiceRow): OpenInvoice => ({
  id: i.id,
  number: i.number,
  outstanding: outstandingOf(i),
  due_date: i.due_date,
});
const OPEN_COLUMNS =
  "id, kind, status, number, currency, bill_to_name, bill_to_email, due_date, total, amount_paid, amount_credited";

/** Issued invoices still owing, found by number or client (the allocation picker). */
export async function findOpenInvoices(term: string): Promise<OpenInvoiceRow[]> {
  const t = term.trim();
  let req =
    t.length >= DOCUMENT_SEARCH_MIN_LENGTH
      ? supabase.rpc("search_invoices", { term: t }).select(OPEN_COLUMNS)
      : supabase.from("invoices").select(OPEN_COLUMNS);
  req = req.eq("kind", "invoice").in("status", ["sent", "partially_paid"]).order("due_date").limit(10);
  const { data, error } = await req;
  if (error) throw error;
  return z.array(openInvoiceSchema).parse(data);
}

/** The same client's open invoices in one currency: where a payment's held credit may go. */
export async function openInvoicesOfClient(clientKey: string, currency: string): Promise<OpenInvoiceRow[]> {
  const { data, error } = await supabase
    .from("invoices")
    .select(OPEN_COLUMNS)
    .eq("client_key", clientKey)
    .eq("currency", currency)
    .eq("kind", "invoice")
    .in("status", ["sent", "partially_paid"])
    .order("due_date")
    .limit(50);
  if (error) throw error;
  return z.array(openInvoiceSchema).parse(data);
}

export async function getOpenInvoice(id: string): Promise<OpenInvoiceRow | null> {
  const { data, error } = await supabase
    .from("invoices")
    .select(OPEN_COLUMNS)
    .eq("id", id)
    .eq("kind", "invoice")
    .in("status", ["sent", "partially_paid"])
    .maybeSingle();
  if (error) throw error;
  return data ? openInvoiceSchema.parse(data) : null;
}

export async function listAccounts() {
  const { data, error } = await supabase
    .from("finance_accounts")
    .select("id, name, kind, institution, account_number, currency, is_active, position")
    .eq("is_active", true)
    .order("position");
  if (error) throw error;
  return z.array(accountRowSchema).parse(data);
}

/**
 * Records a payment against the invoices the form showed (`shown`). A colleague paying one of them
 * at the same moment is a conflict by nature: the database makes the second payment wait and then
 * refuses what the invoice no longer owes (or, on a lost lock conflict, undoes it: sent again).
 * When a shown invoice changed meanwhile, the user is told so, and to reload.
 */
export async function recordPayment(v: PaymentFormOutput, shown: readonly OpenInvoiceRow[] = []) {
  const { data, error } = await retryOnConflict(() =>
    supabase.rpc("record_payment", { payment: recordPaymentPayload(v) }),
  );
  if (error) {
    const code = (error as { code?: string }).code;
    if (shown.length && (code === "P0001" || isConflict(error))) {
      const now = await supabase
        .from("invoices")
        .select(OPEN_COLUMNS)
        .in(
          "id",
          shown.map((i) => i.id),
        );
      const changed =
        now.error || !now.data
          ? null
          : invoiceChangedMeanwhile(
              shown.map(asOpenInvoice),
              z.array(openInvoiceSchema).parse(now.data).map(asOpenInvoice),
            );
      if (changed) throw new RecordError(invoiceChangedMessage(changed), STALE_RECORD);
    }
    throw error;
  }
  return recordedPaymentSchema.parse(data);
}

export async function refundPayment(
  id: string,
  v: {
    amount: number;
    reason: string;
    method: string;
    momo_network: string | null;
    reference: string | null;
  },
) {
  const { data, error } = await supabase.rpc("refund_payment", {
    payment_id: id,
    amount: Number(minorToDecimal(v.amount)),
    reason: v.reason,
    method: v.method,
    momo_network: v.momo_network ?? undefined,
    reference: v.reference ?? undefined,
    email_note: true,
  });
  if (error) throw error;
  return z.object({ id: z.string(), number: z.string() }).parse(data);
}

export async function applyCredit(paymentId: string, invoiceId: string, amountMinor: number): Promise<void> {
  const { error } = await supabase.rpc("allocate_payment", {
    payment_id: paymentId,
    invoice_id: invoiceId,
    amount: Number(minorToDecimal(amountMinor)),
  });
  if (error) throw error;
}
