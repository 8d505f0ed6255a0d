/**
 * Deals as other modules link to them (a task's deal): find by part of the title through
 * search_deals (then the caller's RLS — a picker never offers a deal the user may not see), and
 * a deal's title by id. Not the deals module's own API — only what a picker needs.
 */
import { z } from "zod";
import type { PickerOption } from "#app/components/records/record-picker.tsx";
import { supabase } from "./supabase.ts";

const hit = z.object({
  id: z.string(),
  title: z.string(),
  status: z.string(),
  value: z.coerce.number(),
  currency: z.string(),
});

/** Deals whose title contains the term, newest activity first. */
export async function searchDeals(term: string, signal: AbortSignal): Promise<PickerOption[]> {
  const t = term.trim();
  if (t.length < 2) return [];
  const { data, error } = await supabase
    .rpc("search_deals", { term: t })
    .select("id, title, status, value, currency")
    .order("updated_at", { ascending: false })
    .limit(10)
    .abortSignal(signal);
  if (error) throw error;
  return z
    .array(hit)
    .parse(data)
    .map((d) => ({
      id: d.id,
      label: d.title,
      description: `${d.currency} ${d.value.toLocaleString("en-GH")} · ${d.status}`,
    }));
}

export async function dealName(id: string): Promise<string | null> {
  const { data, error } = await supabase.from("deals").select("title").eq("id", id).maybeSingle();
  if (error) throw error;
  return data ? z.object({ title: z.string() }).parse(data).title : null;
}
