/**
 * Every figure the reports, the dashboard, the lists' headers and the exports show, defined once
 * over rows (worked examples in figures.test.ts). The database computes the same figures at
 * scale in the report functions of 20261201800000_reports.sql, over the rows the caller's RLS
 * lets them read; tests/rls/reports.test.ts checks the two agree. Amounts are integer minor
 * units and stay in their currency: sums are kept per currency, never added across.
 */
import { z } from "zod";
import { weightedMinor } from "../deals/forecast.ts";
import { accraDate } from "../inbox/availability.ts";
import { minorSchema, outstandingMinor, type DocumentRow } from "../invoices-receipts/documents.ts";

export type Currency = "GHS" | "USD";
/** Sums per currency; a currency with nothing is absent. */
export type PerCurrency = Partial<Record<Currency, number>>;

export function addTo(sums: PerCurrency, currency: Currency, minor: number): PerCurrency {
  sums[currency] = (sums[currency] ?? 0) + minor;
  return sums;
}

type Doc = Pick<
  DocumentRow,
  "kind" | "status" | "total" | "amount_paid" | "amount_credited" | "currency" | "due_date"
>;

/** Outstanding: what issued invoices still owe (core/money's outstandingMinor), per currency. */
export function outstanding(docs: readonly Doc[]): PerCurrency {
  const sums: PerCurrency = {};
  for (const d of docs) {
    const owed = outstandingMinor(d);
    if (owed > 0) addTo(sums, d.currency, owed);
  }
  return sums;
}

/** Days an invoice is past its due date on `today` (Africa/Accra); 0 when not yet due or undated. */
export function daysPastDue(dueDate: string | null, today: string): number {
  if (!dueDate || dueDate >= today) return 0;
  return Math.round((Date.parse(today) - Date.parse(dueDate)) / 86_400_000);
}

/** Overdue: the outstanding part of invoices whose due date is before today, per currency. */
export function overdue(docs: readonly Doc[], today: string): PerCurrency {
  return outstanding(docs.filter((d) => daysPastDue(d.due_date, today) > 0));
}

export const AGEING_BUCKETS = ["age_0_30", "age_31_60", "age_61_90", "age_90_plus"] as const;
export type AgeingBucket = (typeof AGEING_BUCKETS)[number];
export const AGEING_LABELS: Record<AgeingBucket, string> = {
  age_0_30: "0–30 days",
  age_31_60: "31–60 days",
  age_61_90: "61–90 days",
  age_90_plus: "90+ days",
};

/** The receivables-ageing bucket of what an invoice owes: by days past due (not yet due → 0–30). */
export function ageingBucket(dueDate: string | null, today: string): AgeingBucket {
  const days = daysPastDue(dueDate, today);
  if (days <= 30) return "age_0_30";
  if (days <= 60) return "age_31_60";
  if (days <= 90) return "age_61_90";
  return "age_90_plus";
}

type Issued = Pick<DocumentRow, "kind" | "status" | "subtotal" | "currency">;
const counts = (d: Pick<DocumentRow, "status">) => !["draft", "void", "converted"].includes(d.status);

/**
 * Revenue: what was invoiced, net of taxes — issued invoices' subtotals less issued credit
 * notes'; drafts, void invoices and converted quotes count nothing, quotations never.
 */
export function revenue(docs: readonly Issued[]): PerCurrency {
  const sums: PerCurrency = {};
  for (const d of docs) {
    if (!counts(d)) continue;
    if (d.kind === "invoice") addTo(sums, d.currency, d.subtotal);
    if (d.kind === "credit_note") addTo(sums, d.currency, -d.subtotal);
  }
  return sums;
}

export const TAX_CODES = ["vat", "nhil", "getfund", "vat_flat"] as const;
export type TaxCode = (typeof TAX_CODES)[number];
export const TAX_LABELS: Record<TaxCode, string> = {
  vat: "VAT (15 %)",
  nhil: "NHIL (2.5 %)",
  getfund: "GETFund levy (2.5 %)",
  vat_flat: "VAT flat rate (5 %)",
};

/** Taxes collected: each code's amount on issued invoices less credit notes (the GRA return's lines). */
export function taxesCollected(
  docs: readonly (Issued & { taxes: readonly { code: string; amount: number }[] })[],
): Record<TaxCode, number> {
  const out: Record<TaxCode, number> = { vat: 0, nhil: 0, getfund: 0, vat_flat: 0 };
  for (const d of docs) {
    if (!counts(d) || (d.kind !== "invoice" && d.kind !== "credit_note")) continue;
    const sign = d.kind === "credit_note" ? -1 : 1;
    for (const t of d.taxes)
      if ((TAX_CODES as readonly string[]).includes(t.code)) out[t.code as TaxCode] += sign * t.amount;
  }
  return out;
}

/** Collected: payments received less refunds (refunds are negative amounts), per currency. */
export function collected(payments: readonly { amount: number; currency: Currency }[]): PerCurrency {
  const sums: PerCurrency = {};
  for (const p of payments) addTo(sums, p.currency, p.amount);
  return sums;
}

interface OpenDeal {
  status: "open" | "won" | "lost";
  valueMinor: number;
  currency: Currency;
  probability: number;
}

/** Pipeline value: open deals' values, per currency. */
export function pipelineValue(deals: readonly OpenDeal[]): PerCurrency {
  const sums: PerCurrency = {};
  for (const d of deals) if (d.status === "open") addTo(sums, d.currency, d.valueMinor);
  return sums;
}

/** Weighted pipeline: each open deal's value × its stage's probability, rounded per deal. */
export function weightedPipeline(deals: readonly OpenDeal[]): PerCurrency {
  const sums: PerCurrency = {};
  for (const d of deals)
    if (d.status === "open") addTo(sums, d.currency, weightedMinor(d.valueMinor, d.probability));
  return sums;
}

/** Conversion rate: reached ÷ started as a percentage with one decimal; null when nothing started. */
export function conversionRate(reached: number, started: number): number | null {
  if (started <= 0) return null;
  return Math.round((reached / started) * 1000) / 10;
}

/** The median of some numbers (the mean of the middle two for an even count); null for none. */
export function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const s = [...values].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}

/**
 * Days on market: Africa/Accra calendar days from the day of publication to the day of `until`
 * (sale, withdrawal or now) — published yesterday evening is 1 day today, whatever the hour;
 * never below 0; null if never published. The stock report's SQL counts the same days.
 */
export function daysOnMarket(publishedAt: string | null, until: Date): number | null {
  if (!publishedAt) return null;
  const days = (Date.parse(accraDate(until)) - Date.parse(accraDate(Date.parse(publishedAt)))) / 86_400_000;
  return Math.max(0, days);
}

/**
 * Median days on market of some listings, rounded to a whole day (a half day up); listings never
 * published do not count; null when none was published. The stock report's figure per group.
 */
export function medianDaysOnMarket(publishedAts: readonly (string | null)[], until: Date): number | null {
  const days = publishedAts.map((p) => daysOnMarket(p, until)).filter((d): d is number => d !== null);
  const m = median(days);
  return m === null ? null : Math.round(m);
}

/** Response time: minutes from an inbox item's arrival to its first reply; null while unanswered. */
export function responseMinutes(arrivedAt: string, firstReplyAt: string | null): number | null {
  if (!firstReplyAt) return null;
  return Math.max(0, Math.round((Date.parse(firstReplyAt) - Date.parse(arrivedAt)) / 6000) / 10);
}

// ── The report functions' rows ────────────────────────────────────────────────────────────────

/** A report row's currency and counts (bigint columns arrive as text). */
export const currencySchema = z.enum(["GHS", "USD"]);
export const countSchema = z.coerce.number().int();
const currency = currencySchema;
const count = countSchema;

export const receivablesRowSchema = z.object({
  currency,
  invoices: count,
  outstanding: minorSchema,
  overdue_invoices: count,
  overdue: minorSchema,
  age_0_30: minorSchema,
  age_31_60: minorSchema,
  age_61_90: minorSchema,
  age_90_plus: minorSchema,
});
export type ReceivablesRow = z.infer<typeof receivablesRowSchema>;

export const moneyMonthRowSchema = z.object({
  month: z.string().transform((s) => s.slice(0, 7)),
  currency,
  invoiced: minorSchema,
  collected: minorSchema,
  vat: minorSchema,
  nhil: minorSchema,
  getfund: minorSchema,
  vat_flat: minorSchema,
});
export type MoneyMonthRow = z.infer<typeof moneyMonthRowSchema>;

export const agentRowSchema = z.object({
  agent_id: z.string(),
  currency,
  deals_won: count,
  won_value: minorSchema,
  commission: minorSchema,
});
export type AgentRow = z.infer<typeof agentRowSchema>;

export const pipelineRowSchema = z.object({
  pipeline: z.string(),
  stage: z.string(),
  stage_position: count,
  probability: count,
  currency,
  deals: count,
  value: minorSchema,
  weighted: minorSchema,
});
export type PipelineRow = z.infer<typeof pipelineRowSchema>;

export const leadRowSchema = z.object({ week: z.string(), source: z.string(), leads: count });
export type LeadRow = z.infer<typeof leadRowSchema>;

export const funnelRowSchema = z.object({ leads: count, viewings: count, offers: count, won: count });
export type FunnelRow = z.infer<typeof funnelRowSchema>;

export const responseRowSchema = z.object({
  agent_id: z.string().nullable(),
  items: count,
  answered: count,
  median_minutes: z.coerce.number().nullable(),
  unassigned: count,
});
export type ResponseRow = z.infer<typeof responseRowSchema>;

export const stockRowSchema = z.object({
  city: z.string(),
  property_type: z.string(),
  status: z.string(),
  listings: count,
  median_days_on_market: z.coerce.number().nullable(),
});
export type StockRow = z.infer<typeof stockRowSchema>;

/** Sums one amount column of per-currency rows into per-currency totals. */
export function totalsByCurrency<R extends { currency: Currency }>(
  rows: readonly R[],
  pick: (r: R) => number,
): PerCurrency {
  const sums: PerCurrency = {};
  for (const r of rows) addTo(sums, r.currency, pick(r));
  return sums;
}

/** Money months summed per quarter and currency (the GRA return is filed per period). */
export function moneyByQuarter(
  rows: readonly MoneyMonthRow[],
  quarterOf: (month: string) => string,
): MoneyMonthRow[] {
  const out = new Map<string, MoneyMonthRow>();
  for (const r of rows) {
    const key = `${quarterOf(r.month)}|${r.currency}`;
    const q = out.get(key) ?? {
      ...r,
      month: quarterOf(r.month),
      invoiced: 0,
      collected: 0,
      vat: 0,
      nhil: 0,
      getfund: 0,
      vat_flat: 0,
    };
    q.invoiced += r.invoiced;
    q.collected += r.collected;
    q.vat += r.vat;
    q.nhil += r.nhil;
    q.getfund += r.getfund;
    q.vat_flat += r.vat_flat;
    out.set(key, q);
  }
  return [...out.values()];
}
