/** The command palette's listing search: title, slug, place, address or GhanaPost GPS, through the user's RLS. */
import { z } from "zod";
import { SEARCH_MIN_LENGTH } from "#core/properties/property-list.ts";
import { PROPERTY_STATUS_LABELS } from "#core/properties/property-workflow.ts";
import { PROPERTY_STATUSES } from "#core/content-model.ts";
import type { SearchProvider } from "#app/lib/modules/define-module.ts";
import { supabase } from "#app/lib/supabase.ts";

const hit = z.object({
  id: z.string(),
  title: z.string(),
  city: z.string(),
  neighbourhood: z.string().nullable(),
  status: z.enum(PROPERTY_STATUSES),
});

export const propertySearch: SearchProvider = {
  async search(query, signal) {
    const term = query.trim();
    if (term.length < SEARCH_MIN_LENGTH) return [];
    // Through the trigram index, then the caller's RLS (see the migration of search_properties).
    const { data, error } = await supabase
      .rpc("search_properties", { term })
      .select("id, title, city, neighbourhood, status")
      .order("updated_at", { ascending: false })
      .limit(8)
      .abortSignal(signal);
    if (error) throw error;
    return z
      .array(hit)
      .parse(data)
      .map((p) => ({
        id: p.id,
        title: p.title,
        subtitle: `${PROPERTY_STATUS_LABELS[p.status]} · ${[p.neighbourhood, p.city].filter(Boolean).join(", ")}`,
        href: `/properties-admin/${p.id}`,
      }));
  },
};
