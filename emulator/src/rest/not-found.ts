/** PostgREST's "not found in the schema cache" errors, with its "Perhaps you meant …" hint. */
import { ApiError } from "./errors.ts";
import { EXPOSED_SCHEMA, type SchemaCache } from "./schema-cache.ts";

function levenshtein(a: string, b: string): number {
  const d = Array.from({ length: a.length + 1 }, (_, i) => [i, ...Array<number>(b.length).fill(0)]);
  for (let j = 1; j <= b.length; j++) d[0]![j] = j;
  for (let i = 1; i <= a.length; i++)
    for (let j = 1; j <= b.length; j++)
      d[i]![j] = Math.min(
        d[i - 1]![j]! + 1,
        d[i]![j - 1]! + 1,
        d[i - 1]![j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1),
      );
  return d[a.length]![b.length]!;
}

export function closest(name: string, candidates: Iterable<string>): string | null {
  let best: string | null = null;
  let bestD = Infinity;
  for (const c of candidates) {
    const d = levenshtein(name, c);
    if (d < bestD) {
      bestD = d;
      best = c;
    }
  }
  return best !== null && bestD <= Math.max(2, Math.floor(name.length / 3)) ? best : null;
}

export function tableNotFound(cache: SchemaCache, name: string): ApiError {
  const near = closest(name, cache.relations.keys());
  return new ApiError(
    404,
    "PGRST205",
    `Could not find the table '${EXPOSED_SCHEMA}.${name}' in the schema cache`,
    null,
    near ? `Perhaps you meant the table '${EXPOSED_SCHEMA}.${near}'` : null,
  );
}

export function columnNotFound(rel: string, col: string): ApiError {
  return new ApiError(400, "PGRST204", `Could not find the '${col}' column of '${rel}' in the schema cache`);
}
