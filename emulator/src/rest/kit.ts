/**
 * What every REST handler shares: the schema cache (refreshed once when a name is missing), the
 * one statement a request runs as its role with its claims (RLS decides), and the row range a
 * read asks for (limit/offset, or the Range header, capped at the configured maximum).
 */
import type { Context } from "hono";
import type { EmulatorContext } from "../context.ts";
import type { RequestIdentity } from "../db.ts";
import { ApiError, fromPgError } from "./errors.ts";
import type { QueryParams } from "./parse.ts";
import type { Outcome } from "./protocol.ts";
import { SchemaCacheHolder, type SchemaCache } from "./schema-cache.ts";

/** Every parameter goes to Postgres as text; Postgres parses it as the type it infers. */
const QUERY_OPTIONS = { rawText: true } as const;

class Abort {
  constructor(readonly outcome: Outcome | ApiError) {}
}

/** The helpers bound to one emulator (its database, configuration and schema cache). */
export function restKit(ctx: EmulatorContext) {
  const schema = new SchemaCacheHolder(ctx.db);

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

  return { ctx, schema, lookup, run, readRange };
}

export type RestKit = ReturnType<typeof restKit>;
