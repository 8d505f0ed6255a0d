/**
 * PostgREST's `select` grammar: columns with aliases, casts and JSON paths, `count()`, and embedded
 * resources (`alias:target!hint!inner(...)`, `...spread`), nested. Also the field syntax filters
 * and `order` share (`col->key->>leaf`), and the PGRST100 error in PostgREST's wording.
 */
import { ApiError } from "./errors.ts";

export interface JsonStep {
  arrow: "->" | "->>";
  key: string;
}

export interface Field {
  name: string;
  path: JsonStep[];
}

export type SelectItem =
  | { kind: "star" }
  | { kind: "col"; alias: string | null; field: Field; cast: string | null }
  | { kind: "count"; alias: string | null }
  | {
      kind: "embed";
      alias: string | null;
      target: string;
      hint: string | null;
      joinType: "inner" | "left" | null;
      spread: boolean;
      items: SelectItem[];
    };

export function qpError(what: string, input: string, details: string): ApiError {
  return new ApiError(400, "PGRST100", `"failed to parse ${what} (${input})" (line 1, column 1)`, details);
}

/* ── select ─────────────────────────────────────────────────────────────────────────────── */

class Cursor {
  i = 0;
  constructor(readonly s: string) {}
  peek(n = 0): string {
    return this.s[this.i + n] ?? "";
  }
  eof(): boolean {
    return this.i >= this.s.length;
  }
  startsWith(t: string): boolean {
    return this.s.startsWith(t, this.i);
  }
}

const NAME_CHAR = /[^\s,()!:.>"'\-*]/;

function readName(c: Cursor): string {
  if (c.peek() === '"') {
    c.i++;
    let out = "";
    while (!c.eof() && c.peek() !== '"') {
      if (c.peek() === "\\" && c.peek(1)) c.i++;
      out += c.peek();
      c.i++;
    }
    if (c.peek() !== '"') return "";
    c.i++;
    return out;
  }
  const start = c.i;
  while (!c.eof() && NAME_CHAR.test(c.peek())) c.i++;
  return c.s.slice(start, c.i);
}

function readJsonPath(c: Cursor): JsonStep[] {
  const path: JsonStep[] = [];
  while (c.startsWith("->")) {
    const arrow = c.startsWith("->>") ? "->>" : "->";
    c.i += arrow.length;
    const key = readName(c);
    if (!key) throw new Error("expecting json key");
    path.push({ arrow, key });
  }
  return path;
}

/**
 * A cast's type, PostgREST's grammar: identifier characters (letters, digits, `_`, `$`) and the
 * spaces of multi-word types ("double precision"), optionally `[]`. Nothing else: the type is
 * written into the SQL (`CAST(… AS type)`), so punctuation, quotes or comments must never pass.
 */
export const CAST_TYPE = /^[A-Za-z_][A-Za-z0-9_$]*(?: [A-Za-z_][A-Za-z0-9_$]*)*(?:\[\])?$/;

function readCastType(c: Cursor): string {
  const m = /^[A-Za-z0-9_$ ]*(?:\[\])?/.exec(c.s.slice(c.i));
  const raw = m?.[0] ?? "";
  const type = raw.trim().replace(/ {2,}/g, " ");
  if (!CAST_TYPE.test(type))
    throw new Error(`unexpected "${c.peek() || "end of input"}" expecting cast type`);
  c.i += raw.length;
  return type;
}

function parseSelectItems(c: Cursor, nested: boolean): SelectItem[] {
  const items: SelectItem[] = [];
  for (;;) {
    while (c.peek() === " ") c.i++;
    if (c.peek() === "*") {
      c.i++;
      items.push({ kind: "star" });
    } else {
      let spread = false;
      if (c.startsWith("...")) {
        spread = true;
        c.i += 3;
      }
      let first = readName(c);
      if (!first)
        throw new Error(
          `unexpected "${c.peek() || "end of input"}" expecting field name (* or [a..z0..9_$])`,
        );
      let alias: string | null = null;
      if (c.peek() === ":" && c.peek(1) !== ":") {
        c.i++;
        alias = first;
        first = readName(c);
        if (!first) throw new Error(`unexpected "${c.peek() || "end of input"}" expecting field name`);
      }
      if (c.peek() === "!" || c.peek() === "(") {
        let hint: string | null = null;
        let joinType: "inner" | "left" | null = null;
        while (c.peek() === "!") {
          c.i++;
          const h = readName(c);
          if (!h) throw new Error(`unexpected "${c.peek() || "end of input"}" expecting hint`);
          if (h === "inner" || h === "left") joinType = h;
          else hint = h;
        }
        if (c.peek() !== "(") throw new Error(`unexpected "${c.peek() || "end of input"}" expecting "("`);
        c.i++;
        let inner: SelectItem[];
        if (c.peek() === ")") inner = [{ kind: "star" }];
        else inner = parseSelectItems(c, true);
        if (c.peek() !== ")") throw new Error(`unexpected "${c.peek() || "end of input"}" expecting ")"`);
        c.i++;
        if (
          !spread &&
          hint === null &&
          joinType === null &&
          first === "count" &&
          inner.length === 1 &&
          inner[0]!.kind === "star" &&
          c.s[c.i - 2] === "("
        ) {
          items.push({ kind: "count", alias });
        } else {
          items.push({ kind: "embed", alias, target: first, hint, joinType, spread, items: inner });
        }
      } else {
        if (spread) throw new Error(`unexpected "${c.peek() || "end of input"}" expecting "("`);
        const path = readJsonPath(c);
        let cast: string | null = null;
        if (c.startsWith("::")) {
          c.i += 2;
          cast = readCastType(c);
        }
        const agg = /^\.(sum|avg|count|max|min)\(\)(::[A-Za-z_][A-Za-z0-9_$]*)?/.exec(c.s.slice(c.i));
        if (agg) {
          // `col.sum()`: an aggregate (refused later, as aggregates are disabled).
          c.i += agg[0].length;
          items.push({ kind: "count", alias });
        } else if (first === "count" && c.startsWith("()")) {
          c.i += 2;
          items.push({ kind: "count", alias });
        } else {
          items.push({ kind: "col", alias, field: { name: first, path }, cast });
        }
      }
    }
    while (c.peek() === " ") c.i++;
    if (c.peek() === ",") {
      c.i++;
      continue;
    }
    if (c.eof() || (nested && c.peek() === ")")) return items;
    throw new Error(`unexpected "${c.peek()}" expecting "," or end of input`);
  }
}

export function parseSelect(input: string | undefined): SelectItem[] {
  if (input === undefined || input === "") return [{ kind: "star" }];
  const c = new Cursor(input);
  try {
    const items = parseSelectItems(c, false);
    if (!c.eof()) throw new Error(`unexpected "${c.peek()}" expecting end of input`);
    return items;
  } catch (e) {
    throw qpError("select parameter", input, (e as Error).message);
  }
}

export function parseField(s: string): Field | null {
  const c = new Cursor(s);
  const name = readName(c);
  if (!name) return null;
  try {
    const path = readJsonPath(c);
    if (!c.eof()) return null;
    return { name, path };
  } catch {
    return null;
  }
}
