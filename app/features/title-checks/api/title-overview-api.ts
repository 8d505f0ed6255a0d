/**
 * The title-checks screen's reads: the overview of title files (public.title_file_overview, security
 * invoker — the caller's RLS decides) and the listing a checklist belongs to (its title and status).
 */
import { z } from "zod";
import { titleOverviewRowSchema, type TitleOverviewRow } from "#core/title-checks/title-schema.ts";
import { supabase } from "#app/lib/supabase.ts";

export async function listTitleFiles(): Promise<TitleOverviewRow[]> {
  const { data, error } = await supabase
    .rpc("title_file_overview")
    .order("updated_at", { ascending: false })
    .limit(500);
  if (error) throw error;
  return z.array(titleOverviewRowSchema).parse(data);
}

const listingSchema = z.object({
  id: z.string(),
  title: z.string(),
  city: z.string().nullable(),
  slug: z.string(),
  title_verified_at: z.string().nullable(),
});
export type TitleListing = z.output<typeof listingSchema>;

export async function getTitleListing(propertyId: string): Promise<TitleListing> {
  const { data, error } = await supabase
    .from("properties")
    .select("id, title, city, slug, title_verified_at")
    .eq("id", propertyId)
    .single();
  if (error) throw error;
  return listingSchema.parse(data);
}
