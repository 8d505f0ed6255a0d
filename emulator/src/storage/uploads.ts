/**
 * Upload routes: a file in one request (raw body or multipart form) and the signed upload URL
 * pair (sign as the caller — the insert is tried under RLS and rolled back — then upload with the
 * token). The row commits before its bytes become visible; a sweep drops every other version.
 */
import crypto from "node:crypto";
import type { Context } from "hono";
import type { Tx } from "../db.ts";
import { readCapped } from "./body.ts";
import { ERR } from "./errors.ts";
import { UUID, md5, type StorageKit } from "./kit.ts";
import {
  EMPTY_FOLDER,
  SCOPE_UPLOAD,
  mustBeValidBucketName,
  mustBeValidKey,
  validateMimeType,
} from "./validation.ts";

export function uploadRoutes(k: StorageKit) {
  const { ctx, db, files, callerOf, mapDb, asRole, asAdmin, sweep, findBucketAdmin, verifyToken } = k;

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

  return { upload, signUpload, uploadSigned };
}
