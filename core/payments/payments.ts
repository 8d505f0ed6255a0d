/**
 * Payments and receipts: methods (never cash — Real Estate Agency Act 2020,
 * Act 1047), mobile money networks, the payment form and its allocation over invoices, the rule
 * for an amount larger than what the invoices owe (refused unless held as client credit on
 * purpose), and the rows the back-office parses. public.record_payment applies the same rules.
 */
import { z } from "zod";
import { CURRENCIES } from "../content-model.ts";
import { defineListQuery, filter, type ListQueryOf } from "../records/list-query.ts";
import { minorSchema } from "../invoices-receipts/documents.ts";
import { formatMinor, minorToDecimal, toMinor } from "../money/minor-units.ts";

export const PAYMENT_METHODS = ["mobile_money", "bank_transfer", "card", "cheque"] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = {
  mobile_money: "Mobile money",
  bank_transfer: "Bank transfer",
  card: "Card",
  cheque: "Cheque",
};
export const NO_CASH_NOTE = "Cash is not accepted (Real Estate Agency Act, 2020, Act 1047).";

export const MOMO_NETWORKS = ["mtn", "telecel", "airteltigo"] as const;
export type MomoNetwork = (typeof MOMO_NETWORKS)[number];
export const MOMO_NETWORK_LABELS: Record<MomoNetwork, string> = {
  mtn: "MTN MoMo",
  telecel: "Telecel Cash",
  airteltigo: "AirtelTigo Money",
};

export const PAYMENT_KINDS = ["payment", "refund"] as const;

export function methodLabel(method: PaymentMethod, network: MomoNetwork | null): string {
  return method === "mobile_money" && network ? MOMO_NETWORK_LABELS[network] : PAYMENT_METHOD_LABELS[method];
}

// ── Rows ─────────────────────────────────────────────────────────────────────────────────────

export const PAYMENT_ROW_COLUMNS =
  "id, number, kind, amount, currency, exchange_rate, method, momo_network, reference, paid_on, account_id, payer_name, payer_email, client_key, notes, refund_of, refund_reason, gateway, gateway_reference, recorded_by, owner_id, created_at, updated_at";
export const paymentRowSchema = z.object({
  id: z.string(),
  number: z.string(),
  kind: z.enum(PAYMENT_KINDS),
  amount: minorSchema,
  currency: z.enum(CURRENCIES),
  exchange_rate: z.union([z.number(), z.string()]).transform(String),
  method: z.enum(PAYMENT_METHODS),
  momo_network: z.enum(MOMO_NETWORKS).nullable(),
  reference: z.string().nullable(),
  paid_on: z.string(),
  account_id: z.string().nullable(),
  payer_name: z.string(),
  payer_email: z.string().nullable(),
  client_key: z.string(),
  notes: z.string().nullable(),
  refund_of: z.string().nullable(),
  refund_reason: z.string().nullable(),
  gateway: z.string().nullable(),
  gateway_reference: z.string().nullable(),
  recorded_by: z.string().nullable(),
  owner_id: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type PaymentRow = z.infer<typeof paymentRowSchema>;

export const allocationRowSchema = z.object({
  id: z.string(),
  payment_id: z.string(),
  invoice_id: z.string(),
  amount: minorSchema,
  created_at: z.string(),
});
export type AllocationRow = z.infer<typeof allocationRowSchema>;

/** What record_payment answers. */
export const recordedPaymentSchema = z.object({
  id: z.string(),
  number: z.string(),
  held_as_credit: minorSchema,
  receipt_email_id: z.string().nullable(),
});

// ── Allocation ───────────────────────────────────────────────────────────────────────────────

export interface OpenInvoice {
  id: string;
  number: string;
  /** What it still owes, in minor units. */
  outstanding: number;
  due_date: string | null;
}

/** Spreads an amount over the invoices, the oldest due first; the rest is the excess. */
export function allocateOldestFirst(
  amountMinor: number,
  invoices: readonly OpenInvoice[],
): { allocations: { invoice_id: string; amount: number }[]; excess: number } {
  let left = amountMinor;
  const allocations: { invoice_id: string; amount: number }[] = [];
  const ordered = [...invoices].sort(
    (a, b) => (a.due_date ?? "9999").localeCompare(b.due_date ?? "9999") || a.number.localeCompare(b.number),
  );
  for (const inv of ordered) {
    if (left <= 0) break;
    const amount = Math.min(left, inv.outstanding);
    if (amount > 0) allocations.push({ invoice_id: inv.id, amount });
    left -= amount;
  }
  return { allocations, excess: Math.max(left, 0) };
}

/**
 * The first of the invoices a payment form showed whose outstanding amount is no longer what it
 * showed (another payment or a credit note was recorded meanwhile, or it went away): its number,
 * or null when all are as shown. `now` holds the invoices as the database has them now.
 */
export function invoiceChangedMeanwhile(
  shown: readonly OpenInvoice[],
  now: readonly OpenInvoice[],
): string | null {
  for (const inv of shown) {
    const current = now.find((n) => n.id === inv.id);
    if (!current || current.outstanding !== inv.outstanding) return inv.number;
  }
  return null;
}

/** What the payment form says when an invoice it showed changed before the payment was saved. */
export function invoiceChangedMessage(number: string): string {
  return `${number} changed meanwhile (another payment or a credit note was recorded) — reload it and check what it still owes.`;
}

export type PaymentProblem = {
  field: "amount" | "allocations" | "hold_excess_as_credit";
  message: string;
} | null;

/** The database's refusals, said before the request: over an invoice, over the payment, an unheld excess. */
export function paymentProblem(
  amountMinor: number,
  currency: string,
  allocations: readonly { invoice: OpenInvoice; amount: number }[],
  holdExcess: boolean,
): PaymentProblem {
  if (amountMinor <= 0) return { field: "amount", message: "A payment is more than 0.00." };
  for (const a of allocations) {
    if (a.amount > a.invoice.outstanding)
      return {
        field: "allocations",
        message: `${formatMinor(a.amount, currency)} for ${a.invoice.number} is more than it still owes (${formatMinor(a.invoice.outstanding, currency)}).`,
      };
  }
  const allocated = allocations.reduce((s, a) => s + a.amount, 0);
  if (allocated > amountMinor)
    return {
      field: "allocations",
      message: `The amounts for the invoices (${formatMinor(allocated, currency)}) add up to more than the payment (${formatMinor(amountMinor, currency)}).`,
    };
  const excess = amountMinor - allocated;
  if (excess > 0 && !holdExcess)
    return {
      field: "hold_excess_as_credit",
      message: `The payment is ${formatMinor(excess, currency)} more than its invoices still owe: hold the excess as client credit, or lower the amount.`,
    };
  return null;
}

// ── The form ─────────────────────────────────────────────────────────────────────────────────

const moneyText = (label: string) =>
  z
    .string()
    .trim()
    .min(1, `${label} is required`)
    .transform((s) => s.replace(/,/g, ""))
    .refine((s) => /^\d+(\.\d{1,2})?$/.test(s), `${label}: a number with at most two decimals`)
    .transform((s) => toMinor(s));

export const paymentFormSchema = z
  .object({
    amount: moneyText("Amount").refine((m) => m > 0, "A payment is more than 0.00"),
    currency: z.enum(CURRENCIES),
    method: z.enum(PAYMENT_METHODS, { error: "Choose how the client paid (no cash)" }),
    momo_network: z
      .enum(MOMO_NETWORKS)
      .or(z.literal(""))
      .transform((v) => (v === "" ? null : v)),
    reference: z
      .string()
      .trim()
      .max(120, "At most 120 characters")
      .transform((s) => (s === "" ? null : s)),
    paid_on: z.iso.date({ error: "Choose the day it was paid" }),
    account_id: z.union([z.uuid(), z.literal("")]).transform((v) => (v === "" ? null : v)),
    payer_name: z
      .string()
      .trim()
      .max(200)
      .transform((s) => (s === "" ? null : s)),
    payer_email: z
      .string()
      .trim()
      .refine((s) => s === "" || /^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(s), "Not an e-mail address")
      .transform((s) => (s === "" ? null : s)),
    notes: z
      .string()
      .trim()
      .max(1000)
      .transform((s) => (s === "" ? null : s)),
    allocations: z
      .array(z.object({ invoice_id: z.uuid(), amount: moneyText("Amount for the invoice") }))
      .max(50),
    hold_excess_as_credit: z.boolean(),
    email_receipt: z.boolean(),
  })
  .superRefine((v, ctx) => {
    if (v.method === "mobile_money" && !v.momo_network)
      ctx.addIssue({
        code: "custom",
        path: ["momo_network"],
        message: "Choose the network (MTN, Telecel or AirtelTigo)",
      });
  });
export type PaymentFormInput = z.input<typeof paymentFormSchema>;
export type PaymentFormOutput = z.output<typeof paymentFormSchema>;

/** The JSON record_payment takes (amounts as decimal text, exact). */
export function recordPaymentPayload(v: PaymentFormOutput) {
  return {
    amount: minorToDecimal(v.amount),
    currency: v.currency,
    method: v.method,
    momo_network: v.method === "mobile_money" ? v.momo_network : null,
    reference: v.reference,
    paid_on: v.paid_on,
    account_id: v.account_id,
    payer_name: v.payer_name,
    payer_email: v.payer_email,
    notes: v.notes,
    allocations: v.allocations
      .filter((a) => a.amount > 0)
      .map((a) => ({ invoice_id: a.invoice_id, amount: minorToDecimal(a.amount) })),
    hold_excess_as_credit: v.hold_excess_as_credit,
    email_receipt: v.email_receipt,
  };
}

export const refundFormSchema = z.object({
  amount: moneyText("Amount").refine((m) => m > 0, "Refund more than 0.00"),
  reason: z.string().trim().min(3, "Say why the money is refunded").max(500),
  method: z.enum(PAYMENT_METHODS, { error: "Choose how the money goes back (no cash)" }),
  momo_network: z
    .enum(MOMO_NETWORKS)
    .or(z.literal(""))
    .transform((v) => (v === "" ? null : v)),
  reference: z
    .string()
    .trim()
    .max(120)
    .transform((s) => (s === "" ? null : s)),
});
export type RefundFormInput = z.input<typeof refundFormSchema>;

/**
 * Held credit onto another invoice of the same client: at most what the payment holds and what
 * the invoice still owes (the database checks both again, and that the client is the same).
 */
export function applyCreditSchema(heldMinor: number, owedMinor: number, currency: string) {
  const most = Math.min(heldMinor, owedMinor);
  return z.object({
    invoice_id: z.uuid({ error: "Choose an invoice" }),
    amount: moneyText("Amount")
      .refine((m) => m > 0, "Apply more than 0.00")
      .refine((m) => m <= most, `At most ${formatMinor(most, currency)}`),
  });
}

// ── The list ─────────────────────────────────────────────────────────────────────────────────

export const paymentListQuery = defineListQuery({
  sortable: ["paid_on", "number", "amount", "payer_name", "created_at"],
  defaultSort: { column: "created_at", direction: "desc" },
  pageSizes: [25, 50, 100],
  defaultPageSize: 25,
  filters: {
    kind: filter.one(z.enum(PAYMENT_KINDS, { error: "Payment or refund" })),
    method: filter.many(z.enum(PAYMENT_METHODS, { error: "Not a method" })),
    from: filter.one(z.iso.date({ error: "Use a date (YYYY-MM-DD)" })),
    to: filter.one(z.iso.date({ error: "Use a date (YYYY-MM-DD)" })),
    online: filter.one(z.enum(["true", "false"], { error: "Use true or false" })),
  },
});
export type PaymentListQuery = ListQueryOf<typeof paymentListQuery>;
