/**
 * Table reads (GET/HEAD): the query string planned into one SQL statement that builds the JSON
 * body in Postgres, with the count and Content-Range; compiled statements are reused by request
 * shape. RPCs that return rows read through the same path.
 */
import type { Context } from "hono";
import type { RequestIdentity } from "../db.ts";
import { ApiError } from "./errors.ts";
import { applyFilters, type QueryParams } from "./parse.ts";
import {
  CONTENT_TYPES,
  contentRange,
  errOutcome,
  shapeBody,
  type Media,
  type Outcome,
  type Prefer,
} from "./protocol.ts";
import { Builder, tableRef, type Source } from "./query.ts";
import type { RestKit } from "./kit.ts";
import type { Relation, SchemaCache } from "./schema-cache.ts";

interface CompiledRead {
  sql: string;
  params: (string | null)[];
  range: { limit: number | null; offset: number };
  withCount: boolean;
}

export function compileRead(
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

export function readHandlers(k: RestKit) {
  const { run, readRange } = k;

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

  return { read, readOutcome };
}

export type ReadHandlers = ReturnType<typeof readHandlers>;
