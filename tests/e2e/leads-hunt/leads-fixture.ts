/** New website leads owned by one staff member, named with a file's tag (secret key); returns their ids. */
import type { SupabaseClient } from "@supabase/supabase-js";

export async function seedLeads(
  service: SupabaseClient,
  names: readonly string[],
  opts: { tag: string; ownerId: string; city: string; phonePrefix: string },
): Promise<string[]> {
  const { data, error } = await service
    .from("contacts")
    .insert(
      names.map((n, i) => {
        const [first, last] = n.split(" ");
        return {
          first_name: first,
          last_name: `${last} ${opts.tag}`,
          phone: `${opts.phonePrefix}${String(Date.now()).slice(-6)}${i}`,
          source: "website_form",
          stage: "lead",
          owner_id: opts.ownerId,
          city: opts.city,
        };
      }),
    )
    .select("id");
  if (error) throw new Error(error.message);
  return (data as { id: string }[]).map((r) => r.id);
}
