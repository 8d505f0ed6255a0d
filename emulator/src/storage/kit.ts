/**
 * What every Storage route shares: who the caller is (and the Storage operation policies read as
 * storage.operation()), JSON bodies parsed with the route's schema, statements as the caller's
 * role (RLS decides) or as the owner (bucket limits, existence checks), Postgres errors mapped to
 * Storage's, signed-URL tokens, and the sweep that keeps files in step with committed rows.
 */
import crypto from "node:crypto";
import type { Context } from "hono";
import { errors as joseErrors } from "jose";
import type { ZodType } from "zod";
import type { EmulatorContext } from "../context.ts";
import type { RequestIdentity, Tx } from "../db.ts";
import { resolveRequestAuth } from "../http/request-auth.ts";
import { readCapped } from "./body.ts";
import { ERR, StorageErr, fromDbError } from "./errors.ts";
import { ObjectFiles } from "./files.ts";
import { describeIssue } from "./schemas.ts";

export interface Caller {
  identity: RequestIdentity;
  owner: string | null;
  isAuthenticated: boolean;
  /** Storage API's operation name for this request (policies read it as storage.operation()). */
  operation: string;
}

/** The operation of each request in flight, set by the router (Storage's ROUTE_OPERATIONS). */
export const operations = new WeakMap<Request, string>();

export class GatewayReject extends Error {
  constructor(
    readonly status: 401,
    message: string,
  ) {
    super(message);
  }
}

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function md5(bytes: Uint8Array): string {
  return crypto.createHash("md5").update(bytes).digest("hex");
}

export interface ObjectRow {
  id: string;
  name: string;
  bucket_id: string;
  owner: string | null;
  owner_id: string | null;
  version: string | null;
  metadata: Record<string, unknown> | null;
  user_metadata: Record<string, unknown> | null;
  created_at: Date | string | null;
  updated_at: Date | string | null;
  last_accessed_at: Date | string | null;
}

export const OBJECT_COLS =
  "id, name, bucket_id, owner, owner_id, version, metadata, user_metadata, created_at, updated_at, last_accessed_at";
export const BUCKET_COLS =
  "id, name, owner, public, created_at, updated_at, file_size_limit::float8 as file_size_limit, allowed_mime_types";

export function iso(d: Date | string | null | undefined): string | null {
  if (d == null) return null;
  return d instanceof Date ? d.toISOString() : d;
}

export function objectJson(o: ObjectRow) {
  return {
    ...o,
    created_at: iso(o.created_at),
    updated_at: iso(o.updated_at),
    last_accessed_at: iso(o.last_accessed_at),
  };
}

/** The helpers bound to one emulator (its database, files and signing keys). */
export function storageKit(ctx: EmulatorContext) {
  const files = new ObjectFiles(ctx.config.dataDir);
  const db = ctx.db;

  async function callerOf(c: Context, opts: { allowInvalidJwt?: boolean } = {}): Promise<Caller> {
    const r = await resolveRequestAuth(c, ctx.config, ctx.keys);
    const operation = operations.get(c.req.raw) ?? "";
    if (r.ok) {
      const sub = typeof r.identity.claims.sub === "string" ? r.identity.claims.sub : null;
      return { identity: r.identity, owner: sub, isAuthenticated: true, operation };
    }
    if (r.reason === "no_apikey" || r.reason === "bad_apikey") throw new GatewayReject(401, r.message);
    if (opts.allowInvalidJwt)
      return {
        identity: { role: "anon", claims: { role: "anon" } },
        owner: null,
        isAuthenticated: false,
        operation,
      };
    throw ERR.accessDenied(
      r.reason === "expired_jwt" ? '"exp" claim timestamp check failed' : "signature verification failed",
    );
  }

  async function jsonBody<T>(c: Context, schema: ZodType<T>): Promise<T> {
    const bytes = await readCapped(c.req.raw, ctx.config.maxBodyBytes);
    if (bytes === "too_large")
      throw new StorageErr(413, "EntityTooLarge", "Payload Too Large", "Request body is too large", 413);
    const text = new TextDecoder().decode(bytes).trim();
    let value: unknown = {};
    if (text) {
      try {
        value = JSON.parse(text);
      } catch {
        throw ERR.validation("Body is not valid JSON but content-type is set to 'application/json'");
      }
    }
    if (value === null || typeof value !== "object" || Array.isArray(value))
      throw ERR.validation("body must be object");
    const parsed = schema.safeParse(value);
    if (!parsed.success) throw ERR.validation(describeIssue("body", parsed.error, value));
    return parsed.data;
  }

  function mapDb(e: unknown): never {
    if (e instanceof StorageErr) throw e;
    const mapped = fromDbError(e);
    if (mapped) throw mapped;
    throw e;
  }

  async function asRole<T>(caller: Caller, fn: (tx: Tx) => Promise<T>): Promise<T> {
    try {
      return await db.asRole(caller.identity, fn, { "storage.operation": caller.operation });
    } catch (e) {
      mapDb(e);
    }
  }

  async function asAdmin<T>(fn: (tx: Tx) => Promise<T>): Promise<T> {
    try {
      return await db.admin(fn);
    } catch (e) {
      mapDb(e);
    }
  }

  /** After a change: drop every version file the committed row no longer points at. */
  async function sweep(items: Array<{ bucket: string; name: string }>): Promise<void> {
    if (!items.length) return;
    await db.admin(async (tx) => {
      for (const { bucket, name } of items) {
        const r = await tx.query<{ version: string | null }>(
          "select version from storage.objects where bucket_id = $1 and name = $2",
          [bucket, name],
        );
        files.removeStale(bucket, name, r.rows[0]?.version ?? null);
      }
    });
  }

  async function findBucketAdmin(id: string) {
    const r = await asAdmin((tx) =>
      tx.query<{
        id: string;
        public: boolean;
        file_size_limit: number | null;
        allowed_mime_types: string[] | null;
      }>(
        "select id, public, file_size_limit::float8 as file_size_limit, allowed_mime_types from storage.buckets where id = $1",
        [id],
      ),
    );
    return r.rows[0] ?? null;
  }

  async function verifyToken(token: string | undefined, bucketId: string, name: string, scope: string) {
    if (!token) throw ERR.validation("querystring must have required property 'token'");
    let payload: Record<string, unknown>;
    try {
      payload = (await ctx.keys.verify(token)) as Record<string, unknown>;
    } catch (e) {
      if (e instanceof joseErrors.JOSEError) throw ERR.invalidJwt(e.message);
      throw ERR.invalidJwt();
    }
    if (payload.scope !== scope || typeof payload.url !== "string")
      throw ERR.invalidSignature(`Token is not scoped for ${scope}`);
    if (payload.url !== `${bucketId}/${name}`) throw ERR.invalidSignature();
    if (typeof payload.exp !== "number" || payload.exp * 1000 < Date.now()) throw ERR.expiredSignature();
    return payload;
  }

  return { ctx, db, files, callerOf, jsonBody, mapDb, asRole, asAdmin, sweep, findBucketAdmin, verifyToken };
}

export type StorageKit = ReturnType<typeof storageKit>;
