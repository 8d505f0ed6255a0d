/** The public invoice: one invoice by its unguessable id through get_public_invoice (security definer). */
import * as v from "valibot";
import { INVOICE_STATUSES } from "#core/invoices/invoice-status.ts";
import { publicDb } from "./public-db.ts";

const amount = v.union([v.number(), v.pipe(v.string(), v.transform(Number))]);

export const publicInvoiceSchema = v.object({
  id: v.string(),
  number: v.string(),
  status: v.picklist(INVOICE_STATUSES),
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
  items: v.array(
    v.object({ description: v.string(), quantity: amount, unit_price: amount, tax_class: v.string(), amount }),
  ),
  taxes: v.array(v.object({ code: v.string(), name: v.string(), rate: amount, base: amount, amount })),
  subtotal: amount,
  tax_total: amount,
  total: amount,
  amount_paid: amount,
  balance_due: amount,
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
