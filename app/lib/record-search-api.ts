/**
 * Search over every record kind the user may read (public.search_records, under their RLS):
 * the command palette's one request per query.
 */
import { z } from "zod";
import {
  SEARCH_PER_KIND,
  searchRowSchema,
  type SearchKind,
  type SearchRow,
} from "#core/search/record-search.ts";
import { normaliseSearchTerm } from "#core/search/search-term.ts";
import { supabase } from "./supabase.ts";

export async function searchRecords(
  term: string,
  kinds: readonly SearchKind[],
  signal?: AbortSignal,
): Promise<SearchRow[]> {
  const t = normaliseSearchTerm(term);
  if (!t || kinds.length === 0) return [];
  let req = supabase.rpc("search_records", { term: t.key, kinds: [...kinds], per_kind: SEARCH_PER_KIND });
  if (signal) req = req.abortSignal(signal);
  const { data, error } = await req;
  if (error) throw error;
  return z.array(searchRowSchema).parse(data);
}
