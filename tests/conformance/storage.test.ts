/**
 * Storage API conformance through supabase-js, exactly as the app uses it. Expectations follow the
 * real Storage API (supabase/storage): errors arrive with HTTP 400 and the semantic status in the
 * body's `statusCode` ("404", "409", "413", "415", "403"), messages as the server words them.
 * Runs against the emulator or a hosted project (own uniquely named buckets). The product's
 * `avatars` bucket and its policies: storage-rls.test.ts.
 */
import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SUPABASE_URL } from "#scripts/local-env.ts";
import { anonClient, serviceClient } from "../support/supabase.ts";
import { expectStorageError, type StorageErrorLike } from "./storage-support.ts";

const suffix = crypto.randomUUID().slice(0, 8);
const PRIVATE = `conf-private-${suffix}`;
const PUBLIC = `conf-public-${suffix}`;
const TEMP = `conf-temp-${suffix}`;
const service = serviceClient();

async function removeAll(bucket: string) {
  // Walk folders and remove every object (works the same on a hosted project, where
  // emptyBucket is an asynchronous job).
  const walk = async (prefix: string): Promise<string[]> => {
    const { data } = await service.storage.from(bucket).list(prefix, { limit: 1000 });
    const out: string[] = [];
    for (const e of data ?? []) {
      const full = prefix ? `${prefix}/${e.name}` : e.name;
      if (e.id === null) out.push(...(await walk(full)));
      else out.push(full);
    }
    return out;
  };
  const names = await walk("");
  if (names.length) await service.storage.from(bucket).remove(names);
}

beforeAll(async () => {
  const a = await service.storage.createBucket(PRIVATE, {
    public: false,
    fileSizeLimit: "2KB",
    allowedMimeTypes: ["text/*", "image/png"],
  });
  expect(a.error).toBeNull();
  const b = await service.storage.createBucket(PUBLIC, { public: true });
  expect(b.error).toBeNull();
});

afterAll(async () => {
  for (const b of [PRIVATE, PUBLIC, TEMP]) {
    await removeAll(b).catch(() => undefined);
    await service.storage.deleteBucket(b).catch(() => undefined);
  }
});

describe("buckets", () => {
  it("createBucket answers the name and getBucket returns its settings", async () => {
    const { data, error } = await service.storage.getBucket(PRIVATE);
    expect(error).toBeNull();
    expect(data).toMatchObject({
      id: PRIVATE,
      name: PRIVATE,
      public: false,
      file_size_limit: 2000,
      allowed_mime_types: ["text/*", "image/png"],
    });
    const created = await service.storage.createBucket(TEMP);
    expect(created).toEqual({ data: { name: TEMP }, error: null });
  });

  it("creating an existing bucket is a 409 Duplicate", async () => {
    const { data, error } = await service.storage.createBucket(PRIVATE);
    expect(data).toBeNull();
    expectStorageError(error, "409", "The resource already exists");
  });

  it("an unknown bucket is 404 Bucket not found", async () => {
    const { data, error } = await service.storage.getBucket(`missing-${suffix}`);
    expect(data).toBeNull();
    expectStorageError(error, "404", "Bucket not found");
  });

  it("an invalid bucket name is rejected", async () => {
    const { data, error } = await service.storage.createBucket(" padded ");
    expect(data).toBeNull();
    expectStorageError(error, "400", "Bucket name invalid");
  });

  it("updateBucket changes the public flag and limits", async () => {
    const upd = await service.storage.updateBucket(TEMP, {
      public: true,
      fileSizeLimit: 1234,
      allowedMimeTypes: ["image/png"],
    });
    expect(upd).toEqual({ data: { message: "Successfully updated" }, error: null });
    const { data } = await service.storage.getBucket(TEMP);
    expect(data).toMatchObject({ public: true, file_size_limit: 1234, allowed_mime_types: ["image/png"] });
  });

  it("listBuckets includes the new buckets with their public flags", async () => {
    const { data, error } = await service.storage.listBuckets();
    expect(error).toBeNull();
    const mine = (data ?? []).filter((b) => b.id.endsWith(suffix)).map((b) => [b.id, b.public]);
    expect(mine).toEqual(
      expect.arrayContaining([
        [PRIVATE, false],
        [PUBLIC, true],
      ]),
    );
  });

  it("the publishable key alone may not create buckets (no policy on storage.buckets)", async () => {
    const { data, error } = await anonClient().storage.createBucket(`anon-${suffix}`);
    expect(data).toBeNull();
    expectStorageError(error, "403", "new row violates row-level security policy");
  });
});

describe("upload and download", () => {
  it("uploads a raw body and downloads the same bytes and type", async () => {
    const up = await service.storage
      .from(PRIVATE)
      .upload("docs/hello.txt", "Akwaaba!", { contentType: "text/plain" });
    expect(up.error).toBeNull();
    expect(up.data).toMatchObject({ path: "docs/hello.txt", fullPath: `${PRIVATE}/docs/hello.txt` });
    expect(up.data!.id).toMatch(/^[0-9a-f-]{36}$/);
    const down = await service.storage.from(PRIVATE).download("docs/hello.txt");
    expect(down.error).toBeNull();
    expect(await down.data!.text()).toBe("Akwaaba!");
    expect(down.data!.type).toBe("text/plain");
  });

  it("uploads a Blob as multipart form data and reports its info", async () => {
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3, 4]);
    const up = await service.storage
      .from(PRIVATE)
      .upload("images/dot.png", new Blob([png], { type: "image/png" }), { cacheControl: "60" });
    expect(up.error).toBeNull();
    const info = await service.storage.from(PRIVATE).info("images/dot.png");
    expect(info.error).toBeNull();
    expect(info.data).toMatchObject({
      name: "images/dot.png",
      bucketId: PRIVATE,
      size: png.byteLength,
      contentType: "image/png",
      cacheControl: "max-age=60",
    });
    const down = await service.storage.from(PRIVATE).download("images/dot.png");
    expect(new Uint8Array(await down.data!.arrayBuffer())).toEqual(png);
  });

  it("a second upload to the same path is a 409 unless upsert is set", async () => {
    await service.storage.from(PRIVATE).upload("docs/twice.txt", "first", { contentType: "text/plain" });
    const again = await service.storage
      .from(PRIVATE)
      .upload("docs/twice.txt", "second", { contentType: "text/plain" });
    expect(again.data).toBeNull();
    expectStorageError(again.error, "409", "The resource already exists");
    const upsert = await service.storage
      .from(PRIVATE)
      .upload("docs/twice.txt", "third", { contentType: "text/plain", upsert: true });
    expect(upsert.error).toBeNull();
    const update = await service.storage
      .from(PRIVATE)
      .update("docs/twice.txt", "fourth", { contentType: "text/plain" });
    expect(update.error).toBeNull();
    const down = await service.storage.from(PRIVATE).download("docs/twice.txt");
    expect(await down.data!.text()).toBe("fourth");
  });

  it("a file over the bucket's size limit is 413", async () => {
    const { data, error } = await service.storage
      .from(PRIVATE)
      .upload("docs/big.txt", "x".repeat(2500), { contentType: "text/plain" });
    expect(data).toBeNull();
    expectStorageError(error, "413", "The object exceeded the maximum allowed size");
    const exists = await service.storage.from(PRIVATE).exists("docs/big.txt");
    expect(exists.data).toBe(false);
  });

  it("a content type outside allowed_mime_types is 415", async () => {
    const { data, error } = await service.storage
      .from(PRIVATE)
      .upload("docs/file.pdf", "%PDF-1.4", { contentType: "application/pdf" });
    expect(data).toBeNull();
    expectStorageError(error, "415", "mime type application/pdf is not supported");
  });

  it("a key with characters the Storage API does not allow is rejected", async () => {
    const { data, error } = await service.storage
      .from(PRIVATE)
      .upload("docs/caf\u00e9.txt", "x", { contentType: "text/plain" });
    expect(data).toBeNull();
    expectStorageError(error, "400", "Invalid key: docs/caf\u00e9.txt");
  });

  it("downloading a missing object fails and exists() answers false", async () => {
    const down = await service.storage.from(PRIVATE).download("docs/nope.txt");
    expect(down.data).toBeNull();
    expect(down.error).not.toBeNull();
    const info = await service.storage.from(PRIVATE).info("docs/nope.txt");
    expectStorageError(info.error, "404", "Object not found");
    const exists = await service.storage.from(PRIVATE).exists("docs/nope.txt");
    expect(exists.data).toBe(false);
  });

  it("without a policy the publishable key sees nothing in a private bucket", async () => {
    const anon = anonClient();
    const info = await anon.storage.from(PRIVATE).info("docs/hello.txt");
    expectStorageError(info.error, "404", /not found/i);
    const list = await anon.storage.from(PRIVATE).list("docs");
    expect(list).toEqual({ data: [], error: null });
    const up = await anon.storage.from(PRIVATE).upload("docs/anon.txt", "x", { contentType: "text/plain" });
    expectStorageError(up.error, "403", "new row violates row-level security policy");
  });
});

describe("public and signed URLs", () => {
  it("public URLs serve objects of public buckets without any key", async () => {
    await service.storage
      .from(PUBLIC)
      .upload("site/logo.txt", "logo", { contentType: "text/plain", cacheControl: "120" });
    const { data } = service.storage.from(PUBLIC).getPublicUrl("site/logo.txt");
    expect(data.publicUrl).toBe(`${SUPABASE_URL}/storage/v1/object/public/${PUBLIC}/site/logo.txt`);
    const res = await fetch(data.publicUrl);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/plain/);
    expect(res.headers.get("cache-control")).toContain("max-age=120");
    expect(await res.text()).toBe("logo");
  });

  it("public URLs of private buckets are refused", async () => {
    const { data } = service.storage.from(PRIVATE).getPublicUrl("docs/hello.txt");
    const res = await fetch(data.publicUrl);
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ statusCode: "404", message: "Bucket not found" });
  });

  it("a signed URL serves the object; a token for another path is refused", async () => {
    const signed = await service.storage.from(PRIVATE).createSignedUrl("docs/hello.txt", 60);
    expect(signed.error).toBeNull();
    const url = new URL(signed.data!.signedUrl);
    expect(url.pathname).toBe(`/storage/v1/object/sign/${PRIVATE}/docs/hello.txt`);
    const ok = await fetch(url);
    expect(ok.status).toBe(200);
    expect(await ok.text()).toBe("Akwaaba!");
    const forged = new URL(url);
    forged.pathname = `/storage/v1/object/sign/${PRIVATE}/docs/twice.txt`;
    const bad = await fetch(forged);
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ statusCode: "400", error: "InvalidSignature" });
    const garbage = await fetch(
      `${SUPABASE_URL}/storage/v1/object/sign/${PRIVATE}/docs/hello.txt?token=not-a-jwt`,
    );
    expect(garbage.status).toBe(400);
    expect(await garbage.json()).toMatchObject({ statusCode: "400", error: "InvalidJWT" });
  });

  it("an expired signed URL is refused", async () => {
    const signed = await service.storage.from(PRIVATE).createSignedUrl("docs/hello.txt", 1);
    expect(signed.error).toBeNull();
    await new Promise((r) => setTimeout(r, 2100));
    const res = await fetch(signed.data!.signedUrl);
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({
      statusCode: "400",
      error: "InvalidJWT",
      message: '"exp" claim timestamp check failed',
    });
  });

  it("signing a missing object is 404; bulk signing reports each path", async () => {
    const one = await service.storage.from(PRIVATE).createSignedUrl("docs/nope.txt", 60);
    expectStorageError(one.error, "404", "Object not found");
    const many = await service.storage
      .from(PRIVATE)
      .createSignedUrls(["docs/hello.txt", "docs/nope.txt"], 60);
    expect(many.error).toBeNull();
    expect(many.data).toHaveLength(2);
    expect(many.data![0]).toMatchObject({ path: "docs/hello.txt", error: null });
    expect(many.data![0]!.signedUrl).toContain(`/object/sign/${PRIVATE}/docs/hello.txt?token=`);
    expect(many.data![1]).toMatchObject({
      path: "docs/nope.txt",
      signedUrl: null,
      error: "Either the object does not exist or you do not have access to it",
    });
    const res = await fetch(many.data![0]!.signedUrl!);
    expect(await res.text()).toBe("Akwaaba!");
  });
});

describe("signed upload URLs", () => {
  it("a signed upload URL lets a client without rights upload exactly that path once", async () => {
    const signed = await service.storage.from(PRIVATE).createSignedUploadUrl("uploads/by-link.txt");
    expect(signed.error).toBeNull();
    expect(signed.data).toMatchObject({ path: "uploads/by-link.txt" });
    expect(signed.data!.signedUrl).toContain(
      `/storage/v1/object/upload/sign/${PRIVATE}/uploads/by-link.txt?token=`,
    );
    const anon = anonClient();
    const up = await anon.storage
      .from(PRIVATE)
      .uploadToSignedUrl("uploads/by-link.txt", signed.data!.token, "via link", {
        contentType: "text/plain",
      });
    expect(up.error).toBeNull();
    expect(up.data).toEqual({ path: "uploads/by-link.txt", fullPath: `${PRIVATE}/uploads/by-link.txt` });
    expect(await (await service.storage.from(PRIVATE).download("uploads/by-link.txt")).data!.text()).toBe(
      "via link",
    );
    const again = await anon.storage
      .from(PRIVATE)
      .uploadToSignedUrl("uploads/by-link.txt", signed.data!.token, "twice", { contentType: "text/plain" });
    expectStorageError(again.error, "409", "The resource already exists");
    const otherPath = await anon.storage
      .from(PRIVATE)
      .uploadToSignedUrl("uploads/elsewhere.txt", signed.data!.token, "x", { contentType: "text/plain" });
    expect(otherPath.error).not.toBeNull();
    expect((otherPath.error as StorageErrorLike)!.statusCode).toBe("400");
  });

  it("creating a signed upload URL is itself subject to the insert policy", async () => {
    const { data, error } = await anonClient()
      .storage.from(PRIVATE)
      .createSignedUploadUrl("uploads/anon.txt");
    expect(data).toBeNull();
    expectStorageError(error, "403", "new row violates row-level security policy");
  });
});

describe("list, move, copy, remove", () => {
  beforeAll(async () => {
    for (const name of [
      "tree/b.txt",
      "tree/a.txt",
      "tree/C.txt",
      "tree/sub/x.txt",
      "tree/sub/deeper/y.txt",
      "tree/other/z.txt",
    ]) {
      const { error } = await service.storage
        .from(PRIVATE)
        .upload(name, name, { contentType: "text/plain", upsert: true });
      expect(error).toBeNull();
    }
  });

  it("lists one level: folders as entries with id null, files with metadata", async () => {
    const { data, error } = await service.storage.from(PRIVATE).list("tree");
    expect(error).toBeNull();
    expect(data!.map((e) => [e.name, e.id === null])).toEqual([
      ["a.txt", false],
      ["b.txt", false],
      ["C.txt", false],
      ["other", true],
      ["sub", true],
    ]);
    const file = data!.find((e) => e.name === "a.txt")!;
    expect(file.metadata).toMatchObject({ size: "tree/a.txt".length, mimetype: "text/plain" });
    const root = await service.storage.from(PRIVATE).list();
    expect(root.data!.filter((e) => e.id === null).map((e) => e.name)).toEqual(
      expect.arrayContaining(["docs", "images", "tree"]),
    );
  });

  it("honours limit, offset, search and sort order", async () => {
    const page = await service.storage.from(PRIVATE).list("tree", { limit: 2, offset: 1 });
    expect(page.data!.map((e) => e.name)).toEqual(["b.txt", "C.txt"]);
    const search = await service.storage.from(PRIVATE).list("tree", { search: "c" });
    expect(search.data!.map((e) => e.name)).toEqual(["C.txt"]);
    const desc = await service.storage
      .from(PRIVATE)
      .list("tree", { sortBy: { column: "name", order: "desc" } });
    expect(desc.data!.map((e) => e.name)).toEqual(["sub", "other", "C.txt", "b.txt", "a.txt"]);
    const deeper = await service.storage.from(PRIVATE).list("tree/sub");
    expect(deeper.data!.map((e) => e.name)).toEqual(["deeper", "x.txt"]);
  });

  it("listV2 pages through full keys with a cursor and folds folders with the delimiter", async () => {
    const first = await service.storage.from(PRIVATE).listV2({ prefix: "tree/", limit: 2 });
    expect(first.error).toBeNull();
    expect(first.data!.objects.map((o) => o.name)).toEqual(["tree/C.txt", "tree/a.txt"]);
    expect(first.data!.hasNext).toBe(true);
    const second = await service.storage
      .from(PRIVATE)
      .listV2({ prefix: "tree/", limit: 10, cursor: first.data!.nextCursor });
    expect(second.data!.objects.map((o) => o.name)).toEqual([
      "tree/b.txt",
      "tree/other/z.txt",
      "tree/sub/deeper/y.txt",
      "tree/sub/x.txt",
    ]);
    expect(second.data!.hasNext).toBe(false);
    const folded = await service.storage.from(PRIVATE).listV2({ prefix: "tree/", with_delimiter: true });
    expect(folded.data!.folders.map((f) => f.name)).toEqual(["tree/other/", "tree/sub/"]);
    expect(folded.data!.objects.map((o) => o.name)).toEqual(["tree/C.txt", "tree/a.txt", "tree/b.txt"]);
  });

  it("moves an object: the old key is gone, the new one has the bytes", async () => {
    await service.storage.from(PRIVATE).upload("moves/from.txt", "moving", { contentType: "text/plain" });
    const mv = await service.storage.from(PRIVATE).move("moves/from.txt", "moves/to.txt");
    expect(mv.error).toBeNull();
    expect(mv.data).toMatchObject({ message: "Successfully moved" });
    expect((await service.storage.from(PRIVATE).exists("moves/from.txt")).data).toBe(false);
    expect(await (await service.storage.from(PRIVATE).download("moves/to.txt")).data!.text()).toBe("moving");
    const missing = await service.storage.from(PRIVATE).move("moves/from.txt", "moves/again.txt");
    expectStorageError(missing.error, "404", "Object not found");
  });

  it("copies an object to another bucket and refuses to overwrite", async () => {
    const cp = await service.storage
      .from(PRIVATE)
      .copy("docs/hello.txt", "copied/hello.txt", { destinationBucket: PUBLIC });
    expect(cp).toEqual({ data: { path: `${PUBLIC}/copied/hello.txt` }, error: null });
    const res = await fetch(service.storage.from(PUBLIC).getPublicUrl("copied/hello.txt").data.publicUrl);
    expect(await res.text()).toBe("Akwaaba!");
    expect((await service.storage.from(PRIVATE).exists("docs/hello.txt")).data).toBe(true);
    const again = await service.storage
      .from(PRIVATE)
      .copy("docs/hello.txt", "copied/hello.txt", { destinationBucket: PUBLIC });
    expectStorageError(again.error, "409", "The resource already exists");
  });

  it("removes several objects at once and answers the removed ones only", async () => {
    await service.storage.from(PRIVATE).upload("gone/1.txt", "1", { contentType: "text/plain" });
    await service.storage.from(PRIVATE).upload("gone/2.txt", "2", { contentType: "text/plain" });
    const { data, error } = await service.storage
      .from(PRIVATE)
      .remove(["gone/1.txt", "gone/2.txt", "gone/never.txt"]);
    expect(error).toBeNull();
    expect(data!.map((o) => o.name).sort()).toEqual(["gone/1.txt", "gone/2.txt"]);
    expect((await service.storage.from(PRIVATE).list("gone")).data).toEqual([]);
  });

  it("a bucket with objects cannot be deleted; emptied it can", async () => {
    await service.storage.from(TEMP).upload("a.png", new Blob([new Uint8Array([1])], { type: "image/png" }));
    const del = await service.storage.deleteBucket(TEMP);
    expectStorageError(del.error, "409", "The bucket you tried to delete is not empty");
    const empty = await service.storage.emptyBucket(TEMP);
    expect(empty.error).toBeNull();
    expect(typeof empty.data!.message).toBe("string");
    // Hosted projects empty buckets in a background job: wait until it is done.
    const deadline = Date.now() + 15_000;
    while (Date.now() < deadline && ((await service.storage.from(TEMP).list()).data ?? []).length)
      await new Promise((r) => setTimeout(r, 300));
    const ok = await service.storage.deleteBucket(TEMP);
    expect(ok).toEqual({ data: { message: "Successfully deleted" }, error: null });
    expectStorageError((await service.storage.getBucket(TEMP)).error, "404", "Bucket not found");
  });
});
