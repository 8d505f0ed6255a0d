/** Bucket routes: list, get, create, update, delete and empty (the real server queues the emptying). */
import type { Context } from "hono";
import { ERR, StorageErr } from "./errors.ts";
import { BUCKET_COLS, UUID, iso, type StorageKit } from "./kit.ts";
import { createBucketBody, describeIssue, listBucketsQuery, updateBucketBody } from "./schemas.ts";
import { MIME_RULE, mustBeValidBucketName, parseFileSizeToBytes } from "./validation.ts";

export function bucketRoutes(k: StorageKit) {
  const { ctx, files, callerOf, jsonBody, asRole, asAdmin } = k;

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

  return { listBuckets, getBucket, createBucket, updateBucket, deleteBucket, emptyBucket };
}
