/** The command palette's document search: number, client, e-mail or phone, through the user's RLS. */
import { z } from "zod";
import { DOCUMENT_KIND_LABELS, DOCUMENT_KINDS, DOCUMENT_SEARCH_MIN_LENGTH } from "#core/money/documents.ts";
import type { SearchProvider } from "#app/lib/modules/define-module.ts";
import { supabase } from "#app/lib/supabase.ts";

const hit = z.object({
  id: z.string(),
  number: z.string().nullable(),
  kind: z.enum(DOCUMENT_KINDS),
  bill_to_name: z.string(),
});

export const documentSearch: SearchProvider = {
  async search(query, signal) {
    const term = query.trim();
    if (term.length < DOCUMENT_SEARCH_MIN_LENGTH) return [];
    const { data, error } = await supabase
      .rpc("search_invoices", { term })
      .select("id, number, kind, bill_to_name")
      .order("updated_at", { ascending: false })
      .limit(8)
      .abortSignal(signal);
    if (error) throw error;
    return z
      .array(hit)
      .parse(data)
      .map((d) => ({
        id: d.id,
        title: `${d.number ?? "Draft"} · ${d.bill_to_name}`,
        subtitle: DOCUMENT_KIND_LABELS[d.kind],
        href: `/invoices-receipts/${d.id}`,
      }));
  },
};
