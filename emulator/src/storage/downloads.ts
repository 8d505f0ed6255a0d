/**
 * Download routes: an object by public or authenticated URL, its info, signed download URLs, and
 * image renditions. Public buckets are read as the owner, private ones as the caller (RLS decides).
 */
import path from "node:path";
import type { Context } from "hono";
import { ERR } from "./errors.ts";
import { OBJECT_COLS, iso, type Caller, type ObjectRow, type StorageKit } from "./kit.ts";
import { renderImage, type TransformQuery } from "./render.ts";
import { signBody, signManyBody } from "./schemas.ts";
import { SCOPE_DOWNLOAD, mustBeValidBucketName, mustBeValidKey } from "./validation.ts";

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

export function downloadRoutes(k: StorageKit) {
  const { ctx, files, callerOf, jsonBody, asRole, asAdmin, findBucketAdmin, verifyToken } = k;

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

  return { findObjectFor, sendObject, sendRendition, infoJson, signOne, signMany, getSigned };
}
