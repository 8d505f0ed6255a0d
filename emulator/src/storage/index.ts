/**
 * `/storage/v1` — the Storage API surface supabase-js calls: buckets, object upload/download,
 * public and signed URLs, list, move/copy, remove. Like the real server, every decision that the
 * real one leaves to Postgres runs as the caller's role with its JWT claims, so the policies on
 * `storage.objects` / `storage.buckets` decide; bucket lookups for limits use the owner connection.
 * Bytes live under `<dataDir>/storage` (see files.ts); a row commits before its bytes become visible
 * and stale versions are swept after every change, so rows and files stay consistent.
 *
 * This file routes; the handlers live beside it: buckets.ts, uploads.ts, downloads.ts (download,
 * info, signed URLs, image renditions through render.ts), objects.ts (list, move, copy, delete),
 * kit.ts (the caller, bodies, statements as the caller's role or the owner, the sweep).
 */
import { Hono, type Context } from "hono";
import type { EmulatorContext } from "../context.ts";
import { bucketRoutes } from "./buckets.ts";
import { downloadRoutes } from "./downloads.ts";
import { ERR, StorageErr, fromDbError, renderStorageError } from "./errors.ts";
import { GatewayReject, operations, storageKit } from "./kit.ts";
import { objectRoutes } from "./objects.ts";
import { parseTransformQuery } from "./render.ts";
import { uploadRoutes } from "./uploads.ts";

export { mustBeValidBucketName, mustBeValidKey } from "./validation.ts";

export function storageApp(ctx: EmulatorContext): Hono {
  const k = storageKit(ctx);
  const { callerOf } = k;
  const { listBuckets, getBucket, createBucket, updateBucket, deleteBucket, emptyBucket } = bucketRoutes(k);
  const { upload, signUpload, uploadSigned } = uploadRoutes(k);
  const { findObjectFor, sendObject, sendRendition, infoJson, signOne, signMany, getSigned } =
    downloadRoutes(k);
  const { list, listV2, move, copy, removeMany, removeOne } = objectRoutes(k);
  const app = new Hono();

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
