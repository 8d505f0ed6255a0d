/**
 * Image transformations through supabase-js (`getPublicUrl`/`download` with `transform`), as
 * hosted Supabase serves them: resized renditions, WebP when accepted, `format: "origin"` to keep
 * the stored format, SVG rasterised, the same access rules as a download, and 400 for bad input.
 */
import crypto from "node:crypto";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { anonClient, serviceClient } from "../support/supabase.ts";

const suffix = crypto.randomUUID().slice(0, 8);
const PUBLIC = `conf-render-${suffix}`;
const PRIVATE = `conf-render-private-${suffix}`;
const service = serviceClient();

beforeAll(async () => {
  expect((await service.storage.createBucket(PUBLIC, { public: true })).error).toBeNull();
  expect((await service.storage.createBucket(PRIVATE, { public: false })).error).toBeNull();
  const jpeg = await sharp({ create: { width: 1200, height: 800, channels: 3, background: "#1f6b45" } })
    .jpeg()
    .toBuffer();
  const svg = Buffer.from(
    '<svg xmlns="http://www.w3.org/2000/svg" width="600" height="400"><rect width="600" height="400" fill="#d97706"/></svg>',
  );
  for (const [bucket, name, body, type] of [
    [PUBLIC, "house.jpg", jpeg, "image/jpeg"],
    [PUBLIC, "plan.svg", svg, "image/svg+xml"],
    [PUBLIC, "notes.txt", Buffer.from("not an image"), "text/plain"],
    [PRIVATE, "house.jpg", jpeg, "image/jpeg"],
  ] as const) {
    const { error } = await service.storage.from(bucket).upload(name, body, { contentType: type });
    expect(error).toBeNull();
  }
});

afterAll(async () => {
  await service.storage.from(PUBLIC).remove(["house.jpg", "plan.svg", "notes.txt"]);
  await service.storage.from(PRIVATE).remove(["house.jpg"]);
  await service.storage.deleteBucket(PUBLIC);
  await service.storage.deleteBucket(PRIVATE);
});

async function fetchImage(url: string, accept = "image/avif,image/webp,*/*") {
  const res = await fetch(url, { headers: { accept } });
  const body = Buffer.from(await res.arrayBuffer());
  return { res, body, meta: res.ok ? await sharp(body).metadata() : null };
}

describe("render/image", () => {
  const db = anonClient();

  it("resizes to the requested width, keeps the aspect ratio, and answers WebP when accepted", async () => {
    const url = db.storage.from(PUBLIC).getPublicUrl("house.jpg", { transform: { width: 480 } })
      .data.publicUrl;
    expect(url).toContain(`/storage/v1/render/image/public/${PUBLIC}/house.jpg?width=480`);
    const { res, meta } = await fetchImage(url);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/webp");
    expect(res.headers.get("vary")).toContain("Accept");
    expect(meta).toMatchObject({ format: "webp", width: 480, height: 320 });
  });

  it("keeps the stored format for clients without WebP, or with format: origin", async () => {
    const plain = await fetchImage(
      db.storage.from(PUBLIC).getPublicUrl("house.jpg", { transform: { width: 300, quality: 60 } }).data
        .publicUrl,
      "image/jpeg,*/*",
    );
    expect(plain.meta).toMatchObject({ format: "jpeg", width: 300 });
    const origin = await fetchImage(
      db.storage.from(PUBLIC).getPublicUrl("house.jpg", { transform: { width: 300, format: "origin" } }).data
        .publicUrl,
    );
    expect(origin.meta).toMatchObject({ format: "jpeg", width: 300 });
  });

  it("crops to both dimensions (cover), fits inside them (contain) or stretches (fill)", async () => {
    const at = (resize: "cover" | "contain" | "fill") =>
      db.storage.from(PUBLIC).getPublicUrl("house.jpg", { transform: { width: 200, height: 200, resize } })
        .data.publicUrl;
    expect((await fetchImage(at("cover"))).meta).toMatchObject({ width: 200, height: 200 });
    expect((await fetchImage(at("contain"))).meta).toMatchObject({ width: 200, height: 133 });
    expect((await fetchImage(at("fill"))).meta).toMatchObject({ width: 200, height: 200 });
  });

  it("rasterises SVG", async () => {
    const { meta } = await fetchImage(
      db.storage.from(PUBLIC).getPublicUrl("plan.svg", { transform: { width: 300 } }).data.publicUrl,
      "*/*",
    );
    expect(meta).toMatchObject({ format: "png", width: 300, height: 200 });
  });

  it("downloads a rendition through supabase-js", async () => {
    const { data, error } = await service.storage
      .from(PRIVATE)
      .download("house.jpg", { transform: { width: 100 } });
    expect(error).toBeNull();
    expect((await sharp(Buffer.from(await data!.arrayBuffer())).metadata()).width).toBe(100);
  });

  it("refuses bad parameters, non-images and private objects without a JWT", async () => {
    for (const q of ["width=0", "width=2501", "height=abc", "quality=5", "resize=stretch", "format=gif"]) {
      const res = await fetch(
        `${db.storage.from(PUBLIC).getPublicUrl("house.jpg").data.publicUrl.replace("/object/public/", "/render/image/public/")}?${q}`,
      );
      expect(res.status, q).toBe(400);
      expect(((await res.json()) as { statusCode: string }).statusCode, q).toBe("400");
    }
    const text = await fetch(
      db.storage.from(PUBLIC).getPublicUrl("notes.txt", { transform: { width: 100 } }).data.publicUrl,
    );
    expect(text.status).toBe(400);
    const priv = await fetch(
      db.storage.from(PRIVATE).getPublicUrl("house.jpg", { transform: { width: 100 } }).data.publicUrl,
    );
    expect(priv.status).toBe(400);
    expect(((await priv.json()) as { statusCode: string }).statusCode).toBe("404");
  });
});
