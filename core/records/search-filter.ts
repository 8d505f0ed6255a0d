/**
 * A typed text as a PostgREST `ilike` pattern (`*east*legon*`): the words in order, anything
 * between them. What a person types must not change the filter's meaning, so PostgREST's
 * reserved characters (, . : ( ) " \) and the LIKE wildcards become spaces. For a list's main
 * search box at scale use the table's search_<table>() function instead (search documents; see
 * app/features/README.md); this is for a filter on one short column (a city).
 */
export function searchPattern(text: string): string | null {
  const words = text
    .replace(/[,.:()"\\*%_]/g, " ")
    .split(/\s+/)
    .filter(Boolean);
  return words.length ? `*${words.join("*")}*` : null;
}
