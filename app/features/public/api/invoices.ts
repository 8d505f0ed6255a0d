/** The public invoice: one invoice by its unguessable id through get_public_invoice (security definer). */
import * as v from "valibot";
import { INVOICE_STATUSES } from "#core/invoices-receipts/invoice-status.ts";
import { toMinor } from "#core/money/minor-units.ts";
import { publicDb } from "./public-db.ts";

const numeric = v.union([v.number(), v.string()]);
/** A money column as integer minor units, read exactly (core's toMinor), never via a float. */
const amount = v.pipe(numeric, v.transform(toMinor));
/** A rate as its decimal text (exact helpers read it); quantities and discounts are only shown. */
const decimal = v.pipe(numeric, v.transform(String));
const shown = v.pipe(numeric, v.transform(Number));

export const publicInvoiceSchema = v.object({
  id: v.string(),
  kind: v.optional(v.picklist(["invoice", "quote", "proforma", "credit_note"]), "invoice"),
  number: v.string(),
  // "converted": a quote or proforma that became an invoice (supabase/migrations/20261125400000).
  status: v.picklist([...INVOICE_STATUSES, "converted"]),
  currency: v.picklist(["GHS", "USD"]),
  issue_date: v.string(),
  due_date: v.nullable(v.string()),
  bill_to: v.object({
    name: v.string(),
    email: v.nullable(v.string()),
    phone: v.nullable(v.string()),
    address: v.nullable(v.string()),
  }),
  notes: v.nullable(v.string()),
  payment_instructions: v.nullable(v.string()),
  gra_invoice_id: v.nullable(v.string()),
  gra_qr_code: v.optional(v.nullable(v.string()), null),
  gra_sdc_time: v.optional(v.nullable(v.string()), null),
  exchange_rate: v.optional(v.nullable(decimal), null),
  exchange_rate_date: v.optional(v.nullable(v.string()), null),
  withholding: v.optional(v.picklist(["none", "residential", "commercial"]), "none"),
  withholding_rate: v.optional(v.nullable(decimal), null),
  withholding_amount: v.optional(amount, 0),
  credited_number: v.optional(v.nullable(v.string()), null),
  items: v.array(
    v.object({
      description: v.string(),
      quantity: shown,
      unit_price: amount,
      discount_percent: v.optional(shown, 0),
      tax_class: v.string(),
      amount,
    }),
  ),
  taxes: v.array(v.object({ code: v.string(), name: v.string(), rate: decimal, base: amount, amount })),
  subtotal: amount,
  tax_total: amount,
  total: amount,
  amount_paid: amount,
  amount_credited: v.optional(amount, 0),
  balance_due: amount,
  can_pay_online: v.optional(v.boolean(), false),
});
export type PublicInvoice = v.InferOutput<typeof publicInvoiceSchema>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** null when the id is malformed, unknown or a draft. */
export async function getPublicInvoice(id: string): Promise<PublicInvoice | null> {
  if (!UUID.test(id)) return null;
  const { data, error } = await publicDb.rpc("get_public_invoice", { invoice_id: id });
  if (error) throw new Error(`Could not load the invoice: ${error.message}`);
  return data ? v.parse(publicInvoiceSchema, data) : null;
}
