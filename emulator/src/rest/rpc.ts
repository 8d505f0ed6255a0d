/**
 * `/rpc/<function>`: picks the overload whose parameters match the arguments (POST body, or the
 * GET query string), calls it, and answers like PostgREST: rows through the read path, a set of
 * scalars, one value, or 204 for void.
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
import { toPgText } from "./pg-text.ts";
import { Builder, qi, tableRef, type Source } from "./query.ts";
import type { RestKit } from "./kit.ts";
import { closest } from "./not-found.ts";
import { compileRead, type ReadHandlers } from "./read.ts";
import { EXPOSED_SCHEMA, type Func } from "./schema-cache.ts";

export function rpcHandler(k: RestKit, { readOutcome }: ReadHandlers) {
  const { lookup, run, readRange } = k;

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

  return callRpc;
}
