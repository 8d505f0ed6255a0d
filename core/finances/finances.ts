/**
 * Finances: accounts (bank, mobile money, client trust — kept apart, Act 1047),
 * entries with their approval, the entry form, the list, the report rows and periods. The
 * database applies the rules again (20261125400100_finances.sql).
 */
import { z } from "zod";
import { CURRENCIES } from "../content-model.ts";
import type { FileRules } from "../records/file-rules.ts";
import { defineListQuery, filter, type ListQueryOf } from "../records/list-query.ts";
import { minorSchema } from "../invoices-receipts/documents.ts";
import { toMinor } from "../money/minor-units.ts";

export const ACCOUNT_KINDS = ["bank", "mobile_money", "client_trust"] as const;
export type AccountKind = (typeof ACCOUNT_KINDS)[number];
export const ACCOUNT_KIND_LABELS: Record<AccountKind, string> = {
  bank: "Bank account",
  mobile_money: "Mobile money wallet",
  client_trust: "Client (trust) account",
};

export const ENTRY_KINDS = ["income", "expense"] as const;
export type EntryKind = (typeof ENTRY_KINDS)[number];
export const ENTRY_STATUSES = ["pending", "approved", "rejected"] as const;
export type EntryStatus = (typeof ENTRY_STATUSES)[number];
export const ENTRY_STATUS_LABELS: Record<EntryStatus, string> = {
  pending: "Waiting for approval",
  approved: "Approved",
  rejected: "Rejected",
};

export const FINANCE_RECEIPTS_BUCKET = "finance-receipts";
export const FINANCE_RECEIPT_TYPES = ["application/pdf", "image/jpeg", "image/png", "image/webp"] as const;
export const FINANCE_RECEIPT_MAX_BYTES = 10 * 1024 * 1024;
/** What a receipt file may be (checked before upload; the bucket checks again). */
export const FINANCE_RECEIPT_RULES: FileRules = {
  what: "Receipts",
  maxBytes: FINANCE_RECEIPT_MAX_BYTES,
  types: { "application/pdf": "PDF", "image/jpeg": "JPEG", "image/png": "PNG", "image/webp": "WebP" },
};

export const accountRowSchema = z.object({
  id: z.string(),
  name: z.string(),
  kind: z.enum(ACCOUNT_KINDS),
  institution: z.string().nullable(),
  account_number: z.string().nullable(),
  currency: z.enum(CURRENCIES),
  is_active: z.boolean(),
  position: z.number(),
});
export type AccountRow = z.infer<typeof accountRowSchema>;

export const categoryRowSchema = z.object({
  id: z.string(),
  kind: z.enum(ENTRY_KINDS),
  code: z.string(),
  name: z.string(),
  is_system: z.boolean(),
  is_active: z.boolean(),
  position: z.number(),
});
export type CategoryRow = z.infer<typeof categoryRowSchema>;

export const ENTRY_ROW_COLUMNS =
  "id, kind, status, entry_date, amount, currency, exchange_rate, amount_ghs, vat_amount, category_id, account_id, description, counterparty, reference, payment_id, owner_id, approved_by, approved_at, rejection_reason, created_at, updated_at, finance_attachments(id)";
export const entryRowSchema = z.object({
  id: z.string(),
  kind: z.enum(ENTRY_KINDS),
  status: z.enum(ENTRY_STATUSES),
  entry_date: z.string(),
  amount: minorSchema,
  currency: z.enum(CURRENCIES),
  exchange_rate: z.union([z.number(), z.string()]).transform(String),
  amount_ghs: minorSchema,
  vat_amount: minorSchema,
  category_id: z.string(),
  account_id: z.string().nullable(),
  description: z.string(),
  counterparty: z.string().nullable(),
  reference: z.string().nullable(),
  payment_id: z.string().nullable(),
  owner_id: z.string().nullable(),
  approved_by: z.string().nullable(),
  approved_at: z.string().nullable(),
  rejection_reason: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  // The receipts' ids, counted by the page: embedded aggregates such as (count) are off in
  // Supabase's PostgREST by default (db-aggregates-enabled), and the emulator has none.
  finance_attachments: z.array(z.object({ id: z.string() })).optional(),
});
export type EntryRow = z.infer<typeof entryRowSchema>;

const moneyText = (label: string) =>
  z
    .string()
    .trim()
    .min(1, `${label} is required`)
    .transform((s) => s.replace(/,/g, ""))
    .refine((s) => /^\d+(\.\d{1,2})?$/.test(s), `${label}: a number with at most two decimals`)
    .transform((s) => toMinor(s));

export const entryFormSchema = z
  .object({
    kind: z.enum(ENTRY_KINDS),
    entry_date: z.iso.date({ error: "Choose the day" }),
    amount: moneyText("Amount").refine((m) => m > 0, "More than 0.00"),
    currency: z.enum(CURRENCIES),
    vat_amount: z
      .string()
      .trim()
      .transform((s) => (s === "" ? "0" : s.replace(/,/g, "")))
      .refine((s) => /^\d+(\.\d{1,2})?$/.test(s), "VAT: a number with at most two decimals")
      .transform((s) => toMinor(s)),
    category_id: z.uuid({ error: "Choose a category" }),
    account_id: z.union([z.uuid(), z.literal("")]).transform((v) => (v === "" ? null : v)),
    description: z.string().trim().min(2, "Describe the entry").max(300),
    counterparty: z
      .string()
      .trim()
      .max(120)
      .transform((s) => (s === "" ? null : s)),
    reference: z
      .string()
      .trim()
      .max(80)
      .transform((s) => (s === "" ? null : s)),
  })
  .refine((v) => v.vat_amount <= v.amount, {
    path: ["vat_amount"],
    message: "The VAT is part of the amount: it cannot be more",
  });
export type EntryFormInput = z.input<typeof entryFormSchema>;
export type EntryFormOutput = z.output<typeof entryFormSchema>;

export const entryListQuery = defineListQuery({
  sortable: ["entry_date", "amount_ghs", "created_at", "description"],
  defaultSort: { column: "entry_date", direction: "desc" },
  pageSizes: [25, 50, 100],
  defaultPageSize: 25,
  filters: {
    kind: filter.one(z.enum(ENTRY_KINDS, { error: "Income or expense" })),
    status: filter.many(z.enum(ENTRY_STATUSES, { error: "Not a status" })),
    category: filter.one(z.uuid({ error: "Not a category" })),
    account: filter.one(z.uuid({ error: "Not an account" })),
    from: filter.one(z.iso.date({ error: "Use a date (YYYY-MM-DD)" })),
    to: filter.one(z.iso.date({ error: "Use a date (YYYY-MM-DD)" })),
  },
});
export type EntryListQuery = ListQueryOf<typeof entryListQuery>;

// ── Reports ──────────────────────────────────────────────────────────────────────────────────

export const reportRowSchema = z.object({
  period_start: z.string().transform((s) => s.slice(0, 10)),
  income: minorSchema,
  expenses: minorSchema,
  profit: minorSchema,
  vat_collected: minorSchema,
  vat_paid: minorSchema,
  client_money_in: minorSchema,
  client_money_out: minorSchema,
  pending_entries: z.coerce.number(),
});
export type ReportRow = z.infer<typeof reportRowSchema>;
export const categoryTotalSchema = z.object({
  kind: z.enum(ENTRY_KINDS),
  category_id: z.string(),
  category: z.string(),
  total: minorSchema,
  entries: z.coerce.number(),
});
export type CategoryTotal = z.infer<typeof categoryTotalSchema>;

export type ReportGrain = "month" | "year";

/** The report's period: a year by month, or several years by year (`view` in the URL). */
export function reportPeriod(grain: ReportGrain, year: number): { from: string; to: string } {
  return grain === "month"
    ? { from: `${year}-01-01`, to: `${year}-12-31` }
    : { from: `${year - 4}-01-01`, to: `${year}-12-31` };
}

export interface ReportTotals {
  income: number;
  expenses: number;
  profit: number;
  vat_collected: number;
  vat_paid: number;
  vat_due: number;
  client_money_in: number;
  client_money_out: number;
}

/** Sums of the period's rows; VAT due = collected − paid (input VAT recoverable). */
export function reportTotals(rows: readonly ReportRow[]): ReportTotals {
  const sum = (k: keyof ReportRow) => rows.reduce((s, r) => s + (r[k] as number), 0);
  const vat_collected = sum("vat_collected");
  const vat_paid = sum("vat_paid");
  return {
    income: sum("income"),
    expenses: sum("expenses"),
    profit: sum("profit"),
    vat_collected,
    vat_paid,
    vat_due: vat_collected - vat_paid,
    client_money_in: sum("client_money_in"),
    client_money_out: sum("client_money_out"),
  };
}
