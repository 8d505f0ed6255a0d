/**
 * A hunt's owner as a business contact (a hunt is linked to its owner's contact): link a
 * contact picked from business contacts, or make one from the owner's details as found — first
 * looking for a contact with the same phone or e-mail (contacts store phones in E.164, as hunts
 * do), so the same owner is never entered twice.
 */
import { z } from "zod";
import { supabase } from "#app/lib/supabase.ts";

export async function linkOwnerContact(huntId: string, contactId: string | null): Promise<void> {
  const { error } = await supabase
    .from("property_hunts")
    .update({ owner_contact_id: contactId })
    .eq("id", huntId)
    .select("id")
    .single();
  if (error) throw error;
}

/** The contact with this phone (E.164), if the user may see one; else null. */
async function contactByPhone(phone: string): Promise<string | null> {
  const { data, error } = await supabase
    .from("contacts")
    .select("id")
    .or(`phone.eq.${phone},alt_phone.eq.${phone}`)
    .is("anonymised_at", null)
    .order("created_at")
    .limit(1);
  if (error) throw error;
  return z.array(z.object({ id: z.string() })).parse(data)[0]?.id ?? null;
}

/** Links the contact with the owner's phone, or creates it (type owner); returns its id and whether it was new. */
export async function ownerContactFromDetails(hunt: {
  id: string;
  owner_name: string | null;
  owner_phone: string | null;
}): Promise<{ contactId: string; created: boolean }> {
  if (!hunt.owner_name || !hunt.owner_phone)
    throw new Error("Add the owner's name and phone to the hunt first.");
  const existing = await contactByPhone(hunt.owner_phone);
  if (existing) {
    await linkOwnerContact(hunt.id, existing);
    return { contactId: existing, created: false };
  }
  const [first, ...rest] = hunt.owner_name.trim().split(/\s+/);
  const { data, error } = await supabase
    .from("contacts")
    .insert({
      first_name: first!.slice(0, 100),
      last_name: rest.join(" ").slice(0, 100) || null,
      phone: hunt.owner_phone,
      type: "owner",
      source: "other",
    })
    .select("id")
    .single();
  if (error) throw error;
  const id = z.object({ id: z.string() }).parse(data).id;
  await linkOwnerContact(hunt.id, id);
  return { contactId: id, created: true };
}
