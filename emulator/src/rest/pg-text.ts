/** JSON values as the text Postgres parses for a parameter of a given type (bind parameters go as text). */

/** Postgres array literal (`{"a","b"}`), every element quoted; nested arrays recurse. */
export function pgArrayLiteral(items: unknown[]): string {
  return `{${items
    .map((x) => {
      if (x === null || x === undefined) return "NULL";
      if (Array.isArray(x)) return pgArrayLiteral(x);
      const s = typeof x === "object" ? JSON.stringify(x) : String(x);
      return `"${s.replace(/\\/g, "\\\\").replace(/"/g, '\\"')}"`;
    })
    .join(",")}}`;
}

/** A JSON value as the text Postgres parses for a column/parameter of the given type. */
export function toPgText(v: unknown, type: string | null, category: string | null): string | null {
  if (v === null || v === undefined) return null;
  if (typeof v === "string") return v;
  if (typeof v === "number" || typeof v === "boolean" || typeof v === "bigint") return String(v);
  const isJson = type === "json" || type === "jsonb";
  if (Array.isArray(v) && !isJson && (category === "A" || (type?.endsWith("[]") ?? false)))
    return pgArrayLiteral(v);
  return JSON.stringify(v);
}
