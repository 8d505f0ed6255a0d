/**
 * The issued documents as get_public_invoice / get_public_receipt hand them out (by their
 * unguessable id): what the PDFs (worker/money/), the print layouts and the public pages show.
 * Amounts become integer minor units on parsing.
 */
import { z } from "zod";
import { CURRENCIES } from "../content-model.ts";
import { DOCUMENT_KINDS, DOCUMENT_STATUSES, minorSchema, WITHHOLDING_KINDS } from "./documents.ts";
import { formatMinor, minorAtRate } from "../money/minor-units.ts";
import { MOMO_NETWORKS, PAYMENT_KINDS, PAYMENT_METHODS } from "../payments/payments.ts";

const decimalText = z.union([z.number(), z.string()]).transform(String);

export const publicDocumentSchema = z.object({
  id: z.string(),
  kind: z.enum(DOCUMENT_KINDS),
  number: z.string(),
  status: z.enum(DOCUMENT_STATUSES),
  currency: z.enum(CURRENCIES),
  issue_date: z.string(),
  due_date: z.string().nullable(),
  bill_to: z.object({
    name: z.string(),
    email: z.string().nullable(),
    phone: z.string().nullable(),
    address: z.string().nullable(),
  }),
  notes: z.string().nullable(),
  payment_instructions: z.string().nullable(),
  gra_invoice_id: z.string().nullable(),
  gra_qr_code: z.string().nullable(),
  gra_sdc_time: z.string().nullable(),
  exchange_rate: decimalText.nullable(),
  exchange_rate_date: z.string().nullable(),
  withholding: z.enum(WITHHOLDING_KINDS),
  withholding_rate: decimalText.nullable(),
  withholding_amount: minorSchema,
  credited_number: z.string().nullable(),
  items: z.array(
    z.object({
      description: z.string(),
      quantity: decimalText,
      unit_price: decimalText,
      discount_percent: decimalText,
      tax_class: z.string(),
      amount: minorSchema,
    }),
  ),
  taxes: z.array(
    z.object({
      code: z.string(),
      name: z.string(),
      rate: decimalText,
      base: minorSchema,
      amount: minorSchema,
    }),
  ),
  subtotal: minorSchema,
  tax_total: minorSchema,
  total: minorSchema,
  amount_paid: minorSchema,
  amount_credited: minorSchema,
  balance_due: minorSchema,
  can_pay_online: z.boolean(),
});
export type PublicDocument = z.infer<typeof publicDocumentSchema>;

export const publicReceiptSchema = z.object({
  id: z.string(),
  number: z.string(),
  kind: z.enum(PAYMENT_KINDS),
  amount: minorSchema,
  currency: z.enum(CURRENCIES),
  exchange_rate: decimalText.nullable(),
  method: z.enum(PAYMENT_METHODS),
  momo_network: z.enum(MOMO_NETWORKS).nullable(),
  reference: z.string().nullable(),
  paid_on: z.string(),
  payer_name: z.string(),
  refund_reason: z.string().nullable(),
  refund_of: z.string().nullable(),
  issued_at: z.string(),
  allocations: z.array(
    z.object({
      invoice_id: z.string(),
      invoice_number: z.string(),
      amount: minorSchema,
      invoice_total: minorSchema,
      balance_after: minorSchema,
    }),
  ),
  held_as_credit: minorSchema,
});
export type PublicReceipt = z.infer<typeof publicReceiptSchema>;

export { invoicePdfPath, receiptPdfPath } from "../payments/payment-endpoints.ts";

/** The USD line printed on a USD document: "USD 1 = GHS 12.3500 (rate of 05/10/2026)". */
export function exchangeRateNote(
  doc: Pick<PublicDocument, "currency" | "exchange_rate" | "exchange_rate_date">,
  formatDate: (d: string) => string,
): string | null {
  if (doc.currency === "GHS" || !doc.exchange_rate) return null;
  return `${doc.currency} 1 = GHS ${Number(doc.exchange_rate).toFixed(4)} (rate of ${doc.exchange_rate_date ? formatDate(doc.exchange_rate_date) : "the issue date"}, Bank of Ghana interbank mid-rate)`;
}

/** The exchange-rate note with the document's total in GHS at that rate (exact: pesewas × rate, one rounding). */
export function exchangeRateTotalNote(
  doc: Pick<PublicDocument, "currency" | "exchange_rate" | "exchange_rate_date" | "total">,
  formatDate: (d: string) => string,
): string | null {
  const rate = exchangeRateNote(doc, formatDate);
  if (!rate || !doc.exchange_rate) return null;
  return `${rate}. Total in GHS: ${formatMinor(minorAtRate(doc.total, doc.exchange_rate), "GHS")}.`;
}

/** The rent-tax withholding note for corporate tenants, or null. */
export function withholdingNote(
  doc: Pick<
    PublicDocument,
    "withholding" | "withholding_rate" | "withholding_amount" | "subtotal" | "total" | "currency"
  >,
  money: (minor: number) => string,
): string | null {
  if (doc.withholding === "none" || !doc.withholding_rate) return null;
  const pct = `${Math.round(Number(doc.withholding_rate) * 10000) / 100} %`;
  return `Rent tax: as a corporate tenant you withhold ${pct} ${doc.withholding} rent tax on ${money(doc.subtotal)} (${money(doc.withholding_amount)}) and pay it to the Ghana Revenue Authority; pay us ${money(doc.total - doc.withholding_amount)} and send us the GRA withholding certificate.`;
}
