/** The public invoice: one invoice by its unguessable id through get_public_invoice (security definer). */
import * as z from "zod/mini";
import { publicDb } from "./public-db.ts";

const amount = z.union([z.number(), z.pipe(z.string(), z.transform(Number))]);

export const publicInvoiceSchema = z.object({
  id: z.string(),
  number: z.string(),
  status: z.enum(["draft", "sent", "partially_paid", "paid", "overdue", "void"]),
  currency: z.enum(["GHS", "USD"]),
  issue_date: z.string(),
  due_date: z.nullable(z.string()),
  bill_to: z.object({
    name: z.string(),
    email: z.nullable(z.string()),
    phone: z.nullable(z.string()),
    address: z.nullable(z.string()),
  }),
  notes: z.nullable(z.string()),
  payment_instructions: z.nullable(z.string()),
  gra_invoice_id: z.nullable(z.string()),
  items: z.array(
    z.object({ description: z.string(), quantity: amount, unit_price: amount, tax_class: z.string(), amount }),
  ),
  taxes: z.array(z.object({ code: z.string(), name: z.string(), rate: amount, base: amount, amount })),
  subtotal: amount,
  tax_total: amount,
  total: amount,
  amount_paid: amount,
  balance_due: amount,
});
export type PublicInvoice = z.infer<typeof publicInvoiceSchema>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** null when the id is malformed, unknown or a draft. */
export async function getPublicInvoice(id: string): Promise<PublicInvoice | null> {
  if (!UUID.test(id)) return null;
  const { data, error } = await publicDb.rpc("get_public_invoice", { invoice_id: id });
  if (error) throw new Error(`Could not load the invoice: ${error.message}`);
  return data ? publicInvoiceSchema.parse(data) : null;
}
