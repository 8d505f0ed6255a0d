/**
 * Invoices & receipts: the documents' vocabulary, the row and form schemas the
 * back-office parses through, and the rules shown before the database applies them again
 * (supabase/migrations/20261125400000_invoices_issued.sql): kinds and their series, the status
 * a document shows (overdue derived — core/invoices-receipts/invoice-status.ts), what is still owed.
 * Amounts are parsed into integer minor units (pesewas) on the way in.
 */
import { z } from "zod";
import { CURRENCIES } from "../content-model.ts";
import { invoiceDisplayStatus } from "./invoice-status.ts";
import { defineListQuery, filter, type ListQueryOf } from "../records/list-query.ts";
import { TAX_CLASSES } from "./invoice-totals.ts";
import { toMinor, toScaled } from "../money/minor-units.ts";

export const DOCUMENT_KINDS = ["invoice", "quote", "proforma", "credit_note"] as const;
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];
export const DOCUMENT_KIND_LABELS: Record<DocumentKind, string> = {
  invoice: "Invoice",
  quote: "Quotation",
  proforma: "Proforma invoice",
  credit_note: "Credit note",
};
/** Number prefixes (private.document_series): INV-2026-0001 … */
export const DOCUMENT_SERIES: Record<DocumentKind, string> = {
  invoice: "INV",
  quote: "QUO",
  proforma: "PRO",
  credit_note: "CRN",
};
export const RECEIPT_SERIES = "RCP";
export const REFUND_SERIES = "RFD";

/** Stored statuses ('overdue' is derived; 'converted' is a quote that became an invoice). */
export const DOCUMENT_STATUSES = [
  "draft",
  "sent",
  "partially_paid",
  "paid",
  "overdue",
  "void",
  "converted",
] as const;
export type DocumentStatus = (typeof DOCUMENT_STATUSES)[number];
export const DOCUMENT_STATUS_LABELS: Record<DocumentStatus, string> = {
  draft: "Draft",
  sent: "Sent",
  partially_paid: "Partially paid",
  paid: "Paid",
  overdue: "Overdue",
  void: "Void",
  converted: "Converted",
};
/** The list filter's statuses: what people ask for (overdue is a filter, not a stored value). */
export const DOCUMENT_STATUS_FILTERS = [
  "draft",
  "sent",
  "partially_paid",
  "paid",
  "overdue",
  "void",
  "converted",
] as const;

export const WITHHOLDING_KINDS = ["none", "residential", "commercial"] as const;
export type WithholdingKind = (typeof WITHHOLDING_KINDS)[number];
export const WITHHOLDING_LABELS: Record<WithholdingKind, string> = {
  none: "No rent tax withheld",
  residential: "Corporate tenant withholds rent tax (residential, 8 %)",
  commercial: "Corporate tenant withholds rent tax (commercial, 15 %)",
};

/** INV-2026-0001: series, year, at least four digits. */
export function formatDocumentNumber(series: string, year: number, n: number): string {
  return `${series}-${year}-${String(n).padStart(4, "0")}`;
}
export const DOCUMENT_NUMBER_PATTERN = /^(INV|QUO|PRO|CRN|RCP|RFD)-(\d{4})-(\d{4,})$/;

// ── Rows ─────────────────────────────────────────────────────────────────────────────────────

/** A numeric column (JSON number or decimal text) as integer minor units. */
export const minorSchema = z.union([z.number(), z.string()]).transform((v, ctx) => {
  try {
    return toMinor(v);
  } catch {
    ctx.addIssue({ code: "custom", message: "Not an amount" });
    return z.NEVER;
  }
});
const decimalText = z.union([z.number(), z.string()]).transform((v) => String(v));

export const DOCUMENT_ROW_COLUMNS =
  "id, kind, number, status, currency, issue_date, due_date, payment_terms_days, bill_to_name, bill_to_email, bill_to_phone, bill_to_address, notes, payment_instructions, subtotal, tax_total, total, amount_paid, amount_credited, credited_invoice_id, credit_reason, converted_from_id, exchange_rate, exchange_rate_date, withholding, withholding_rate, withholding_amount, gra_invoice_id, gra_qr_code, gra_sdc_time, issued_at, last_sent_at, last_sent_to, voided_at, void_reason, owner_id, assignee_id, created_at, updated_at";

export const documentRowSchema = z.object({
  id: z.string(),
  kind: z.enum(DOCUMENT_KINDS),
  number: z.string().nullable(),
  status: z.enum(DOCUMENT_STATUSES),
  currency: z.enum(CURRENCIES),
  issue_date: z.string().nullable(),
  due_date: z.string().nullable(),
  payment_terms_days: z.number(),
  bill_to_name: z.string(),
  bill_to_email: z.string().nullable(),
  bill_to_phone: z.string().nullable(),
  bill_to_address: z.string().nullable(),
  notes: z.string().nullable(),
  payment_instructions: z.string().nullable(),
  subtotal: minorSchema,
  tax_total: minorSchema,
  total: minorSchema,
  amount_paid: minorSchema,
  amount_credited: minorSchema,
  credited_invoice_id: z.string().nullable(),
  credit_reason: z.string().nullable(),
  converted_from_id: z.string().nullable(),
  exchange_rate: decimalText.nullable(),
  exchange_rate_date: z.string().nullable(),
  withholding: z.enum(WITHHOLDING_KINDS),
  withholding_rate: decimalText.nullable(),
  withholding_amount: minorSchema,
  gra_invoice_id: z.string().nullable(),
  gra_qr_code: z.string().nullable(),
  gra_sdc_time: z.string().nullable(),
  issued_at: z.string().nullable(),
  last_sent_at: z.string().nullable(),
  last_sent_to: z.string().nullable(),
  voided_at: z.string().nullable(),
  void_reason: z.string().nullable(),
  owner_id: z.string().nullable(),
  assignee_id: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type DocumentRow = z.infer<typeof documentRowSchema>;

export const ITEM_ROW_COLUMNS =
  "id, invoice_id, position, description, quantity, unit_price, discount_percent, tax_class, line_total";
export const itemRowSchema = z.object({
  id: z.string(),
  invoice_id: z.string(),
  position: z.number(),
  description: z.string(),
  quantity: decimalText,
  unit_price: decimalText,
  discount_percent: decimalText,
  tax_class: z.enum(TAX_CLASSES),
  line_total: minorSchema,
});
export type ItemRow = z.infer<typeof itemRowSchema>;

export const TAX_ROW_COLUMNS = "tax_class, code, name, rate, base, amount, position";
export const taxRowSchema = z.object({
  tax_class: z.enum(TAX_CLASSES),
  code: z.string(),
  name: z.string(),
  rate: decimalText,
  base: minorSchema,
  amount: minorSchema,
  position: z.number(),
});
export type TaxRow = z.infer<typeof taxRowSchema>;

// ── Rules shown before the database applies them ───────────────────────────────────────────

/** Stored statuses of a document that owes nothing whatever its figures: not issued, cancelled or replaced. */
const OWES_NOTHING: readonly DocumentStatus[] = ["draft", "void", "converted"];

/**
 * What the client still owes: only an issued invoice (a quotation, proforma or credit note asks
 * for no payment; a draft, a void invoice and a converted quote owe nothing), never below 0 (an
 * over-settled invoice's excess is client credit, a fully credited one owes nothing). The same
 * rule as private.balance_due in the database, which the public invoice and its PDF show.
 */
export function outstandingMinor(
  doc: Pick<DocumentRow, "kind" | "status" | "total" | "amount_paid" | "amount_credited">,
): number {
  if (doc.kind !== "invoice" || OWES_NOTHING.includes(doc.status)) return 0;
  return Math.max(doc.total - doc.amount_paid - doc.amount_credited, 0);
}

/** The status a document shows: overdue derived from the due date (Africa/Accra) for open invoices. */
export function documentDisplayStatus(
  doc: Pick<DocumentRow, "kind" | "status" | "due_date">,
  now: Date = new Date(),
): DocumentStatus {
  if (doc.kind !== "invoice" || doc.status === "converted") return doc.status;
  return invoiceDisplayStatus(doc.status, doc.due_date, now);
}

/** The same rule as private.settlement_status (tests/rls/payments.test.ts compares them). */
export function settlementStatus(
  kind: DocumentKind,
  status: DocumentStatus,
  totalMinor: number,
  paidMinor: number,
  creditedMinor: number,
): DocumentStatus {
  if (["draft", "void", "converted"].includes(status) || kind !== "invoice") return status;
  if (totalMinor > 0 && paidMinor + creditedMinor >= totalMinor) return paidMinor > 0 ? "paid" : "void";
  return paidMinor > 0 ? "partially_paid" : "sent";
}

/** Which actions a document offers (the database refuses the rest anyway). */
export function documentActions(
  doc: Pick<DocumentRow, "kind" | "status" | "amount_paid" | "amount_credited" | "total">,
) {
  const issued = doc.status !== "draft";
  const open = doc.kind === "invoice" && (doc.status === "sent" || doc.status === "partially_paid");
  return {
    edit: !issued,
    issue: !issued,
    deleteDraft: !issued,
    send: issued && doc.status !== "void",
    recordPayment: open && outstandingMinor(doc) > 0,
    creditNote:
      doc.kind === "invoice" &&
      issued &&
      !["void", "converted"].includes(doc.status) &&
      doc.amount_credited < doc.total,
    void:
      issued &&
      doc.kind !== "credit_note" &&
      !["void", "converted"].includes(doc.status) &&
      doc.amount_paid === 0 &&
      doc.amount_credited === 0,
    convert: (doc.kind === "quote" || doc.kind === "proforma") && doc.status === "sent",
    evat: issued && doc.kind === "invoice",
  };
}

// ── The draft form ───────────────────────────────────────────────────────────────────────────

const amountText = (
  label: string,
  scale: number,
  opts: { min?: number; max?: number; positive?: boolean } = {},
) =>
  z
    .string()
    .trim()
    .min(1, `${label} is required`)
    .refine((s) => /^\d+(\.\d+)?$/.test(s.replace(/,/g, "")), `${label} must be a number`)
    .transform((s) => s.replace(/,/g, ""))
    .refine(
      (s) => (s.split(".")[1] ?? "").replace(/0+$/, "").length <= scale,
      `${label} has at most ${scale} decimals`,
    )
    .refine((s) => !opts.positive || toScaled(s, scale) > 0n, `${label} must be more than 0`)
    .refine((s) => opts.max === undefined || Number(s) <= opts.max, `${label} is at most ${opts.max}`);

export const documentLineFormSchema = z.object({
  description: z.string().trim().min(1, "Describe the line").max(500, "At most 500 characters"),
  quantity: amountText("Quantity", 2, { positive: true, max: 9_999_999_999 }),
  unit_price: amountText("Unit price", 2, { max: 999_999_999_999 }),
  discount_percent: amountText("Discount", 2, { max: 100 }),
  tax_class: z.enum(TAX_CLASSES, { error: "Choose a tax class" }),
});
export type DocumentLineForm = z.input<typeof documentLineFormSchema>;

const optionalText = (max: number, label: string) =>
  z
    .string()
    .trim()
    .max(max, `${label}: at most ${max} characters`)
    .transform((s) => (s === "" ? null : s));

export const documentFormSchema = z.object({
  kind: z.enum(["invoice", "quote", "proforma"], { error: "Choose invoice, quotation or proforma" }),
  currency: z.enum(CURRENCIES, { error: "Use GHS or USD" }),
  bill_to_name: z.string().trim().min(2, "Name the client").max(200, "At most 200 characters"),
  bill_to_email: z
    .string()
    .trim()
    .max(254)
    .refine((s) => s === "" || /^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(s), "Not an e-mail address")
    .transform((s) => (s === "" ? null : s.toLowerCase())),
  bill_to_phone: optionalText(40, "Phone"),
  bill_to_address: optionalText(500, "Address"),
  payment_terms_days: z.coerce
    .number({ error: "Days must be a number" })
    .int("Whole days")
    .min(0, "At least 0 days")
    .max(365, "At most 365 days"),
  withholding: z.enum(WITHHOLDING_KINDS),
  notes: optionalText(2000, "Notes"),
  payment_instructions: optionalText(2000, "Payment instructions"),
  lines: z.array(documentLineFormSchema).min(1, "Add at least one line").max(100, "At most 100 lines"),
});
export type DocumentFormInput = z.input<typeof documentFormSchema>;
export type DocumentFormOutput = z.output<typeof documentFormSchema>;

export const DEFAULT_PAYMENT_INSTRUCTIONS =
  "Bank transfer: Ghana Realty Ltd, GCB Bank, Airport City, account 1021 3040 5060.\nMTN MoMo merchant 012345 · Telecel Cash merchant 067890.\nOr pay online with the link on this invoice. Cash is not accepted (Act 1047).";

export const evatFormSchema = z.object({
  gra_invoice_id: z.string().trim().min(3, "The GRA invoice id").max(100, "At most 100 characters"),
  gra_sdc_time: z
    .string()
    .trim()
    .min(1, "When the SDC signed it")
    .refine((s) => !Number.isNaN(Date.parse(s)), "Not a date and time"),
  gra_qr_code: z.string().trim().min(10, "The QR payload from the GRA").max(2000, "At most 2000 characters"),
});
export type EvatFormInput = z.input<typeof evatFormSchema>;

// ── The list ─────────────────────────────────────────────────────────────────────────────────

export const documentListQuery = defineListQuery({
  sortable: ["issue_date", "due_date", "number", "bill_to_name", "total", "updated_at", "created_at"],
  defaultSort: { column: "updated_at", direction: "desc" },
  pageSizes: [25, 50, 100],
  defaultPageSize: 25,
  filters: {
    kind: filter.one(z.enum(DOCUMENT_KINDS, { error: "Not a kind of document" })),
    status: filter.many(z.enum(DOCUMENT_STATUS_FILTERS, { error: "Not a status" })),
    currency: filter.one(z.enum(CURRENCIES, { error: "Use GHS or USD" })),
    owner: filter.one(z.uuid({ error: "Not a team member" })),
    from: filter.one(z.iso.date({ error: "Use a date (YYYY-MM-DD)" })),
    to: filter.one(z.iso.date({ error: "Use a date (YYYY-MM-DD)" })),
  },
});
export type DocumentListQuery = ListQueryOf<typeof documentListQuery>;
export const DOCUMENT_SEARCH_MIN_LENGTH = 2;
