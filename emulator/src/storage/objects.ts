/** Object routes beside upload and download: list (v1 and v2), move, copy and delete. */
import crypto from "node:crypto";
import type { Context } from "hono";
import { ERR, StorageErr } from "./errors.ts";
import { OBJECT_COLS, UUID, iso, objectJson, type ObjectRow, type StorageKit } from "./kit.ts";
import { deleteManyBody, listBody, listV2Body, moveCopyBody } from "./schemas.ts";
import { mustBeValidBucketName, mustBeValidKey } from "./validation.ts";

export function objectRoutes(k: StorageKit) {
  const { files, callerOf, jsonBody, asRole, asAdmin, sweep } = k;

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

  type Version = { bucket: string; name: string; version: string };

  /** The source version's bytes as the destination's new version (move and copy); a missing file is NoSuchKey. */
  async function copyBytes(from: Version, to: Version): Promise<void> {
    try {
      await files.copyVersion(from, to);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === "ENOENT") throw ERR.noSuchKey();
      throw e;
    }
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
        await copyBytes(
          { bucket: body.bucketId, name: body.sourceKey, version: s.version },
          { bucket: destBucket, name: body.destinationKey, version },
        );
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
        await copyBytes(
          { bucket: body.bucketId, name: body.sourceKey, version: s.version },
          { bucket: destBucket, name: body.destinationKey, version },
        );
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

  return { list, listV2, move, copy, removeMany, removeOne };
}
