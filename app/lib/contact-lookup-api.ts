/**
 * Contacts as other modules link to them (a deal's contact, a task's or an event's attendee, the
 * other side of a merge): find by part of the name, e-mail or phone through search_contacts
 * (trigram index, then the caller's RLS — a picker never offers what the user may not see), and
 * a contact's name by id. Not the business-contacts module's own API — only what a picker needs.
 */
import { z } from "zod";
import type { PickerOption } from "#app/components/records/record-picker.tsx";
import { formatPhone, phoneSearchTerm } from "#core/business-contacts/phone.ts";
import { supabase } from "./supabase.ts";

const hit = z.object({
  id: z.string(),
  display_name: z.string(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  city: z.string().nullable(),
});

/** Contacts whose name, e-mail or phone contains the term (a typed Ghana number is normalised first). */
export async function searchContacts(term: string, signal: AbortSignal): Promise<PickerOption[]> {
  const t = phoneSearchTerm(term) ?? term.trim();
  if (t.length < 2) return [];
  const { data, error } = await supabase
    .rpc("search_contacts", { term: t })
    .select("id, display_name, phone, email, city")
    .order("updated_at", { ascending: false })
    .limit(10)
    .abortSignal(signal);
  if (error) throw error;
  return z
    .array(hit)
    .parse(data)
    .map((c) => ({
      id: c.id,
      label: c.display_name,
      description: [formatPhone(c.phone), c.email, c.city].filter(Boolean).join(" · ") || undefined,
    }));
}

export async function contactName(id: string): Promise<string | null> {
  const { data, error } = await supabase.from("contacts").select("display_name").eq("id", id).maybeSingle();
  if (error) throw error;
  return data ? z.object({ display_name: z.string() }).parse(data).display_name : null;
}
