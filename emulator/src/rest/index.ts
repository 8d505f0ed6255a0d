/**
 * `/rest/v1`: the PostgREST surface supabase-js emits. Every request resolves its caller
 * (apikey + optional user JWT), then runs as ONE transaction as that role with the request's
 * claims and headers set, so Postgres RLS decides exactly as behind PostgREST.
 *
 * This file resolves the caller and routes; the rest lives beside it: read.ts (GET/HEAD),
 * write.ts (POST/PATCH/PUT/DELETE), rpc.ts (`/rpc/…`), kit.ts (the statement as the caller's
 * role, the schema cache, ranges), protocol.ts (Prefer, Accept, Content-Range, bodies),
 * not-found.ts, schema-cache.ts (pg_catalog introspection), parse.ts (query-string grammar),
 * query.ts (SQL building), errors.ts (PGRST codes, SQLSTATE → HTTP).
 * Known gaps against PostgREST: no embedding through views (relationships come from foreign
 * keys between tables only), `count=planned|estimated` answer the exact count, aggregates are
 * refused (PGRST123, as on hosted Supabase where they are disabled), no CSV/form-urlencoded request bodies, no OpenAPI beyond a table list at `/`.
 */
import { Hono, type Context } from "hono";
import { readCappedBody } from "#core/read-capped-body.ts";
import type { EmulatorContext } from "../context.ts";
import { resolveRequestAuth } from "../http/request-auth.ts";
import { ApiError } from "./errors.ts";
import { restKit } from "./kit.ts";
import { tableNotFound } from "./not-found.ts";
import { applyFilters, parseQuery, type QueryParams } from "./parse.ts";
import { errorResponse, negotiate, parsePrefer, type Outcome } from "./protocol.ts";
import { readHandlers } from "./read.ts";
import { rpcHandler } from "./rpc.ts";
import { EXPOSED_SCHEMA } from "./schema-cache.ts";
import { writeHandlers } from "./write.ts";

export function restApp(ctx: EmulatorContext): Hono {
  const k = restKit(ctx);
  const { schema, lookup } = k;
  const reads = readHandlers(k);
  const { read } = reads;
  const { insert, update, remove } = writeHandlers(k);
  const callRpc = rpcHandler(k, reads);
  const app = new Hono();

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

  return app;
}
