/**
 * `/storage/v1` — the Storage API surface supabase-js calls: buckets, object upload/download,
 * public and signed URLs, list, move/copy, remove. Like the real server, every decision that the
 * real one leaves to Postgres runs as the caller's role with its JWT claims, so the policies on
 * `storage.objects` / `storage.buckets` decide; bucket lookups for limits use the owner connection.
 * Bytes live under `<dataDir>/storage` (see files.ts); a row commits before its bytes become visible
 * and stale versions are swept after every change, so rows and files stay consistent.
 */
import { parseTransformQuery, renderImage, type TransformQuery } from "./render.ts";
import crypto from "node:crypto";
import path from "node:path";
import { Hono, type Context } from "hono";
import { errors as joseErrors } from "jose";
import type { ZodType } from "zod";
import type { EmulatorContext } from "../context.ts";
import type { RequestIdentity, Tx } from "../db.ts";
import { resolveRequestAuth } from "../http/request-auth.ts";
import { ERR, StorageErr, fromDbError, renderStorageError } from "./errors.ts";
import { readCapped } from "./body.ts";
import { ObjectFiles } from "./files.ts";
import {
  createBucketBody,
  deleteManyBody,
  describeIssue,
  listBody,
  listBucketsQuery,
  listV2Body,
  moveCopyBody,
  signBody,
  signManyBody,
  updateBucketBody,
} from "./schemas.ts";
import {
  EMPTY_FOLDER,
  MIME_RULE,
  SCOPE_DOWNLOAD,
  SCOPE_UPLOAD,
  mustBeValidBucketName,
  mustBeValidKey,
  parseFileSizeToBytes,
  validateMimeType,
} from "./validation.ts";

export { mustBeValidBucketName, mustBeValidKey } from "./validation.ts";

// ── request helpers ──────────────────────────────────────────────────────────────────────────
interface Caller {
  identity: RequestIdentity;
  owner: string | null;
  isAuthenticated: boolean;
  /** Storage API's operation name for this request (policies read it as storage.operation()). */
  operation: string;
}

/** The operation of each request in flight, set by the router (Storage's ROUTE_OPERATIONS). */
const operations = new WeakMap<Request, string>();

class GatewayReject extends Error {
  constructor(
    readonly status: 401,
    message: string,
  ) {
    super(message);
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function md5(bytes: Uint8Array): string {
  return crypto.createHash("md5").update(bytes).digest("hex");
}

/**
 * Headers on every user file served from the API origin: nothing in it may load or run (a
 * sandboxed, resource-less document even if a browser renders it), and no content sniffing.
 * Beyond hosted Storage (which serves files as uploaded): the emulator's origin is the API's.
 */
const USER_FILE_CSP = "default-src 'none'; sandbox";
/** Raster images browsers only ever draw: served inline; every other type is an attachment. */
const SAFE_INLINE_TYPES = new Set(["image/jpeg", "image/png", "image/webp", "image/avif", "image/gif"]);

function userFileHeaders(): Headers {
  return new Headers({ "content-security-policy": USER_FILE_CSP, "x-content-type-options": "nosniff" });
}

function contentDisposition(filename: string): string {
  const ascii = filename.replace(/[^\x20-\x7e]/g, "_").replace(/["\\]/g, "_");
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}

interface ObjectRow {
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

const OBJECT_COLS =
  "id, name, bucket_id, owner, owner_id, version, metadata, user_metadata, created_at, updated_at, last_accessed_at";
const BUCKET_COLS =
  "id, name, owner, public, created_at, updated_at, file_size_limit::float8 as file_size_limit, allowed_mime_types";

function iso(d: Date | string | null | undefined): string | null {
  if (d == null) return null;
  return d instanceof Date ? d.toISOString() : d;
}

function objectJson(o: ObjectRow) {
  return {
    ...o,
    created_at: iso(o.created_at),
    updated_at: iso(o.updated_at),
    last_accessed_at: iso(o.last_accessed_at),
  };
}

export function storageApp(ctx: EmulatorContext): Hono {
  const files = new ObjectFiles(ctx.config.dataDir);
  const db = ctx.db;
  const app = new Hono();

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

  // ── buckets ──────────────────────────────────────────────────────────────────────────────
  async function listBuckets(c: Context) {
    const caller = await callerOf(c);
    const q = listBucketsQuery.safeParse(c.req.query());
    if (!q.success) throw ERR.validation(describeIssue("querystring", q.error, c.req.query()));
    const { limit, offset, search, sortColumn, sortOrder } = q.data;
    const where: string[] = [];
    const params: unknown[] = [];
    if (search) {
      params.push(`%${search.replace(/[\\%_]/g, (m) => `\\${m}`)}%`);
      where.push(`name ilike $${params.length}`);
    }
    let sql = `select ${BUCKET_COLS}, type from storage.buckets${where.length ? ` where ${where.join(" and ")}` : ""}`;
    sql += sortColumn
      ? ` order by ${sortColumn} ${sortOrder === "desc" ? "desc" : "asc"}`
      : " order by created_at, id";
    if (limit !== undefined) {
      params.push(limit);
      sql += ` limit $${params.length}`;
    }
    if (offset !== undefined) {
      params.push(offset);
      sql += ` offset $${params.length}`;
    }
    const r = await asRole(caller, (tx) => tx.query<Record<string, unknown>>(sql, params));
    return c.json(r.rows.map(bucketJson));
  }

  function bucketJson(b: Record<string, unknown>) {
    return { ...b, created_at: iso(b.created_at as Date), updated_at: iso(b.updated_at as Date) };
  }

  async function getBucket(c: Context, id: string) {
    const caller = await callerOf(c);
    mustBeValidBucketName(id);
    const r = await asRole(caller, (tx) =>
      tx.query<Record<string, unknown>>(`select ${BUCKET_COLS} from storage.buckets where id = $1`, [id]),
    );
    const b = r.rows[0];
    if (!b) throw ERR.noSuchBucket();
    return c.json(bucketJson(b));
  }

  function sizeLimitOf(v: number | string | null | undefined): number | null | undefined {
    if (v === undefined) return undefined;
    if (v === null) return null;
    const n = typeof v === "string" ? parseFileSizeToBytes(v) : v;
    if (n > ctx.config.storageFileSizeLimit) throw ERR.entityTooLarge();
    return n;
  }

  function mimeListOf(v: string[] | null | undefined): string[] | null | undefined {
    if (!v) return v;
    const list = v.filter((m) => m);
    for (const m of list) if (m.length > 1000 || !MIME_RULE.test(m)) throw ERR.invalidMimeType(m);
    return list;
  }

  async function createBucket(c: Context) {
    const caller = await callerOf(c);
    const body = await jsonBody(c, createBucketBody);
    if (body.name.trim() !== body.name) throw ERR.invalidBucketName();
    mustBeValidBucketName(body.name);
    const id = body.id || body.name;
    mustBeValidBucketName(id);
    if (body.type === "ANALYTICS") {
      throw new StorageErr(
        409,
        "FeatureNotEnabled",
        "FeatureNotEnabled",
        "The feature iceberg_catalog is not enabled for this resource",
      );
    }
    const limit = sizeLimitOf(body.file_size_limit);
    const mimes = mimeListOf(body.allowed_mime_types);
    const owner = caller.owner && UUID.test(caller.owner) ? caller.owner : null;
    await asRole(caller, (tx) =>
      tx.query(
        `insert into storage.buckets (id, name, owner, owner_id, public, file_size_limit, allowed_mime_types)
         values ($1, $2, $3::uuid, $4, $5, $6, $7::text[])`,
        [id, body.name, owner, caller.owner, body.public ?? false, limit ?? null, mimes ?? null],
      ),
    );
    return c.json({ name: body.name });
  }

  async function updateBucket(c: Context, id: string) {
    const caller = await callerOf(c);
    mustBeValidBucketName(id);
    const body = await jsonBody(c, updateBucketBody);
    const sets: string[] = [];
    const params: unknown[] = [id];
    if (body.public !== undefined) {
      params.push(body.public);
      sets.push(`public = $${params.length}`);
    }
    const limit = sizeLimitOf(body.file_size_limit);
    if (limit !== undefined) {
      params.push(limit);
      sets.push(`file_size_limit = $${params.length}`);
    }
    const mimes = mimeListOf(body.allowed_mime_types);
    if (mimes !== undefined) {
      params.push(mimes);
      sets.push(`allowed_mime_types = $${params.length}::text[]`);
    }
    const r = await asRole(caller, (tx) =>
      tx.query(
        `update storage.buckets set ${sets.join(", ")}, updated_at = now() where id = $1 returning id`,
        params,
      ),
    );
    if (!r.rows.length) throw ERR.noSuchBucket();
    return c.json({ message: "Successfully updated" });
  }

  async function deleteBucket(c: Context, id: string) {
    const caller = await callerOf(c);
    mustBeValidBucketName(id);
    const state = await asAdmin(async (tx) => {
      const b = await tx.query("select id from storage.buckets where id = $1", [id]);
      if (!b.rows.length) return "missing" as const;
      const o = await tx.query("select 1 from storage.objects where bucket_id = $1 limit 1", [id]);
      return o.rows.length ? ("not_empty" as const) : ("ok" as const);
    });
    if (state === "missing") throw ERR.noSuchBucket();
    if (state === "not_empty") throw ERR.bucketNotEmpty();
    const r = await asRole(caller, (tx) =>
      tx.query("delete from storage.buckets where id = $1 returning id", [id]),
    );
    if (!r.rows.length) throw ERR.noSuchBucket();
    files.removeBucket(id);
    return c.json({ message: "Successfully deleted" });
  }

  async function emptyBucket(c: Context, id: string) {
    const caller = await callerOf(c);
    mustBeValidBucketName(id);
    const r = await asRole(caller, (tx) => tx.query("select id from storage.buckets where id = $1", [id]));
    if (!r.rows.length) throw ERR.noSuchBucket();
    // The real server queues an admin job that deletes every object; here it happens at once.
    await asAdmin(async (tx) => {
      await tx.query("delete from storage.objects where bucket_id = $1", [id]);
      files.removeBucket(id);
    });
    return c.json({ message: "Empty bucket has been queued. Completion may take up to an hour." });
  }

  // ── upload ───────────────────────────────────────────────────────────────────────────────
  interface IncomingFile {
    bytes: Uint8Array;
    mimeType: string;
    cacheControl: string;
    userMetadata: Record<string, unknown> | null;
  }

  async function readUpload(
    c: Context,
    objectName: string,
    bucket: { file_size_limit: number | null; allowed_mime_types: string[] | null },
  ): Promise<IncomingFile> {
    const global = ctx.config.storageFileSizeLimit;
    const maxSize = objectName.endsWith(EMPTY_FOLDER)
      ? 0
      : Math.min(global, bucket.file_size_limit ?? global);
    const allowed = bucket.allowed_mime_types ?? [];
    const checkMime = (m: string) => {
      if (allowed.length && !objectName.endsWith(EMPTY_FOLDER)) validateMimeType(m, allowed);
    };
    const contentType = c.req.header("content-type") ?? "";
    if (contentType.toLowerCase().startsWith("multipart/form-data")) {
      const raw = await readCapped(c.req.raw, maxSize + 1024 * 1024);
      if (raw === "too_large") throw ERR.entityTooLarge();
      let form: FormData;
      try {
        form = await new Response(new Uint8Array(raw), {
          headers: { "content-type": contentType },
        }).formData();
      } catch {
        throw ERR.noContent();
      }
      let file: File | null = null;
      const fields: Record<string, string> = {};
      form.forEach((v, k) => {
        if (typeof v === "string") fields[k] = v;
        else if (!file) file = v;
      });
      const f = file as File | null;
      if (!f) throw ERR.noContent();
      const mimeType = fields.contentType || f.type || "application/octet-stream";
      checkMime(mimeType);
      if (f.size > maxSize) throw ERR.entityTooLarge();
      let userMetadata: Record<string, unknown> | null = null;
      const md = fields.metadata ?? fields.userMetadata;
      if (md !== undefined) {
        if (Buffer.byteLength(md, "utf8") > 1024 * 1024) throw ERR.entityTooLarge("user_metadata");
        try {
          const v = JSON.parse(md);
          if (v && typeof v === "object" && !Array.isArray(v)) userMetadata = v;
        } catch {
          /* ignored like the real server */
        }
      }
      return {
        bytes: new Uint8Array(await f.arrayBuffer()),
        mimeType,
        cacheControl: fields.cacheControl ? `max-age=${fields.cacheControl}` : "no-cache",
        userMetadata,
      };
    }
    const mimeType = contentType || "application/octet-stream";
    checkMime(mimeType);
    const bytes = await readCapped(c.req.raw, maxSize);
    if (bytes === "too_large") throw ERR.entityTooLarge();
    let userMetadata: Record<string, unknown> | null = null;
    const xmd = c.req.header("x-metadata");
    if (xmd) {
      try {
        const v = JSON.parse(Buffer.from(xmd, "base64").toString("utf8"));
        if (v && typeof v === "object" && !Array.isArray(v)) userMetadata = v;
      } catch {
        /* ignored like the real server */
      }
    }
    return { bytes, mimeType, cacheControl: c.req.header("cache-control") ?? "no-cache", userMetadata };
  }

  function fileMetadata(f: IncomingFile) {
    return {
      eTag: `"${md5(f.bytes)}"`,
      size: f.bytes.byteLength,
      mimetype: f.mimeType,
      cacheControl: f.cacheControl,
      lastModified: new Date().toUTCString(),
      contentLength: f.bytes.byteLength,
      httpStatusCode: 200,
    };
  }

  /** Inserts (or upserts) the row in tx, then writes the bytes; the caller commits. */
  async function storeObject(
    tx: Tx,
    o: { bucket: string; name: string; owner: string | null; upsert: boolean; file: IncomingFile },
  ): Promise<{ id: string; version: string }> {
    const version = crypto.randomUUID();
    const owner = o.owner && UUID.test(o.owner) ? o.owner : null;
    const params = [o.bucket, o.name, owner, o.owner, fileMetadata(o.file), o.file.userMetadata, version];
    const insert = `insert into storage.objects (bucket_id, name, owner, owner_id, metadata, user_metadata, version)
      values ($1, $2, $3::uuid, $4, $5::jsonb, $6::jsonb, $7)`;
    const sql = o.upsert
      ? `${insert} on conflict (bucket_id, name) do update set owner = excluded.owner, owner_id = excluded.owner_id,
           metadata = excluded.metadata, user_metadata = excluded.user_metadata, version = excluded.version,
           updated_at = now(), last_accessed_at = now() returning id`
      : `${insert} returning id`;
    const r = await tx.query<{ id: string }>(sql, params);
    // Only after the row passed RLS and constraints; a failure here rolls the row back.
    await files.writeVersion(o.bucket, o.name, version, o.file.bytes);
    return { id: r.rows[0]!.id, version };
  }

  async function upload(c: Context, bucketId: string, name: string, upsert: boolean) {
    const caller = await callerOf(c);
    mustBeValidBucketName(bucketId);
    mustBeValidKey(name);
    const bucket = await findBucketAdmin(bucketId);
    if (!bucket) throw ERR.noSuchBucket();
    const file = await readUpload(c, name, bucket);
    try {
      const stored = await asRole(caller, (tx) =>
        storeObject(tx, { bucket: bucketId, name, owner: caller.owner, upsert, file }),
      );
      return c.json({ Id: stored.id, Key: `${bucketId}/${name}` });
    } finally {
      // Committed or rolled back, only the version the row points at survives.
      await sweep([{ bucket: bucketId, name }]);
    }
  }

  // ── download / info ──────────────────────────────────────────────────────────────────────
  async function findObjectFor(
    caller: Caller | null,
    bucketId: string,
    name: string,
    opts: { public?: boolean } = {},
  ): Promise<ObjectRow> {
    mustBeValidBucketName(bucketId);
    mustBeValidKey(name);
    const bucket = await findBucketAdmin(bucketId);
    if (!bucket) throw ERR.noSuchBucket();
    if (opts.public && !bucket.public) throw ERR.noSuchBucket();
    if (caller && !caller.isAuthenticated && !bucket.public) throw ERR.noSuchBucket();
    const sql = `select ${OBJECT_COLS} from storage.objects where bucket_id = $1 and name = $2`;
    const r =
      bucket.public || !caller
        ? await asAdmin((tx) => tx.query<ObjectRow>(sql, [bucketId, name]))
        : await asRole(caller, (tx) => tx.query<ObjectRow>(sql, [bucketId, name]));
    const o = r.rows[0];
    if (!o) throw ERR.noSuchKey();
    return o;
  }

  async function sendObject(c: Context, o: ObjectRow, opts: { head?: boolean; expires?: string } = {}) {
    const md = (o.metadata ?? {}) as Record<string, unknown>;
    const headers = userFileHeaders();
    const type = String(md.mimetype ?? "application/octet-stream");
    headers.set("content-type", type);
    headers.set("accept-ranges", "bytes");
    headers.set("x-robots-tag", "none");
    if (md.eTag) headers.set("etag", String(md.eTag));
    if (md.lastModified) headers.set("last-modified", String(md.lastModified));
    if (opts.expires) headers.set("expires", opts.expires);
    else if (md.cacheControl) headers.set("cache-control", String(md.cacheControl));
    const download = c.req.query("download");
    if (download !== undefined)
      headers.set("content-disposition", contentDisposition(download || path.posix.basename(o.name)));
    // Anything a browser could run or render as a document (HTML, SVG, XML, PDF…) is a download.
    else if (!SAFE_INLINE_TYPES.has(type.toLowerCase()))
      headers.set("content-disposition", contentDisposition(path.posix.basename(o.name)));
    const inm = c.req.header("if-none-match");
    if (inm && md.eTag && inm === md.eTag) return new Response(null, { status: 304, headers });
    const bytes = o.version ? await files.read(o.bucket_id, o.name, o.version) : null;
    if (!bytes) {
      return c.json(
        { error: "Not found", message: "The resource was not found", statusCode: "404", code: "NoSuchKey" },
        400,
        {
          "cache-control": "no-store",
        },
      );
    }
    const range = c.req.header("range");
    const m = range ? /^bytes=(\d*)-(\d*)$/.exec(range.trim()) : null;
    if (m && (m[1] || m[2])) {
      const size = bytes.byteLength;
      const start = m[1] ? Number(m[1]) : Math.max(0, size - Number(m[2]));
      let end = m[1] && m[2] ? Math.min(Number(m[2]), size - 1) : size - 1;
      if (!m[1]) end = size - 1;
      if (start >= size || start > end) {
        return c.json(
          {
            statusCode: "400",
            code: "InvalidRange",
            error: "invalid_range",
            message: "invalid range provided",
          },
          400,
        );
      }
      headers.set("content-range", `bytes ${start}-${end}/${size}`);
      headers.set("content-length", String(end - start + 1));
      return new Response(opts.head ? null : new Uint8Array(bytes.subarray(start, end + 1)), {
        status: 206,
        headers,
      });
    }
    headers.set("content-length", String(bytes.byteLength));
    return new Response(opts.head ? null : new Uint8Array(bytes), { status: 200, headers });
  }

  async function sendRendition(c: Context, o: ObjectRow, q: TransformQuery, head: boolean) {
    const md = (o.metadata ?? {}) as Record<string, unknown>;
    const bytes = o.version ? await files.read(o.bucket_id, o.name, o.version) : null;
    if (!bytes) throw ERR.noSuchKey();
    const acceptsWebp = (c.req.header("accept") ?? "").includes("image/webp");
    const { body, type } = await renderImage(bytes, String(md.mimetype ?? ""), q, {
      acceptsWebp,
      cacheKey: `${o.bucket_id}/${o.name}@${o.version}`,
    });
    const headers = userFileHeaders();
    for (const [k, v] of Object.entries({
      "content-type": type,
      "content-length": String(body.byteLength),
      vary: "Accept",
      "x-robots-tag": "none",
    }))
      headers.set(k, v);
    if (md.cacheControl) headers.set("cache-control", String(md.cacheControl));
    return new Response(head ? null : body, { status: 200, headers });
  }

  function infoJson(o: ObjectRow) {
    const md = (o.metadata ?? {}) as Record<string, unknown>;
    return {
      id: o.id,
      name: o.name,
      version: o.version,
      bucket_id: o.bucket_id,
      size: md.size ?? null,
      content_type: md.mimetype ?? null,
      cache_control: md.cacheControl ?? null,
      etag: md.eTag ?? null,
      metadata: o.user_metadata,
      last_modified: iso(o.updated_at),
      created_at: iso(o.created_at),
    };
  }

  // ── signed URLs ──────────────────────────────────────────────────────────────────────────
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

  async function signOne(c: Context, bucketId: string, name: string) {
    const caller = await callerOf(c);
    mustBeValidBucketName(bucketId);
    mustBeValidKey(name);
    const body = await jsonBody(c, signBody);
    const r = await asRole(caller, (tx) =>
      tx.query("select id from storage.objects where bucket_id = $1 and name = $2", [bucketId, name]),
    );
    if (!r.rows.length) throw ERR.noSuchKey();
    const url = `${bucketId}/${name}`;
    const token = await ctx.keys.sign({ url, scope: SCOPE_DOWNLOAD }, body.expiresIn);
    return c.json({ signedURL: `/object/sign/${url}?token=${token}` });
  }

  async function signMany(c: Context, bucketId: string) {
    const caller = await callerOf(c);
    mustBeValidBucketName(bucketId);
    const body = await jsonBody(c, signManyBody);
    const r = await asRole(caller, (tx) =>
      tx.query<{ name: string }>(
        "select name from storage.objects where bucket_id = $1 and name = any($2::text[])",
        [bucketId, body.paths],
      ),
    );
    const found = new Set(r.rows.map((x) => x.name));
    const out = await Promise.all(
      body.paths.map(async (p) => {
        if (!found.has(p))
          return {
            error: "Either the object does not exist or you do not have access to it",
            path: p,
            signedURL: null,
          };
        const url = `${bucketId}/${p}`;
        const token = await ctx.keys.sign({ url, scope: SCOPE_DOWNLOAD }, body.expiresIn);
        return { error: null, path: p, signedURL: `/object/sign/${url}?token=${token}` };
      }),
    );
    return c.json(out);
  }

  async function getSigned(c: Context, bucketId: string, name: string, head: boolean) {
    mustBeValidBucketName(bucketId);
    mustBeValidKey(name);
    const payload = await verifyToken(c.req.query("token"), bucketId, name, SCOPE_DOWNLOAD);
    const r = await asAdmin((tx) =>
      tx.query<ObjectRow>(`select ${OBJECT_COLS} from storage.objects where bucket_id = $1 and name = $2`, [
        bucketId,
        name,
      ]),
    );
    const o = r.rows[0];
    if (!o) throw ERR.noSuchKey();
    return sendObject(c, o, { head, expires: new Date((payload.exp as number) * 1000).toUTCString() });
  }

  async function signUpload(c: Context, bucketId: string, name: string) {
    const caller = await callerOf(c);
    mustBeValidBucketName(bucketId);
    mustBeValidKey(name);
    const upsert = c.req.header("x-upsert") === "true";
    const bucket = await findBucketAdmin(bucketId);
    if (!bucket) throw ERR.noSuchBucket();
    // The real server tests the insert (or upsert) as the caller and rolls it back.
    const ROLLBACK = Symbol("rollback");
    try {
      await db.asRole(
        caller.identity,
        async (tx) => {
          const owner = caller.owner && UUID.test(caller.owner) ? caller.owner : null;
          const insert = `insert into storage.objects (bucket_id, name, owner, owner_id, version) values ($1, $2, $3::uuid, $4, '1')`;
          await tx.query(
            upsert
              ? `${insert} on conflict (bucket_id, name) do update set version = excluded.version, owner = excluded.owner`
              : insert,
            [bucketId, name, owner, caller.owner],
          );
          throw ROLLBACK;
        },
        { "storage.operation": caller.operation },
      );
    } catch (e) {
      if (e !== ROLLBACK) mapDb(e);
    }
    const url = `${bucketId}/${name}`;
    const token = await ctx.keys.sign(
      { owner: caller.owner ?? undefined, url, upsert, scope: SCOPE_UPLOAD },
      2 * 60 * 60,
    );
    return c.json({ url: `/object/upload/sign/${url}?token=${token}`, token });
  }

  async function uploadSigned(c: Context, bucketId: string, name: string) {
    mustBeValidBucketName(bucketId);
    mustBeValidKey(name);
    const payload = await verifyToken(c.req.query("token"), bucketId, name, SCOPE_UPLOAD);
    const bucket = await findBucketAdmin(bucketId);
    if (!bucket) throw ERR.noSuchBucket();
    const file = await readUpload(c, name, bucket);
    try {
      await asAdmin((tx) =>
        storeObject(tx, {
          bucket: bucketId,
          name,
          owner: typeof payload.owner === "string" ? payload.owner : null,
          upsert: payload.upsert === true,
          file,
        }),
      );
      return c.json({ Key: `${bucketId}/${name}` });
    } finally {
      await sweep([{ bucket: bucketId, name }]);
    }
  }

  // ── list / move / copy / delete ──────────────────────────────────────────────────────────
  async function list(c: Context, bucketId: string) {
    const caller = await callerOf(c);
    mustBeValidBucketName(bucketId);
    const body = await jsonBody(c, listBody);
    let prefix = body.prefix;
    if (prefix.length > 0 && !prefix.endsWith("/")) prefix = `${prefix}/`;
    const search = body.search ?? "";
    const limit = Math.min(body.limit ?? 100, 1500);
    const offset = body.offset ?? 0;
    const column = body.sortBy?.column ?? "name";
    const asc = (body.sortBy?.order ?? "asc").toLowerCase() === "asc";
    const r = await asRole(caller, (tx) =>
      tx.query<ObjectRow>(
        `select ${OBJECT_COLS} from storage.objects where bucket_id = $1 and starts_with(lower(name), lower($2))`,
        [bucketId, prefix + search],
      ),
    );
    type Entry = {
      name: string;
      id: string | null;
      updated_at: string | null;
      created_at: string | null;
      last_accessed_at: string | null;
      metadata: unknown;
      sortKey: string;
    };
    const folders = new Map<string, Entry>();
    const fileEntries: Entry[] = [];
    for (const o of r.rows) {
      const rest = o.name.slice(prefix.length);
      const slash = rest.indexOf("/");
      if (slash >= 0) {
        const folder = rest.slice(0, slash);
        if (!folders.has(folder)) {
          folders.set(folder, {
            name: folder,
            id: null,
            updated_at: null,
            created_at: null,
            last_accessed_at: null,
            metadata: null,
            sortKey: `${prefix}${folder}/`.toLowerCase(),
          });
        }
      } else {
        fileEntries.push({
          name: rest,
          id: o.id,
          updated_at: iso(o.updated_at),
          created_at: iso(o.created_at),
          last_accessed_at: iso(o.last_accessed_at),
          metadata: o.metadata,
          sortKey: o.name.toLowerCase(),
        });
      }
    }
    const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
    const dir = asc ? 1 : -1;
    let entries: Entry[];
    if (column === "name") {
      entries = [...folders.values(), ...fileEntries].sort((a, b) => dir * cmp(a.sortKey, b.sortKey));
    } else {
      const fs = [...folders.values()].sort((a, b) => dir * cmp(a.sortKey, b.sortKey));
      const key = column as "updated_at" | "created_at" | "last_accessed_at";
      const fl = fileEntries.sort(
        (a, b) => dir * cmp(a[key] ?? "", b[key] ?? "") || cmp(a.sortKey, b.sortKey),
      );
      entries = [...fs, ...fl];
    }
    return c.json(entries.slice(offset, offset + limit).map(({ sortKey: _s, ...e }) => e));
  }

  /** list-v2: flat or delimited listing with full names and an opaque continuation cursor. */
  async function listV2(c: Context, bucketId: string) {
    const caller = await callerOf(c);
    mustBeValidBucketName(bucketId);
    const body = await jsonBody(c, listV2Body);
    const prefix = body.prefix ?? "";
    const limit = Math.min(body.limit ?? 1000, 1000);
    let cursor: { startAfter: string; order?: string; column?: string; after?: string } | null = null;
    if (body.cursor) {
      const parts = Buffer.from(body.cursor, "base64").toString("utf8").split("\n");
      const map: Record<string, string> = {};
      for (const part of parts) {
        const m = /^(\S):(.*)$/.exec(part);
        if (!m || !["l", "o", "c", "a"].includes(m[1]!))
          throw new StorageErr(
            400,
            "InvalidParameter",
            "InvalidParameter",
            "Invalid Parameter continuation token",
          );
        map[m[1]!] = m[2]!;
      }
      cursor = { startAfter: map.l ?? "", order: map.o, column: map.c, after: map.a };
    }
    const column = (cursor?.column ?? body.sortBy?.column ?? "name") as "name" | "updated_at" | "created_at";
    const asc = (cursor?.order ?? body.sortBy?.order ?? "asc") === "asc";
    const r = await asRole(caller, (tx) =>
      tx.query<ObjectRow>(
        `select ${OBJECT_COLS} from storage.objects where bucket_id = $1 and starts_with(name, $2)`,
        [bucketId, prefix],
      ),
    );
    const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
    const dir = asc ? 1 : -1;
    const keyOf = (o: ObjectRow) => (column === "name" ? "" : (iso(o[column]) ?? ""));
    let rows = r.rows.sort((a, b) => dir * (cmp(keyOf(a), keyOf(b)) || cmp(a.name, b.name)));
    if (cursor) {
      const { startAfter, after } = cursor;
      rows = rows.filter((o) => {
        if (startAfter.endsWith("/") && o.name.startsWith(startAfter)) return false; // inside a folder already listed
        if (column !== "name" && after) {
          const k = keyOf(o);
          return dir * cmp(k, after) > 0 || (k === after && dir * cmp(o.name, startAfter) > 0);
        }
        return dir * cmp(o.name, startAfter) > 0;
      });
    }
    type V2 = { name: string; key: string; id: string | null; row?: ObjectRow };
    const entries: V2[] = [];
    let lastFolder = "";
    for (const o of rows) {
      if (body.with_delimiter) {
        const idx = o.name.slice(prefix.length).indexOf("/");
        if (idx >= 0) {
          const folder = o.name.slice(0, prefix.length + idx + 1);
          if (folder === lastFolder || entries.some((e) => e.id === null && e.name === folder)) continue;
          lastFolder = folder;
          entries.push({ name: folder, key: folder, id: null });
          if (entries.length > limit) break;
          continue;
        }
      }
      entries.push({ name: o.name, key: o.name, id: o.id, row: o });
      if (entries.length > limit) break;
    }
    const hasNext = entries.length > limit;
    const page = entries.slice(0, limit);
    const result: Record<string, unknown> = {
      hasNext,
      folders: page.filter((e) => e.id === null).map((e) => ({ name: e.name, key: e.key })),
      objects: page
        .filter((e) => e.row)
        .map((e) => ({
          id: e.row!.id,
          name: e.name,
          key: e.key,
          updated_at: iso(e.row!.updated_at),
          created_at: iso(e.row!.created_at),
          last_accessed_at: iso(e.row!.last_accessed_at),
          metadata: e.row!.metadata,
        })),
    };
    if (hasNext) {
      const last = page[page.length - 1]!;
      const lines = [`l:${last.name}`, `o:${asc ? "asc" : "desc"}`];
      if (column !== "name") {
        lines.push(`c:${column}`);
        if (last.row) lines.push(`a:${keyOf(last.row)}`);
      }
      result.nextCursor = Buffer.from(lines.join("\n")).toString("base64");
      result.nextCursorKey = last.name;
    }
    return c.json(result);
  }

  async function move(c: Context) {
    const caller = await callerOf(c);
    const body = await jsonBody(c, moveCopyBody);
    mustBeValidBucketName(body.bucketId);
    const destBucket = body.destinationBucket || body.bucketId;
    mustBeValidBucketName(destBucket);
    mustBeValidKey(body.sourceKey);
    mustBeValidKey(body.destinationKey);
    if (destBucket === body.bucketId && body.sourceKey === body.destinationKey) {
      const o = await asRole(caller, (tx) =>
        tx.query<{ id: string }>("select id from storage.objects where bucket_id = $1 and name = $2", [
          body.bucketId,
          body.sourceKey,
        ]),
      );
      if (!o.rows[0]) throw ERR.noSuchKey();
      return c.json({ message: "Successfully moved", Id: o.rows[0].id, Key: body.destinationKey });
    }
    let touched = false;
    try {
      const moved = await asRole(caller, async (tx) => {
        const src = await tx.query<ObjectRow>(
          `select ${OBJECT_COLS} from storage.objects where bucket_id = $1 and name = $2`,
          [body.bucketId, body.sourceKey],
        );
        const s = src.rows[0];
        if (!s) throw ERR.noSuchKey();
        const version = crypto.randomUUID();
        const owner = caller.owner && UUID.test(caller.owner) ? caller.owner : null;
        const u = await tx.query<{ id: string }>(
          `update storage.objects set name = $3, bucket_id = $4, version = $5, owner = $6::uuid, owner_id = $7, updated_at = now()
           where bucket_id = $1 and name = $2 returning id`,
          [body.bucketId, body.sourceKey, body.destinationKey, destBucket, version, owner, caller.owner],
        );
        if (!u.rows[0]) throw ERR.noSuchKey();
        if (!s.version) throw ERR.noSuchKey();
        touched = true;
        try {
          await files.copyVersion(
            { bucket: body.bucketId, name: body.sourceKey, version: s.version },
            { bucket: destBucket, name: body.destinationKey, version },
          );
        } catch (e) {
          if ((e as NodeJS.ErrnoException).code === "ENOENT") throw ERR.noSuchKey();
          throw e;
        }
        return { id: u.rows[0].id };
      });
      return c.json({ message: "Successfully moved", Id: moved.id, Key: body.destinationKey });
    } finally {
      if (touched)
        await sweep([
          { bucket: body.bucketId, name: body.sourceKey },
          { bucket: destBucket, name: body.destinationKey },
        ]);
    }
  }

  async function copy(c: Context) {
    const caller = await callerOf(c);
    const body = await jsonBody(c, moveCopyBody);
    mustBeValidBucketName(body.bucketId);
    const destBucket = body.destinationBucket || body.bucketId;
    mustBeValidBucketName(destBucket);
    mustBeValidKey(body.sourceKey);
    mustBeValidKey(body.destinationKey);
    const upsert = c.req.header("x-upsert") === "true";
    let touched = false;
    try {
      const row = await asRole(caller, async (tx) => {
        const src = await tx.query<ObjectRow>(
          `select ${OBJECT_COLS} from storage.objects where bucket_id = $1 and name = $2`,
          [body.bucketId, body.sourceKey],
        );
        const s = src.rows[0];
        if (!s || !s.version) throw ERR.noSuchKey();
        const md = { ...((s.metadata ?? {}) as Record<string, unknown>) };
        if (body.copyMetadata === false && body.metadata) {
          if (body.metadata.cacheControl !== undefined) md.cacheControl = body.metadata.cacheControl;
          if (body.metadata.mimetype !== undefined) md.mimetype = body.metadata.mimetype;
        }
        md.lastModified = new Date().toUTCString();
        const version = crypto.randomUUID();
        const owner = caller.owner && UUID.test(caller.owner) ? caller.owner : null;
        const insert = `insert into storage.objects (bucket_id, name, owner, owner_id, metadata, user_metadata, version)
          values ($1, $2, $3::uuid, $4, $5::jsonb, $6::jsonb, $7)`;
        const sql = upsert
          ? `${insert} on conflict (bucket_id, name) do update set owner = excluded.owner, owner_id = excluded.owner_id,
               metadata = excluded.metadata, user_metadata = excluded.user_metadata, version = excluded.version, updated_at = now()
             returning ${OBJECT_COLS}`
          : `${insert} returning ${OBJECT_COLS}`;
        const ins = await tx.query<ObjectRow>(sql, [
          destBucket,
          body.destinationKey,
          owner,
          caller.owner,
          md,
          s.user_metadata,
          version,
        ]);
        touched = true;
        try {
          await files.copyVersion(
            { bucket: body.bucketId, name: body.sourceKey, version: s.version },
            { bucket: destBucket, name: body.destinationKey, version },
          );
        } catch (e) {
          if ((e as NodeJS.ErrnoException).code === "ENOENT") throw ERR.noSuchKey();
          throw e;
        }
        return ins.rows[0]!;
      });
      return c.json({ Id: row.id, Key: `${destBucket}/${body.destinationKey}`, ...objectJson(row) });
    } finally {
      if (touched) await sweep([{ bucket: destBucket, name: body.destinationKey }]);
    }
  }

  async function removeMany(c: Context, bucketId: string) {
    const caller = await callerOf(c);
    mustBeValidBucketName(bucketId);
    const body = await jsonBody(c, deleteManyBody);
    if (body.prefixes.length > 1000)
      throw ERR.invalidRequest("Bulk object requests are limited to 1000 objects per request.");
    const r = await asRole(caller, (tx) =>
      tx.query<ObjectRow>(
        `delete from storage.objects where bucket_id = $1 and name = any($2::text[]) returning ${OBJECT_COLS}`,
        [bucketId, body.prefixes],
      ),
    );
    await sweep(r.rows.map((o) => ({ bucket: bucketId, name: o.name })));
    return c.json(r.rows.map(objectJson));
  }

  async function removeOne(c: Context, bucketId: string, name: string) {
    const caller = await callerOf(c);
    mustBeValidBucketName(bucketId);
    mustBeValidKey(name);
    const exists = await asAdmin((tx) =>
      tx.query("select id from storage.objects where bucket_id = $1 and name = $2", [bucketId, name]),
    );
    if (!exists.rows.length) throw ERR.noSuchKey();
    const r = await asRole(caller, (tx) =>
      tx.query("delete from storage.objects where bucket_id = $1 and name = $2 returning id", [
        bucketId,
        name,
      ]),
    );
    if (!r.rows.length) throw ERR.accessDenied("Access denied");
    await sweep([{ bucket: bucketId, name }]);
    return c.json({ message: "Successfully deleted" });
  }

  // ── routing ──────────────────────────────────────────────────────────────────────────────
  async function dispatch(c: Context): Promise<Response> {
    const method = c.req.method.toUpperCase();
    const pathname = new URL(c.req.url).pathname;
    const idx = pathname.indexOf("/storage/v1");
    const rel = idx >= 0 ? pathname.slice(idx + "/storage/v1".length) : pathname;
    let segs: string[];
    try {
      segs = rel
        .split("/")
        .filter((_, i) => i > 0)
        .map((s) => decodeURIComponent(s));
    } catch {
      throw ERR.invalidKey(rel);
    }
    // a trailing slash leaves an empty last segment
    while (segs.length && segs[segs.length - 1] === "") segs.pop();
    const notFound = () => {
      throw ERR.notFoundRoute(method, `/storage/v1${rel}`);
    };
    const [head, ...rest] = segs;
    const joined = (from: string[]) => from.join("/");
    const op = (name: string) => operations.set(c.req.raw, `storage.${name}`);

    if (head === "bucket") {
      const [id, action, ...more] = rest;
      if (id === undefined) {
        if (method === "GET") return (op("bucket.list"), listBuckets(c));
        if (method === "POST") return (op("bucket.create"), createBucket(c));
        return notFound();
      }
      if (action === undefined) {
        if (method === "GET") return (op("bucket.get"), getBucket(c, id));
        if (method === "PUT") return (op("bucket.update"), updateBucket(c, id));
        if (method === "DELETE") return (op("bucket.delete"), deleteBucket(c, id));
        return notFound();
      }
      if (action === "empty" && !more.length && method === "POST")
        return (op("bucket.empty"), emptyBucket(c, id));
      return notFound();
    }
    if (
      head === "render" &&
      rest[0] === "image" &&
      (rest[1] === "public" || rest[1] === "authenticated") &&
      rest.length >= 4
    ) {
      if (method !== "GET" && method !== "HEAD") return notFound();
      const [, scope, bucketId, ...nameParts] = rest as [string, string, string, ...string[]];
      op(scope === "public" ? "render.image_public" : "render.image_authenticated");
      const q = parseTransformQuery(c.req.query());
      const caller = scope === "public" ? null : await callerOf(c);
      const o = await findObjectFor(caller, bucketId, joined(nameParts), { public: scope === "public" });
      return sendRendition(c, o, q, method === "HEAD");
    }
    if (head !== "object" || !rest.length) return notFound();

    const [first, second, ...tail] = rest as [string, ...string[]];
    const isGet = method === "GET" || method === "HEAD";
    if (first === "move" && rest.length === 1 && method === "POST") return (op("object.move"), move(c));
    if (first === "copy" && rest.length === 1 && method === "POST") return (op("object.copy"), copy(c));
    if (first === "list" && second !== undefined && !tail.length && method === "POST")
      return (op("object.list"), list(c, second));
    if (first === "list-v2" && second !== undefined && !tail.length && method === "POST")
      return (op("object.list_v2"), listV2(c, second));
    if (first === "sign" && second !== undefined) {
      if (method === "POST" && !tail.length) return (op("object.sign_many"), signMany(c, second));
      if (method === "POST") return (op("object.sign"), signOne(c, second, joined(tail)));
      if (isGet && tail.length)
        return (op("object.get_signed"), getSigned(c, second, joined(tail), method === "HEAD"));
      return notFound();
    }
    if (first === "upload" && second === "sign" && tail.length >= 2) {
      const [b, ...n] = tail as [string, ...string[]];
      if (method === "POST") return (op("object.sign_upload_url"), signUpload(c, b, joined(n)));
      if (method === "PUT") return (op("object.upload_signed"), uploadSigned(c, b, joined(n)));
      return notFound();
    }
    if ((first === "public" || first === "authenticated") && second !== undefined && tail.length && isGet) {
      const name = joined(tail);
      if (first === "public") {
        op("object.get_public");
        return sendObject(c, await findObjectFor(null, second, name, { public: true }), {
          head: method === "HEAD",
        });
      }
      op("object.get_authenticated");
      const caller = await callerOf(c);
      return sendObject(c, await findObjectFor(caller, second, name), { head: method === "HEAD" });
    }
    if (first === "info" && second !== undefined && method === "GET") {
      if ((second === "public" || second === "authenticated") && tail.length >= 2) {
        const [b, ...n] = tail as [string, ...string[]];
        op(second === "public" ? "object.info_public" : "object.info_authenticated");
        const caller = second === "public" ? null : await callerOf(c);
        return c.json(infoJson(await findObjectFor(caller, b, joined(n), { public: second === "public" })));
      }
      if (tail.length) {
        op("object.get_authenticated_info");
        const caller = await callerOf(c);
        return c.json(infoJson(await findObjectFor(caller, second, joined(tail))));
      }
      return notFound();
    }
    // /object/{bucket}[/{name}]
    const bucketId = first;
    const name = [second, ...tail].filter((s): s is string => s !== undefined).join("/");
    if (!name) {
      if (method === "DELETE") return (op("object.delete_many"), removeMany(c, bucketId));
      return notFound();
    }
    if (method === "POST")
      return (op("object.upload"), upload(c, bucketId, name, c.req.header("x-upsert") === "true"));
    if (method === "PUT") return (op("object.upload_update"), upload(c, bucketId, name, true));
    if (isGet) {
      op("object.get_authenticated");
      const caller = await callerOf(c, { allowInvalidJwt: true });
      return sendObject(c, await findObjectFor(caller, bucketId, name), { head: method === "HEAD" });
    }
    if (method === "DELETE") return (op("object.delete"), removeOne(c, bucketId, name));
    return notFound();
  }

  app.all("*", async (c) => {
    try {
      return await dispatch(c);
    } catch (e) {
      if (e instanceof GatewayReject) return c.json({ message: e.message }, 401);
      if (e instanceof StorageErr) return renderStorageError(c, e);
      const mapped = fromDbError(e);
      if (mapped) return renderStorageError(c, mapped);
      console.error(`[emulator] storage ${c.req.method} ${c.req.path}:`, e);
      return renderStorageError(c, ERR.internal());
    }
  });
  return app;
}
