/**
 * Listings as other modules link to them (a task's or an event's property): find by part of the
 * title, place or address through search_properties (trigram index, then the caller's RLS), and
 * a listing's name by id. Not the properties module's own API — only what a picker needs.
 */
import { z } from "zod";
import type { PickerOption } from "#app/components/records/record-picker.tsx";
import { supabase } from "./supabase.ts";

const hit = z.object({
  id: z.string(),
  title: z.string(),
  city: z.string(),
  neighbourhood: z.string().nullable(),
});

export async function searchProperties(term: string, signal: AbortSignal): Promise<PickerOption[]> {
  const { data, error } = await supabase
    .rpc("search_properties", { term })
    .select("id, title, city, neighbourhood")
    .order("updated_at", { ascending: false })
    .limit(10)
    .abortSignal(signal);
  if (error) throw error;
  return z
    .array(hit)
    .parse(data)
    .map((p) => ({
      id: p.id,
      label: p.title,
      description: [p.neighbourhood, p.city].filter(Boolean).join(", "),
    }));
}

/** Titles by id (one request for a page of rows). */
export async function propertyTitles(ids: readonly string[]): Promise<Map<string, string>> {
  const unique = [...new Set(ids)].filter(Boolean);
  if (unique.length === 0) return new Map();
  const { data, error } = await supabase.from("properties").select("id, title").in("id", unique);
  if (error) throw error;
  return new Map(
    z
      .array(z.object({ id: z.string(), title: z.string() }))
      .parse(data)
      .map((p) => [p.id, p.title]),
  );
}

export async function propertyName(id: string): Promise<string | null> {
  return (await propertyTitles([id])).get(id) ?? null;
}
