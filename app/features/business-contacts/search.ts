/** The command palette's contact search: name, phone (however typed) or e-mail, through the user's RLS. */
import { CONTACT_STAGE_LABELS, CONTACT_STAGES } from "#core/contacts/contact-schema.ts";
import { formatPhone, phoneSearchTerm } from "#core/contacts/phone.ts";
import { CONTACT_SEARCH_MIN_LENGTH } from "#core/contacts/contact-list.ts";
import type { SearchProvider } from "#app/lib/modules/define-module.ts";
import { supabase } from "#app/lib/supabase.ts";
import { z } from "zod";

const hit = z.object({
  id: z.string(),
  display_name: z.string(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  stage: z.enum(CONTACT_STAGES),
});

export const contactSearch: SearchProvider = {
  async search(query, signal) {
    const raw = query.trim();
    const term = phoneSearchTerm(raw) ?? raw;
    if (term.length < CONTACT_SEARCH_MIN_LENGTH) return [];
    // Through the trigram index, then the caller's RLS (public.search_contacts).
    const { data, error } = await supabase
      .rpc("search_contacts", { term })
      .select("id, display_name, phone, email, stage")
      .order("updated_at", { ascending: false })
      .limit(8)
      .abortSignal(signal);
    if (error) throw error;
    return z
      .array(hit)
      .parse(data)
      .map((c) => ({
        id: c.id,
        title: c.display_name,
        subtitle: [CONTACT_STAGE_LABELS[c.stage], formatPhone(c.phone), c.email].filter(Boolean).join(" · "),
        href: `/business-contacts/${c.id}`,
      }));
  },
};
