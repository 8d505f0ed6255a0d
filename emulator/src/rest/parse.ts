/**
 * PostgREST's query-string grammar: `select`, filters (`col=op.value`, `not.`, quantifiers,
 * fts configs), logic trees (`or=(...)`, `and=(...)`, nested), `order`, `limit`/`offset`, per
 * embedded resource (`books.order=...`). Parse failures become PGRST100 with PostgREST's wording.
 * The `select` grammar and the field syntax live in parse-select.ts.
 */
import { parseField, parseSelect, qpError, type Field, type SelectItem } from "./parse-select.ts";

export const OPERATORS = new Set([
  "eq",
  "neq",
  "gt",
  "gte",
  "lt",
  "lte",
  "like",
  "ilike",
  "match",
  "imatch",
  "in",
  "is",
  "isdistinct",
  "fts",
  "plfts",
  "phfts",
  "wfts",
  "cs",
  "cd",
  "ov",
  "sl",
  "sr",
  "nxr",
  "nxl",
  "adj",
]);
const QUANTIFIABLE = new Set(["eq", "neq", "gt", "gte", "lt", "lte", "like", "ilike", "match", "imatch"]);
const FTS = new Set(["fts", "plfts", "phfts", "wfts"]);

export interface Filter {
  field: Field;
  negate: boolean;
  op: string;
  quant: "any" | "all" | null;
  config: string | null;
  /** Raw value; for `in` and quantified operators, the list items. */
  value: string;
  list: string[] | null;
}

export type Logic =
  | { kind: "filter"; filter: Filter }
  | { kind: "and" | "or"; negate: boolean; children: Logic[] };

export interface OrderTerm {
  /** Set when ordering by a column of a to-one embedded resource: `author(name)`. */
  relation: string | null;
  field: Field;
  dir: "asc" | "desc" | null;
  nulls: "first" | "last" | null;
}

/* ── filters ────────────────────────────────────────────────────────────────────────────── */

/** Splits on top-level commas, honouring double quotes, backslash escapes and parentheses/braces. */
export function splitTopLevel(s: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let quoted = false;
  let cur = "";
  for (let i = 0; i < s.length; i++) {
    const ch = s[i]!;
    if (quoted) {
      if (ch === "\\" && i + 1 < s.length) {
        cur += ch + s[i + 1];
        i++;
        continue;
      }
      if (ch === '"') quoted = false;
      cur += ch;
      continue;
    }
    if (ch === '"') quoted = true;
    else if (ch === "(" || ch === "{" || ch === "[") depth++;
    else if (ch === ")" || ch === "}" || ch === "]") depth--;
    if (ch === "," && depth === 0) {
      out.push(cur);
      cur = "";
      continue;
    }
    cur += ch;
  }
  if (quoted || depth !== 0) throw new Error("unbalanced quotes or parentheses");
  out.push(cur);
  return out;
}

function unquote(v: string): string {
  const t = v.trim();
  if (t.length >= 2 && t.startsWith('"') && t.endsWith('"')) return t.slice(1, -1).replace(/\\(.)/g, "$1");
  return v;
}

/** `[not.]op[(quant|config)].value` → Filter (field set by the caller). */
export function parseOperation(field: Field, raw: string, inLogic: boolean): Filter {
  let rest = raw;
  let negate = false;
  if (rest.startsWith("not.")) {
    negate = true;
    rest = rest.slice(4);
  }
  const m = /^([a-z]+)(?:\(([^)]*)\))?\./.exec(rest);
  if (!m || !OPERATORS.has(m[1]!)) {
    throw qpError(
      "filter",
      raw,
      `unexpected "${rest.slice(0, 1) || "end of input"}" expecting "not" or operator (eq, gt, ...)`,
    );
  }
  const op = m[1]!;
  const mod = m[2];
  let value = rest.slice(m[0].length);
  let quant: "any" | "all" | null = null;
  let config: string | null = null;
  if (mod !== undefined) {
    if (FTS.has(op)) config = mod;
    else if (QUANTIFIABLE.has(op) && (mod === "any" || mod === "all")) quant = mod;
    else throw qpError("filter", raw, `unexpected "(" expecting "."`);
  }
  if (inLogic) value = unquote(value);
  let list: string[] | null = null;
  if (op === "in" || quant) {
    const open = op === "in" ? "(" : "{";
    const close = op === "in" ? ")" : "}";
    if (!value.startsWith(open) || !value.endsWith(close)) {
      throw qpError("filter", raw, `unexpected "${value.slice(0, 1) || "end of input"}" expecting "${open}"`);
    }
    const inner = value.slice(1, -1);
    try {
      list =
        inner.trim() === "" ? [] : splitTopLevel(inner).map((x) => unquote(x.trim() === x ? x : x.trim()));
    } catch (e) {
      throw qpError("filter", raw, (e as Error).message);
    }
  }
  if (op === "is" && !/^(null|not_null|true|false|unknown)$/i.test(value)) {
    throw qpError(
      "filter",
      raw,
      `unexpected "${value.slice(0, 1) || "end of input"}" expecting null or trilean value (unknown, true, false)`,
    );
  }
  return { field, negate, op, quant, config, value, list };
}

function parseLogicItems(inner: string, raw: string): Logic[] {
  let parts: string[];
  try {
    parts = splitTopLevel(inner);
  } catch (e) {
    throw qpError("logic tree", raw, (e as Error).message);
  }
  return parts.map((p) => parseLogicItem(p, raw));
}

function parseLogicItem(s: string, raw: string): Logic {
  let t = s.trim();
  let negate: boolean;
  const lm = /^(not\.)?(and|or)\(/.exec(t);
  if (lm) {
    if (!t.endsWith(")")) throw qpError("logic tree", raw, `unexpected end of input expecting ")"`);
    negate = !!lm[1];
    return { kind: lm[2] as "and" | "or", negate, children: parseLogicItems(t.slice(lm[0].length, -1), raw) };
  }
  const dot = t.indexOf(".");
  if (dot <= 0)
    throw qpError("logic tree", raw, `unexpected "${t.slice(0, 1) || "end of input"}" expecting field name`);
  const field = parseField(t.slice(0, dot));
  if (!field) throw qpError("logic tree", raw, `unexpected "${t.slice(0, 1)}" expecting field name`);
  t = t.slice(dot + 1);
  return { kind: "filter", filter: parseOperation(field, t, true) };
}

/** `(a.eq.1,b.gt.2)` for key `or` / `and` / `not.or` / `not.and`. */
export function parseLogic(key: "and" | "or", negate: boolean, value: string): Logic {
  const raw = value;
  if (!value.startsWith("(") || !value.endsWith(")")) {
    throw qpError("logic tree", raw, `unexpected "${value.slice(0, 1) || "end of input"}" expecting "("`);
  }
  return { kind: key, negate, children: parseLogicItems(value.slice(1, -1), raw) };
}

/* ── order ──────────────────────────────────────────────────────────────────────────────── */

export function parseOrder(value: string): OrderTerm[] {
  let parts: string[];
  try {
    parts = splitTopLevel(value);
  } catch (e) {
    throw qpError("order", value, (e as Error).message);
  }
  return parts.map((p) => {
    const segs = p.split(".");
    let head = segs.shift() ?? "";
    let relation: string | null = null;
    const rm = /^([^()]+)\(([^()]+)\)$/.exec(head);
    if (rm) {
      relation = rm[1]!;
      head = rm[2]!;
    }
    const field = parseField(head);
    if (!field)
      throw qpError(
        "order",
        value,
        `unexpected "${head.slice(0, 1) || "end of input"}" expecting field name`,
      );
    let dir: OrderTerm["dir"] = null;
    let nulls: OrderTerm["nulls"] = null;
    for (const s of segs) {
      if ((s === "asc" || s === "desc") && dir === null && nulls === null) dir = s;
      else if ((s === "nullsfirst" || s === "nullslast") && nulls === null)
        nulls = s === "nullsfirst" ? "first" : "last";
      else
        throw qpError(
          "order",
          value,
          `unexpected "${s.slice(0, 1) || "end of input"}" expecting "asc", "desc", "nullsfirst" or "nullslast"`,
        );
    }
    return { relation, field, dir, nulls };
  });
}

export function parseNonNegInt(what: string, value: string): number {
  if (!/^\d+$/.test(value))
    throw qpError(what, value, `unexpected "${value.slice(0, 1) || "end of input"}" expecting digit`);
  const n = Number(value);
  if (!Number.isSafeInteger(n)) throw qpError(what, value, "number too large");
  return n;
}

/* ── the whole query string, grouped per embedding path ─────────────────────────────────── */

export interface NodeParams {
  logic: Logic[];
  order: OrderTerm[] | null;
  limit: number | null;
  offset: number | null;
}

export interface QueryParams {
  select: SelectItem[];
  nodes: Map<string, NodeParams>;
  columns: string[] | null;
  onConflict: string[] | null;
  /** Non-reserved params in order (used for RPC GET arguments before becoming filters). */
  rawFilters: [string, string][];
}

export function nodeOf(q: QueryParams, path: string): NodeParams {
  let n = q.nodes.get(path);
  if (!n) {
    n = { logic: [], order: null, limit: null, offset: null };
    q.nodes.set(path, n);
  }
  return n;
}

function parseColumnList(what: string, v: string): string[] {
  try {
    return splitTopLevel(v).map((x) => {
      const name = unquote(x.trim());
      if (!name) throw new Error("empty column name");
      return name;
    });
  } catch (e) {
    throw qpError(what, v, (e as Error).message);
  }
}

export function parseQuery(search: URLSearchParams): QueryParams {
  const q: QueryParams = {
    select: [{ kind: "star" }],
    nodes: new Map(),
    columns: null,
    onConflict: null,
    rawFilters: [],
  };
  let select: string | undefined;
  for (const [key, value] of search) {
    if (key === "select") select = value;
    else if (key === "columns") q.columns = parseColumnList("columns parameter", value);
    else if (key === "on_conflict") q.onConflict = parseColumnList("on_conflict parameter", value);
    else if (key === "apikey") continue;
    else {
      const lastDot = key.lastIndexOf(".");
      const last = lastDot >= 0 ? key.slice(lastDot + 1) : key;
      const prefix = lastDot >= 0 ? key.slice(0, lastDot) : "";
      if (last === "order") nodeOf(q, prefix).order = parseOrder(value);
      else if (last === "limit") nodeOf(q, prefix).limit = parseNonNegInt("limit", value);
      else if (last === "offset") nodeOf(q, prefix).offset = parseNonNegInt("offset", value);
      else if (last === "or" || last === "and") {
        let p = prefix;
        let negate = false;
        if (p === "not") {
          negate = true;
          p = "";
        } else if (p.endsWith(".not")) {
          negate = true;
          p = p.slice(0, -4);
        }
        nodeOf(q, p).logic.push(parseLogic(last, negate, value));
      } else q.rawFilters.push([key, value]);
    }
  }
  q.select = parseSelect(select);
  return q;
}

/** Turns the remaining raw params into filters (after RPC GET took its arguments). */
export function applyFilters(q: QueryParams, raw: [string, string][]): void {
  for (const [key, value] of raw) {
    // The column part may hold a JSON path with dots? PostgREST splits the embed path on dots
    // before any arrow, so `a.b->>c` is column `b->>c` of embed `a`.
    const arrow = key.indexOf("->");
    const head = arrow >= 0 ? key.slice(0, arrow) : key;
    const lastDot = head.lastIndexOf(".");
    const prefix = lastDot >= 0 ? key.slice(0, lastDot) : "";
    const col = lastDot >= 0 ? key.slice(lastDot + 1) : key;
    const field = parseField(col);
    if (!field)
      throw qpError(
        "tree path",
        key,
        `unexpected "${col.slice(0, 1) || "end of input"}" expecting field name`,
      );
    nodeOf(q, prefix).logic.push({ kind: "filter", filter: parseOperation(field, value, false) });
  }
}
