/**
 * Invoices made with the secret key as the money screens would leave them: a draft with its
 * lines, issued (numbered, taxes computed by the database) when asked. The RLS, security and
 * report files seed their documents through this one path.
 */
import { must, serviceClient } from "./supabase.ts";

export type InvoiceLine = {
  description?: string;
  quantity: number | string;
  unit_price: number | string;
  discount_percent?: number | string;
  tax_class: "standard" | "flat_rate" | "exempt";
};

/**
 * A draft with `fields` (bill_to_name, owner_id, …) and `lines`, numbered in order; with
 * `issue` it is issued and its number returned.
 */
export async function invoiceWithLines(
  fields: Record<string, unknown>,
  lines: InvoiceLine[],
  opts: { issue?: boolean } = {},
): Promise<{ id: string; number: string | null }> {
  const service = serviceClient();
  const row = await must(service.from("invoices").insert(fields).select("id").single(), "draft");
  const id = (row as { id: string }).id;
  if (lines.length)
    await must(
      service.from("invoice_items").insert(
        lines.map((l, i) => ({
          invoice_id: id,
          position: i + 1,
          description: l.description ?? `Line ${i + 1}`,
          // Lines inserted together share one column list: a line without a discount gets 0, not null.
          discount_percent: 0,
          ...l,
        })),
      ),
      "lines",
    );
  if (!opts.issue) return { id, number: null };
  const number = await must(service.rpc("issue_invoice", { invoice_id: id }), "issue");
  return { id, number: number as string };
}
