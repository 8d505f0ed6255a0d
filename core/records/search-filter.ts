/**
 * A PostgREST `or=(…)` filter that looks for a typed text in several columns
 * (`title.ilike.*east legon*,city.ilike.*east legon*`). What a person types must not change the
 * filter's meaning: PostgREST's reserved characters (, . : ( ) " \) and the LIKE wildcards are
 * turned into spaces, and the words are matched in order with `*` between them.
 */

export function searchPattern(text: string): string | null {
  const words = text
    .replace(/[,.:()"\\*%_]/g, " ")
    .split(/\s+/)
    .filter(Boolean);
  return words.length ? `*${words.join("*")}*` : null;
}

/** The `or` filter for supabase-js (`query.or(...)`), or null for an empty search. */
export function ilikeAny(columns: readonly string[], text: string): string | null {
  const pattern = searchPattern(text);
  if (!pattern) return null;
  return columns.map((c) => `${c}.ilike.${pattern}`).join(",");
}
