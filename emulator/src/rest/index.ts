/**
 * `/rest/v1`: the PostgREST surface supabase-js emits. Every request resolves its caller
 * (apikey + optional user JWT), then runs as ONE transaction as that role with the request's
 * claims and headers set, so Postgres RLS decides exactly as behind PostgREST.
 *
 * Modules: schema-cache.ts (pg_catalog introspection), parse.ts (query-string grammar),
 * query.ts (SQL building), errors.ts (PGRST codes, SQLSTATE → HTTP).
 * Known gaps against PostgREST: no embedding through views (relationships come from foreign
 * keys between tables only), `count=planned|estimated` answer the exact count, aggregates are
 * refused (PGRST123, as on hosted Supabase where they are disabled), no CSV/form-urlencoded request bodies, no OpenAPI beyond a table list at `/`.
 */
import { Hono, type Context } from "hono";
import { readCappedBody } from "#core/read-capped-body.ts";
import type { EmulatorContext } from "../context.ts";
import type { RequestIdentity } from "../db.ts";
import { resolveRequestAuth } from "../http/request-auth.ts";
import { ApiError, fromPgError } from "./errors.ts";
import { applyFilters, parseQuery, type QueryParams } from "./parse.ts";
import { Builder, qi, tableRef, toPgText, type Source } from "./query.ts";
import {
  EXPOSED_SCHEMA,
  SchemaCacheHolder,
  type Func,
  type Relation,
  type SchemaCache,
} from "./schema-cache.ts";

type Media = "json" | "object" | "csv";

interface Prefer {
  return: "representation" | "minimal" | "headers-only" | null;
  count: "exact" | "planned" | "estimated" | null;
  resolution: "merge-duplicates" | "ignore-duplicates" | null;
  missing: "default" | "null" | null;
  strict: boolean;
  maxAffected: number | null;
  applied: string[];
}

interface Outcome {
  status: number;
  body: string | null;
  headers: Record<string, string>;
}

/** Every parameter goes to Postgres as text; Postgres parses it as the type it infers. */
const QUERY_OPTIONS = { rawText: true } as const;

interface CompiledRead {
  sql: string;
  params: (string | null)[];
  range: { limit: number | null; offset: number };
  withCount: boolean;
}

class Abort {
  constructor(readonly outcome: Outcome | ApiError) {}
}

function parsePrefer(headers: string[]): Prefer {
  const p: Prefer = {
    return: null,
    count: null,
    resolution: null,
    missing: null,
    strict: false,
    maxAffected: null,
    applied: [],
  };
  const invalid: string[] = [];
  for (const h of headers)
    for (const part of h.split(",")) {
      if (!part.trim()) continue;
      const [k, v] = part
        .trim()
        .split("=")
        .map((s) => s.trim());
      if (k === "return" && (v === "representation" || v === "minimal" || v === "headers-only")) p.return = v;
      else if (k === "count" && (v === "exact" || v === "planned" || v === "estimated")) p.count = v;
      else if (k === "resolution" && (v === "merge-duplicates" || v === "ignore-duplicates"))
        p.resolution = v;
      else if (k === "missing" && (v === "default" || v === "null")) p.missing = v;
      else if (k === "handling" && (v === "strict" || v === "lenient")) p.strict = v === "strict";
      else if (k === "max-affected" && v !== undefined && /^\d+$/.test(v)) p.maxAffected = Number(v);
      // `tx=` is accepted but not applied: hosted Supabase runs PostgREST with db-tx-end = commit.
      else if (k === "tx" && (v === "commit" || v === "rollback")) continue;
      else if (k === "timezone" || k === "params") continue;
      else {
        invalid.push(part.trim());
        continue;
      }
      p.applied.push(`${k}=${v}`);
    }
  if (p.strict && invalid.length) {
    throw new ApiError(
      400,
      "PGRST122",
      "Invalid preferences given with handling=strict",
      `Invalid preferences: ${invalid.join(", ")}`,
    );
  }
  return p;
}

function negotiate(accept: string | undefined): Media | null {
  if (!accept || !accept.trim()) return "json";
  const types = accept.split(",").map((t) => t.split(";")[0]!.trim().toLowerCase());
  for (const t of types) {
    if (t === "application/vnd.pgrst.object+json" || t === "application/vnd.pgrst.object") return "object";
    if (t === "application/json" || t === "*/*" || t === "application/*" || t === "application/geo+json")
      return "json";
    if (t === "text/csv" || t === "text/*") return "csv";
  }
  return null;
}

const CONTENT_TYPES: Record<Media, string> = {
  json: "application/json; charset=utf-8",
  object: "application/vnd.pgrst.object+json; charset=utf-8",
  csv: "text/csv; charset=utf-8",
};

function contentRange(lower: number, upper: number, total: number | null): string {
  const t = total === null ? "*" : String(total);
  return total === 0 || lower > upper ? `*/${t}` : `${lower}-${upper}/${t}`;
}

function csvOf(jsonText: string): string {
  const rows = JSON.parse(jsonText) as Record<string, unknown>[];
  if (!Array.isArray(rows) || rows.length === 0) return "";
  const cols = Object.keys(rows[0]!);
  const cell = (v: unknown) => {
    if (v === null || v === undefined) return "";
    const s = typeof v === "object" ? JSON.stringify(v) : String(v);
    return /[",\n\r]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
  };
  return [cols.map(cell).join(","), ...rows.map((r) => cols.map((c) => cell(r[c])).join(","))].join("\n");
}

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

function closest(name: string, candidates: Iterable<string>): string | null {
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

function tableNotFound(cache: SchemaCache, name: string): ApiError {
  const near = closest(name, cache.relations.keys());
  return new ApiError(
    404,
    "PGRST205",
    `Could not find the table '${EXPOSED_SCHEMA}.${name}' in the schema cache`,
    null,
    near ? `Perhaps you meant the table '${EXPOSED_SCHEMA}.${near}'` : null,
  );
}

function columnNotFound(rel: string, col: string): ApiError {
  return new ApiError(400, "PGRST204", `Could not find the '${col}' column of '${rel}' in the schema cache`);
}

export function restApp(ctx: EmulatorContext): Hono {
  const schema = new SchemaCacheHolder(ctx.db);
  const app = new Hono();

  async function lookup<T>(
    find: (c: SchemaCache) => T | undefined,
  ): Promise<{ cache: SchemaCache; found: T | undefined }> {
    let cache = await schema.get();
    let found = find(cache);
    if (found === undefined) {
      const fresh = await schema.refreshIfStale();
      if (fresh) {
        cache = fresh;
        found = find(cache);
      }
    }
    return { cache, found };
  }

  /** Runs one statement in the request's transaction and turns the row into an outcome. */
  async function run(
    identity: RequestIdentity,
    settings: Record<string, string>,
    sql: string,
    params: (string | null)[],
    finish: (row: Record<string, unknown>) => Outcome,
  ): Promise<Outcome> {
    try {
      return await ctx.db.asRole(
        identity,
        async (tx) => {
          const res = await tx.query<Record<string, unknown>>(sql, params, QUERY_OPTIONS);
          const out = finish(res.rows[0] ?? {});
          // A failed check after the statement (e.g. PGRST116 on a mutation) undoes it.
          if (out.status >= 400) throw new Abort(out);
          return out;
        },
        settings,
      );
    } catch (e) {
      if (e instanceof Abort) {
        if (e.outcome instanceof ApiError) throw e.outcome;
        return e.outcome;
      }
      if (e instanceof ApiError) throw e;
      const pg = fromPgError(e, identity.role !== "anon");
      if (pg) throw pg;
      throw e;
    }
  }

  function errorResponse(err: ApiError): Response {
    return new Response(JSON.stringify(err.body()), {
      status: err.status,
      headers: { "content-type": "application/json; charset=utf-8", ...err.headers },
    });
  }

  async function readBody(c: Context): Promise<unknown> {
    const max = ctx.config.maxBodyBytes;
    // Read incrementally so an oversized body is refused without buffering all of it.
    const buf = await readCappedBody(c.req.raw, max);
    if (!buf) throw new ApiError(413, "", "Request size limit exceeded");
    const ct = (c.req.header("content-type") ?? "application/json").split(";")[0]!.trim().toLowerCase();
    if (ct !== "application/json" && !ct.endsWith("+json") && ct !== "") {
      throw new ApiError(415, "PGRST107", `Content-Type not acceptable: ${ct}`);
    }
    const text = new TextDecoder().decode(buf);
    if (text.trim() === "") return undefined;
    try {
      return JSON.parse(text);
    } catch {
      throw new ApiError(400, "PGRST102", "Empty or invalid json");
    }
  }

  app.all("*", async (c) => {
    try {
      return await handle(c);
    } catch (e) {
      if (e instanceof ApiError) return errorResponse(e);
      console.error(`[emulator/rest] ${c.req.method} ${c.req.url}:`, e);
      return errorResponse(new ApiError(500, "PGRSTX00", e instanceof Error ? e.message : "internal error"));
    }
  });

  async function handle(c: Context): Promise<Response> {
    const auth = await resolveRequestAuth(c, ctx.config, ctx.keys);
    if (!auth.ok) {
      if (auth.reason === "no_apikey" || auth.reason === "bad_apikey") {
        return new Response(JSON.stringify({ message: auth.message }), {
          status: 401,
          headers: { "content-type": "application/json; charset=utf-8" },
        });
      }
      const code = auth.reason === "expired_jwt" ? "PGRST303" : "PGRST301";
      return errorResponse(
        new ApiError(401, code, auth.message, null, null, {
          "WWW-Authenticate": `Bearer error="invalid_token", error_description="${auth.message.replace(/"/g, "")}"`,
        }),
      );
    }
    const identity = auth.identity;
    const method = c.req.method.toUpperCase();
    const url = new URL(c.req.url);
    const idx = url.pathname.indexOf("/rest/v1");
    const path = idx >= 0 ? url.pathname.slice(idx + "/rest/v1".length) : url.pathname;
    let segs: string[];
    try {
      segs = path
        .split("/")
        .filter(Boolean)
        .map((s) => decodeURIComponent(s));
    } catch {
      throw new ApiError(404, "PGRST125", "Invalid path specified in request URL");
    }
    const profile =
      method === "GET" || method === "HEAD"
        ? c.req.header("accept-profile")
        : c.req.header("content-profile");
    if (profile && profile !== EXPOSED_SCHEMA) {
      throw new ApiError(
        406,
        "PGRST106",
        `Invalid schema: ${profile}`,
        null,
        `Only the following schemas are exposed: ${EXPOSED_SCHEMA}`,
      );
    }

    const media = negotiate(c.req.header("accept"));
    if (!media)
      throw new ApiError(
        406,
        "PGRST107",
        `None of these media types are available: ${c.req.header("accept")}`,
      );
    const prefer = parsePrefer(c.req.header("prefer") ? [c.req.header("prefer")!] : []);
    const headersLower: Record<string, string> = {};
    c.req.raw.headers.forEach((v, k) => {
      headersLower[k] = v;
    });
    const settings: Record<string, string> = {
      "request.method": method,
      "request.path": path || "/",
      "request.headers": JSON.stringify(headersLower),
      "request.cookies": "{}",
    };
    // Like PostgREST, GET and HEAD run in a read-only transaction (a writing function → 25006, 405).
    if (method === "GET" || method === "HEAD") settings.transaction_read_only = "on";

    if (segs.length === 0) {
      if (method !== "GET" && method !== "HEAD")
        throw new ApiError(405, "PGRST117", `Unsupported HTTP method: ${method}`);
      const cache = await schema.get();
      const doc = {
        swagger: "2.0",
        info: { title: "PostgREST API (emulator)", version: "12" },
        paths: Object.fromEntries([...cache.relations.keys()].sort().map((t) => [`/${t}`, {}])),
      };
      return new Response(method === "HEAD" ? null : JSON.stringify(doc), {
        status: 200,
        headers: { "content-type": "application/openapi+json; charset=utf-8" },
      });
    }

    let parsed: QueryParams | null = null;
    const getQ = (): QueryParams => {
      if (parsed) return parsed;
      try {
        parsed = parseQuery(url.searchParams);
      } catch (e) {
        if (e instanceof ApiError) throw e;
        // e.g. a RangeError from absurdly deep nesting: still the client's malformed query.
        throw new ApiError(
          400,
          "PGRST100",
          "failed to parse the query string",
          e instanceof Error ? e.message : null,
        );
      }
      return parsed;
    };
    const hasBody = method === "POST" || method === "PATCH" || method === "PUT";
    const body = hasBody ? await readBody(c) : undefined;

    let outcome: Outcome;
    if (segs[0] === "rpc" && segs.length === 2) {
      outcome = await callRpc(segs[1]!, method, getQ(), body, media, prefer, identity, settings, c);
    } else if (segs.length === 1) {
      const name = segs[0]!;
      const { cache, found: rel } = await lookup((s) => s.relations.get(name));
      if (!rel) throw tableNotFound(cache, name);
      if (method === "GET" || method === "HEAD") {
        outcome = await read(cache, rel, getQ, media, prefer, identity, settings, c, method === "HEAD");
      } else {
        const q = getQ();
        applyFilters(q, q.rawFilters);
        switch (method) {
          case "POST":
            outcome = await insert(cache, rel, q, body, media, prefer, identity, settings);
            break;
          case "PATCH":
            outcome = await update(cache, rel, q, body, media, prefer, identity, settings);
            break;
          case "DELETE":
            outcome = await remove(cache, rel, q, media, prefer, identity, settings);
            break;
          case "PUT":
            outcome = await insert(
              cache,
              rel,
              q,
              body,
              media,
              { ...prefer, resolution: "merge-duplicates" },
              identity,
              settings,
              true,
            );
            break;
          default:
            throw new ApiError(405, "PGRST117", `Unsupported HTTP method: ${method}`);
        }
      }
    } else {
      throw new ApiError(404, "PGRST125", "Invalid path specified in request URL");
    }
    if (prefer.applied.length) outcome.headers["Preference-Applied"] = prefer.applied.join(", ");
    return new Response(method === "HEAD" ? null : outcome.body, {
      status: outcome.status,
      headers: outcome.headers,
    });
  }

  /** Body of a read: a single object, CSV or the JSON array as Postgres built it. */
  function shapeBody(bodyText: string, n: number, media: Media): { body: string } | ApiError {
    if (media === "object") {
      if (n !== 1)
        return new ApiError(
          406,
          "PGRST116",
          "Cannot coerce the result to a single JSON object",
          `The result contains ${n} rows`,
        );
      return { body: bodyText.slice(1, -1) };
    }
    if (media === "csv") return { body: csvOf(bodyText) };
    return { body: bodyText };
  }

  function readRange(c: Context, method: string, q: QueryParams): { limit: number | null; offset: number } {
    const root = q.nodes.get("");
    let limit = root?.limit ?? null;
    let offset = root?.offset ?? 0;
    const rh = c.req.header("range");
    if (rh && (method === "GET" || method === "HEAD") && limit === null && !root?.offset) {
      const m = /^(?:items=)?\s*(\d+)-(\d*)\s*$/.exec(rh);
      if (m) {
        const lo = Number(m[1]);
        const hi = m[2] ? Number(m[2]) : null;
        if (hi !== null && hi < lo)
          throw new ApiError(
            416,
            "PGRST103",
            "Requested range not satisfiable",
            `The lower boundary must be lower than or equal to the upper boundary in the Range header.`,
          );
        offset = lo;
        limit = hi === null ? null : hi - lo + 1;
      }
    }
    const max = ctx.config.maxRows;
    if (max > 0) limit = limit === null ? max : Math.min(limit, max);
    return { limit, offset };
  }

  /**
   * Compiled table reads by request shape: the SQL text and its parameters are a pure function of
   * the table, the query string, the Range header, the count preference and the schema cache, so
   * a repeated read skips parsing and planning in JS. Bounded; dropped with the schema cache.
   */
  const compiledReads = new Map<string, CompiledRead>();
  const COMPILED_MAX = 500;

  async function read(
    cache: SchemaCache,
    rel: Relation,
    getQ: () => QueryParams,
    media: Media,
    prefer: Prefer,
    identity: RequestIdentity,
    settings: Record<string, string>,
    c: Context,
    head: boolean,
  ): Promise<Outcome> {
    const key = `${cache.loadedAt}\u0000${rel.name}\u0000${new URL(c.req.url).search}\u0000${c.req.header("range") ?? ""}\u0000${prefer.count ?? ""}`;
    let compiled = compiledReads.get(key);
    if (!compiled) {
      const q = getQ();
      applyFilters(q, q.rawFilters);
      const b = new Builder(cache, q);
      const src: Source = {
        label: rel.name,
        from: tableRef(rel.name),
        columns: rel.columns,
        relation: rel.name,
      };
      const root = b.plan(src, q.select, "");
      b.checkPaths(root);
      compiled = compileRead(b, root, readRange(c, c.req.method.toUpperCase(), q), prefer.count !== null);
      if (compiledReads.size >= COMPILED_MAX) compiledReads.delete(compiledReads.keys().next().value!);
      compiledReads.set(key, compiled);
    }
    return readOutcome(compiled, media, prefer, identity, settings, head, false);
  }

  function compileRead(
    b: Builder,
    root: ReturnType<Builder["plan"]>,
    range: { limit: number | null; offset: number },
    withCount: boolean,
  ): CompiledRead {
    const inner = b.readSql(root, null, range);
    const sql =
      `select coalesce(json_agg(_r), '[]'::json)::text as body, count(*)::int as n` +
      (withCount ? `, (${b.countSql(root)}) as total` : "") +
      ` from (${inner}) _r`;
    return { sql, params: b.params.values, range, withCount };
  }

  async function readOutcome(
    compiled: CompiledRead,
    media: Media,
    prefer: Prefer,
    identity: RequestIdentity,
    settings: Record<string, string>,
    head: boolean,
    singleObject: boolean,
  ): Promise<Outcome> {
    const { sql, params, range, withCount } = compiled;
    return run(identity, settings, sql, params, (row) => {
      const n = Number(row.n);
      const total = withCount ? Number(row.total) : null;
      const lower = range.offset;
      const upper = lower + n - 1;
      let status = 200;
      if (total !== null) {
        if (lower > total && !(lower === 0 && total === 0)) {
          return errOutcome(
            new ApiError(
              416,
              "PGRST103",
              "Requested range not satisfiable",
              `An offset of ${lower} was requested, but there are only ${total} rows.`,
            ),
          );
        }
        if (1 + upper - lower < total) status = 206;
      }
      const headers: Record<string, string> = { "Content-Range": contentRange(lower, upper, total) };
      if (singleObject) {
        if (n === 0)
          return { status: 200, body: "null", headers: { ...headers, "Content-Type": CONTENT_TYPES.json } };
      }
      const shaped = shapeBody(String(row.body), n, singleObject ? "object" : media);
      if (shaped instanceof ApiError) return errOutcome(shaped);
      headers["Content-Type"] = CONTENT_TYPES[singleObject && media === "json" ? "json" : media];
      return { status, body: head ? null : shaped.body, headers };
    });
  }

  function errOutcome(e: ApiError): Outcome {
    return {
      status: e.status,
      body: JSON.stringify(e.body()),
      headers: { "Content-Type": "application/json; charset=utf-8", ...e.headers },
    };
  }

  /** The tail shared by insert/update/delete: read back `pgrst_source` as the response wants. */
  function mutationSql(
    b: Builder,
    rel: Relation,
    q: QueryParams,
    cte: string,
    prefer: Prefer,
    tracksInserts = false,
  ): string {
    const ins = tracksInserts
      ? `, (select count(*) from pgrst_source where pgrst_inserted)::int as inserted`
      : "";
    if (prefer.return === "representation") {
      const src: Source = { label: rel.name, from: "pgrst_source", columns: rel.columns, relation: rel.name };
      const root = b.plan(src, q.select, "");
      b.checkPaths(root);
      // Filters already applied by the mutation itself; the read-back only shapes and orders.
      root.params = { ...root.params, logic: [] };
      const inner = b.readSql(root, null, { limit: null, offset: null });
      return `with pgrst_source as (${cte}) select coalesce(json_agg(_r), '[]'::json)::text as body, count(*)::int as n${ins} from (${inner}) _r`;
    }
    if (prefer.return === "headers-only" && rel.pk.length) {
      return `with pgrst_source as (${cte}) select (select json_agg(json_build_object(${rel.pk.map((k) => `${lit2(k)}, ${qi(k)}`).join(", ")}))::text from pgrst_source) as body, count(*)::int as n${ins} from pgrst_source`;
    }
    return `with pgrst_source as (${cte}) select null::text as body, count(*)::int as n${ins} from pgrst_source`;
  }

  function returning(rel: Relation, prefer: Prefer, alias: string, tracksInserts = false): string {
    // Merge-duplicates upserts report whether any row was new (201) or all were updated (200).
    const ins = tracksInserts ? `(${alias}.xmax = 0) as pgrst_inserted` : null;
    if (prefer.return === "representation") return [`${alias}.*`, ...(ins ? [ins] : [])].join(", ");
    if (prefer.return === "headers-only" && rel.pk.length)
      return [...rel.pk.map((k) => `${alias}.${qi(k)}`), ...(ins ? [ins] : [])].join(", ");
    return ins ?? "1";
  }

  function mutationOutcome(
    kind: "insert" | "update" | "delete",
    rel: Relation,
    prefer: Prefer,
    media: Media,
    row: Record<string, unknown>,
  ): Outcome {
    const n = Number(row.n);
    if (kind !== "insert" && prefer.strict && prefer.maxAffected !== null && n > prefer.maxAffected) {
      // Refused after the fact: the transaction is rolled back.
      return errOutcome(
        new ApiError(
          400,
          "PGRST124",
          "Query result exceeds max-affected preference constraint",
          `The query affects ${n} rows`,
        ),
      );
    }
    const total = prefer.count !== null ? n : null;
    const headers: Record<string, string> = {
      "Content-Range": kind === "update" ? contentRange(0, n - 1, total) : contentRange(1, 0, total),
    };
    if (prefer.return === "representation") {
      const shaped = shapeBody(String(row.body), n, media);
      if (shaped instanceof ApiError) return errOutcome(shaped);
      headers["Content-Type"] = CONTENT_TYPES[media];
      return { status: kind === "insert" ? 201 : 200, body: shaped.body, headers };
    }
    if (media === "object" && n !== 1) {
      return errOutcome(
        new ApiError(
          406,
          "PGRST116",
          "Cannot coerce the result to a single JSON object",
          `The result contains ${n} rows`,
        ),
      );
    }
    if (kind === "insert" && prefer.return === "headers-only" && row.body) {
      const keys = (JSON.parse(String(row.body)) as Record<string, unknown>[])[0];
      if (keys)
        headers.Location = `/${rel.name}?${Object.entries(keys)
          .map(([k, v]) => `${encodeURIComponent(k)}=eq.${encodeURIComponent(String(v))}`)
          .join("&")}`;
    }
    return { status: kind === "insert" ? 201 : 204, body: null, headers };
  }

  async function insert(
    cache: SchemaCache,
    rel: Relation,
    q: QueryParams,
    body: unknown,
    media: Media,
    prefer: Prefer,
    identity: RequestIdentity,
    settings: Record<string, string>,
    put = false,
  ): Promise<Outcome> {
    if (body === undefined || body === null || typeof body !== "object")
      throw new ApiError(400, "PGRST102", "Empty or invalid json");
    const rows = (Array.isArray(body) ? body : [body]) as unknown[];
    if (rows.some((r) => r === null || typeof r !== "object" || Array.isArray(r)))
      throw new ApiError(400, "PGRST102", "Empty or invalid json");
    const objs = rows as Record<string, unknown>[];
    let columns: string[];
    if (q.columns) columns = q.columns;
    else {
      columns = Object.keys(objs[0] ?? {});
      if (Array.isArray(body)) {
        const sig = [...columns].sort().join("\u0000");
        if (objs.some((o) => Object.keys(o).sort().join("\u0000") !== sig))
          throw new ApiError(400, "PGRST102", "All object keys must match");
      }
    }
    for (const col of columns) if (!rel.columns.has(col)) throw columnNotFound(rel.name, col);
    let conflict: string[] | null = null;
    if (prefer.resolution || put) {
      conflict = q.onConflict ?? rel.pk;
      for (const col of conflict) if (!rel.columns.has(col)) throw columnNotFound(rel.name, col);
      if (conflict.length === 0)
        throw new ApiError(
          400,
          "42P10",
          "there is no unique or exclusion constraint matching the ON CONFLICT specification",
        );
    }
    if (put) {
      // PUT: one row, addressed by `pk=eq.value` filters on exactly the primary key columns.
      const root = q.nodes.get("");
      if ((root?.limit !== null && root?.limit !== undefined) || root?.offset) {
        throw new ApiError(400, "PGRST114", "limit/offset querystring parameters are not allowed for PUT");
      }
      const filters = (root?.logic ?? []).map((l) =>
        l.kind === "filter" && !l.filter.negate && l.filter.op === "eq" && !l.filter.field.path.length
          ? l.filter
          : null,
      );
      const names = filters.map((f) => f?.field.name);
      if (
        !rel.pk.length ||
        filters.some((f) => !f) ||
        names.length !== rel.pk.length ||
        !rel.pk.every((k) => names.includes(k))
      ) {
        throw new ApiError(
          405,
          "PGRST105",
          "Filters must include all and only primary key columns with 'eq' operators",
        );
      }
      if (
        Array.isArray(body) ||
        !filters.every((f) => String((body as Record<string, unknown>)[f!.field.name]) === f!.value)
      ) {
        throw new ApiError(400, "PGRST115", "Payload values do not match URL in primary key column(s)");
      }
      q.nodes.delete("");
    }
    const b = new Builder(cache, q);
    if (objs.length === 0) {
      const empty: Outcome = {
        status: 201,
        body: prefer.return === "representation" ? "[]" : null,
        headers: { "Content-Range": contentRange(1, 0, prefer.count ? 0 : null) },
      };
      if (prefer.return === "representation") empty.headers["Content-Type"] = CONTENT_TYPES.json;
      return empty;
    }
    let cte: string;
    const target = `${tableRef(rel.name)} as pgrst_ins`;
    const merging = columns.length > 0 && conflict !== null && prefer.resolution !== "ignore-duplicates";
    if (columns.length === 0) {
      const first = rel.columnList[0];
      if (objs.length !== 1 && first) {
        // Several empty objects: one row of defaults each.
        cte = `insert into ${target} (${qi(first.name)}) values ${objs.map(() => "(default)").join(", ")} returning ${returning(rel, prefer, "pgrst_ins")}`;
      } else cte = `insert into ${target} default values returning ${returning(rel, prefer, "pgrst_ins")}`;
    } else {
      const useDefault = prefer.missing === "default";
      const values = objs.map((o) => {
        const cells = columns.map((col) => {
          if (!(col in o)) return useDefault ? "default" : "null";
          const c = rel.columns.get(col)!;
          return b.params.add(toPgText(o[col], c.type, c.category));
        });
        return `(${cells.join(", ")})`;
      });
      cte = `insert into ${target} (${columns.map(qi).join(", ")}) values ${values.join(", ")}`;
      if (conflict) {
        const sets = columns.map((c) => `${qi(c)} = excluded.${qi(c)}`);
        cte +=
          ` on conflict (${conflict.map(qi).join(", ")}) ` +
          (prefer.resolution === "ignore-duplicates" || sets.length === 0
            ? "do nothing"
            : `do update set ${sets.join(", ")}`);
      }
      cte += ` returning ${returning(rel, prefer, "pgrst_ins", merging)}`;
    }
    const sql = mutationSql(b, rel, q, cte, prefer, merging);
    return run(identity, settings, sql, b.params.values, (row) => {
      const out = mutationOutcome("insert", rel, prefer, media, row);
      if (merging && out.status === 201 && Number(row.inserted) === 0) out.status = 200;
      if (put && out.status < 300 && prefer.return !== "representation") out.status = 204;
      return out;
    });
  }

  async function update(
    cache: SchemaCache,
    rel: Relation,
    q: QueryParams,
    body: unknown,
    media: Media,
    prefer: Prefer,
    identity: RequestIdentity,
    settings: Record<string, string>,
  ): Promise<Outcome> {
    if (body === undefined || body === null || typeof body !== "object" || Array.isArray(body))
      throw new ApiError(400, "PGRST102", "Empty or invalid json");
    const obj = body as Record<string, unknown>;
    const columns = Object.keys(obj);
    for (const col of columns) if (!rel.columns.has(col)) throw columnNotFound(rel.name, col);
    if (columns.length === 0) {
      const headers: Record<string, string> = { "Content-Range": "*/*" };
      if (prefer.return === "representation")
        return {
          status: 200,
          body: media === "object" ? "null" : "[]",
          headers: { ...headers, "Content-Type": CONTENT_TYPES.json },
        };
      return { status: 204, body: null, headers };
    }
    const b = new Builder(cache, q);
    const src: Source = {
      label: rel.name,
      from: tableRef(rel.name),
      columns: rel.columns,
      relation: rel.name,
    };
    const node = b.plan(src, [], "");
    const sets = columns.map((col) => {
      const c = rel.columns.get(col)!;
      return `${qi(col)} = ${b.params.add(toPgText(obj[col], c.type, c.category))}`;
    });
    const where = b.whereParts(node);
    const cte = `update ${tableRef(rel.name)} as ${node.alias} set ${sets.join(", ")}${where.length ? ` where ${where.join(" and ")}` : ""} returning ${returning(rel, prefer, node.alias)}`;
    const sql = mutationSql(b, rel, q, cte, prefer);
    return run(identity, settings, sql, b.params.values, (row) =>
      mutationOutcome("update", rel, prefer, media, row),
    );
  }

  async function remove(
    cache: SchemaCache,
    rel: Relation,
    q: QueryParams,
    media: Media,
    prefer: Prefer,
    identity: RequestIdentity,
    settings: Record<string, string>,
  ): Promise<Outcome> {
    const b = new Builder(cache, q);
    const src: Source = {
      label: rel.name,
      from: tableRef(rel.name),
      columns: rel.columns,
      relation: rel.name,
    };
    const node = b.plan(src, [], "");
    const where = b.whereParts(node);
    const cte = `delete from ${tableRef(rel.name)} as ${node.alias}${where.length ? ` where ${where.join(" and ")}` : ""} returning ${returning(rel, prefer, node.alias)}`;
    const sql = mutationSql(b, rel, q, cte, prefer);
    return run(identity, settings, sql, b.params.values, (row) =>
      mutationOutcome("delete", rel, prefer, media, row),
    );
  }

  /* ── RPC ──────────────────────────────────────────────────────────────────────────────── */

  async function callRpc(
    name: string,
    method: string,
    q: QueryParams,
    body: unknown,
    media: Media,
    prefer: Prefer,
    identity: RequestIdentity,
    settings: Record<string, string>,
    c: Context,
  ): Promise<Outcome> {
    if (method !== "GET" && method !== "HEAD" && method !== "POST")
      throw new ApiError(405, "PGRST101", `Cannot use the ${method} method on RPC`);
    let args: Record<string, unknown>;
    let raw = q.rawFilters;
    if (method === "POST") {
      if (body === undefined) args = {};
      else if (body === null || typeof body !== "object" || Array.isArray(body))
        throw new ApiError(400, "PGRST102", "Empty or invalid json");
      else args = body as Record<string, unknown>;
    } else args = {};
    const { cache, found: overloads } = await lookup((s) => s.functions.get(name));
    const getNames = new Set(method === "POST" ? [] : raw.map(([k]) => k));
    let chosen: Func | undefined;
    let singleJson = false;
    for (const f of overloads ?? []) {
      const pnames = new Set(f.params.map((p) => p.name));
      if (method === "POST") {
        const keys = Object.keys(args);
        if (
          keys.every((k) => pnames.has(k)) &&
          f.params.every((p) => p.hasDefault || keys.includes(p.name))
        ) {
          chosen = f;
          break;
        }
      } else {
        const keys = [...getNames].filter((k) => pnames.has(k));
        if (f.params.every((p) => p.hasDefault || keys.includes(p.name))) {
          chosen = f;
          break;
        }
      }
    }
    if (!chosen && method === "POST") {
      const one = (overloads ?? []).find(
        (f) => f.params.length === 1 && f.params[0]!.name === "" && /^jsonb?$/.test(f.params[0]!.type),
      );
      if (one) {
        chosen = one;
        singleJson = true;
      }
    }
    if (!chosen) {
      const keys = (method === "POST" ? Object.keys(args) : [...getNames]).sort();
      const prms = keys.join(", ");
      const fn = `${EXPOSED_SCHEMA}.${name}`;
      const near = overloads?.length
        ? `${fn}(${overloads[0]!.params.map((p) => p.name).join(", ")})`
        : closest(name, cache.functions.keys());
      throw new ApiError(
        404,
        "PGRST202",
        `Could not find the function ${fn}${keys.length ? `(${prms})` : " without parameters"} in the schema cache`,
        `Searched for the function ${fn}${keys.length ? ` with parameter${keys.length > 1 ? "s" : ""} ${prms}` : " without parameters"}${method === "POST" ? " or with a single unnamed json/jsonb parameter" : ""}, but no matches were found in the schema cache.`,
        near
          ? `Perhaps you meant to call the function ${near.startsWith(EXPOSED_SCHEMA + ".") ? near : `${EXPOSED_SCHEMA}.${near}`}`
          : null,
      );
    }
    const f = chosen;
    const b = new Builder(cache, q);
    let call: string;
    if (singleJson) call = `${tableRef(f.name)}(${b.params.add(JSON.stringify(args))}::${f.params[0]!.type})`;
    else {
      const parts: string[] = [];
      if (method === "POST") {
        for (const p of f.params) {
          if (!(p.name in args)) continue;
          parts.push(
            `${qi(p.name)} := ${b.params.add(toPgText(args[p.name], p.type, p.type.endsWith("[]") ? "A" : null))}::${p.type}`,
          );
        }
      } else {
        const pn = new Set(f.params.map((p) => p.name));
        const rest: [string, string][] = [];
        for (const [k, v] of raw) {
          if (pn.has(k)) {
            const p = f.params.find((x) => x.name === k)!;
            parts.push(`${qi(k)} := ${b.params.add(v)}::${p.type}`);
          } else rest.push([k, v]);
        }
        raw = rest;
      }
      call = `${tableRef(f.name)}(${parts.join(", ")})`;
    }
    applyFilters(q, raw);
    const head = method === "HEAD";

    if (f.returnColumns) {
      const returnRel = f.returnTable ? (cache.relations.get(f.returnTable) ?? null) : null;
      const src: Source = {
        label: f.name,
        from: call,
        columns: new Map(f.returnColumns.map((col) => [col.name, col])),
        relation: returnRel ? returnRel.name : null,
      };
      const root = b.plan(src, q.select, "");
      b.checkPaths(root);
      const range = readRange(c, method, q);
      if (!f.returnsSet) range.limit = null;
      return readOutcome(
        compileRead(b, root, range, prefer.count !== null),
        media,
        prefer,
        identity,
        settings,
        head,
        !f.returnsSet && media !== "csv",
      );
    }
    if (f.returnType === "void") {
      const sql = `select ${call} is null as done`;
      return run(identity, settings, sql, b.params.values, () => ({ status: 204, body: null, headers: {} }));
    }
    if (f.returnsSet) {
      const range = readRange(c, method, q);
      const inner = `select pgrst_scalar from ${call} as pgrst_scalar${range.limit !== null ? ` limit ${range.limit}` : ""}${range.offset ? ` offset ${range.offset}` : ""}`;
      const withCount = prefer.count !== null;
      const sql =
        `select coalesce(json_agg(_r.pgrst_scalar), '[]'::json)::text as body, count(*)::int as n` +
        (withCount ? `, (select count(*)::int from ${call} as pgrst_scalar) as total` : "") +
        ` from (${inner}) _r`;
      return run(identity, settings, sql, b.params.values, (row) => {
        const n = Number(row.n);
        const total = withCount ? Number(row.total) : null;
        const headers: Record<string, string> = {
          "Content-Range": contentRange(range.offset, range.offset + n - 1, total),
          "Content-Type": CONTENT_TYPES[media],
        };
        const shaped = shapeBody(String(row.body), n, media);
        if (shaped instanceof ApiError) return errOutcome(shaped);
        return { status: 200, body: head ? null : shaped.body, headers };
      });
    }
    const sql = `select to_json(${call})::text as body`;
    return run(identity, settings, sql, b.params.values, (row) => {
      const text = row.body === null || row.body === undefined ? "null" : String(row.body);
      const headers: Record<string, string> = {
        "Content-Range": "0-0/*",
        "Content-Type": CONTENT_TYPES[media === "csv" ? "csv" : "json"],
      };
      return {
        status: 200,
        body: head ? null : media === "csv" ? String(JSON.parse(text) ?? "") : text,
        headers,
      };
    });
  }

  return app;
}

function lit2(s: string): string {
  return `'${s.replace(/'/g, "''")}'`;
}
