/**
 * Photos of listings that are not public (drafts, withdrawn) and covers of
 * unpublished posts are not readable by visitors; nobody anonymous lists a bucket. The public
 * site gets its photos same-origin from the edge (/images/…), which asks Storage with the
 * publishable key so Postgres RLS decides, and serves only raster images with safe headers.
 */
import crypto from "node:crypto";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SUPABASE_URL } from "#scripts/local-env.ts";
import { anonClient, serviceClient, signedInClient } from "../support/supabase.ts";
import { apiHeaders, edge, raw } from "./support.ts";

const BUCKET = "property-images";
const DRAFT = "6-bedroom-house-east-legon-draft";
const WITHDRAWN = "commercial-land-spintex-withdrawn";
const DRAFT_POST_COVER = "blog/market-report-q4-2026-draft.jpg";
const PUBLISHED_POST_COVER = "blog/buying-land-in-ghana-checks-before-you-pay.jpg";
let published = "";

beforeAll(async () => {
  const { data, error } = await anonClient()
    .from("properties")
    .select("slug")
    .eq("status", "available")
    .order("published_at", { ascending: false })
    .limit(1)
    .single();
  if (error) throw new Error(error.message);
  published = (data as { slug: string }).slug;
});

const storage = (path: string) =>
  raw(`${SUPABASE_URL}/storage/v1/${path}`, {
    headers: apiHeaders({ authorization: `Bearer ${apiHeaders().apikey}` }),
  });

describe("what an anonymous caller reaches in Storage", () => {
  it("lists nothing in any bucket, and no bucket", async () => {
    const anon = anonClient();
    for (const bucket of [BUCKET, "avatars"]) {
      for (const prefix of ["", DRAFT, "blog"]) {
        const { data } = await anon.storage.from(bucket).list(prefix);
        expect(data ?? [], `${bucket}/${prefix}`).toEqual([]);
      }
    }
    const buckets = await anon.storage.listBuckets();
    expect(buckets.data ?? []).toEqual([]);
  });

  it("reads no photo of a draft or withdrawn listing, nor an unpublished post's cover, by any Storage route", async () => {
    for (const name of [`${DRAFT}/1.jpg`, `${WITHDRAWN}/1.jpg`, DRAFT_POST_COVER]) {
      for (const route of [
        `object/public/${BUCKET}/${name}`,
        `object/authenticated/${BUCKET}/${name}`,
        `object/${BUCKET}/${name}`,
        `render/image/public/${BUCKET}/${name}?width=320`,
        `render/image/authenticated/${BUCKET}/${name}?width=320`,
        `object/info/public/${BUCKET}/${name}`,
      ]) {
        const res = await storage(route);
        expect(res.status, route).toBeGreaterThanOrEqual(400);
        expect(res.headers["content-type"] ?? "", route).not.toMatch(/^image\//);
      }
    }
  });

  it("the property-images bucket is private: its photos are public only through RLS", async () => {
    const res = await storage(`object/public/${BUCKET}/${published}/1.jpg`);
    expect(res.status).toBeGreaterThanOrEqual(400);
    const viaRls = await storage(`object/authenticated/${BUCKET}/${published}/1.jpg`);
    expect(viaRls.status).toBe(200);
    expect(viaRls.headers["content-type"]).toBe("image/jpeg");
  });
});

describe("the edge's same-origin photos", () => {
  it("serves a published listing's photos and renditions; raster only, with safe headers", async () => {
    const orig = await edge(`/images/${published}/1.jpg`);
    expect(orig.status).toBe(200);
    expect(orig.headers["content-type"]).toBe("image/jpeg");
    expect(orig.headers["x-content-type-options"]).toBe("nosniff");
    expect(orig.headers["content-security-policy"]).toMatch(/default-src 'none'.*sandbox/);
    expect(orig.headers["cache-control"]).toMatch(/public, max-age=\d+/);
    const small = await edge(`/images/${published}/1.jpg?width=640`, {
      headers: { accept: "image/avif,image/webp,*/*" },
    });
    expect(small.status).toBe(200);
    expect(small.headers["content-type"]).toBe("image/webp");
    expect((await sharp(small.body).metadata()).width).toBe(640);
    // A stored SVG reaches visitors only as pixels.
    const svg = await edge(`/images/${published}/2.svg`, { headers: { accept: "image/webp" } });
    expect(svg.status).toBe(200);
    expect(svg.headers["content-type"]).toMatch(/^image\/(png|webp)$/);
  });

  it("answers 404 for drafts, withdrawn listings, unpublished covers and made-up paths", async () => {
    for (const p of [
      `/images/${DRAFT}/1.jpg`,
      `/images/${DRAFT}/1.jpg?width=640`,
      `/images/${WITHDRAWN}/2.svg`,
      `/images/${DRAFT_POST_COVER}`,
      "/images/nope/x.jpg",
      "/images/..%2F..%2Fetc/passwd",
      `/images/${published}/1.jpg?width=7`,
    ]) {
      const res = await edge(p);
      expect([400, 404], p).toContain(res.status);
      expect(res.headers["content-type"] ?? "", p).not.toMatch(/^image\//);
    }
  });

  it("serves a published post's cover", async () => {
    const res = await edge(`/images/${PUBLISHED_POST_COVER}`);
    expect(res.status).toBe(200);
    expect(res.headers["content-type"]).toBe("image/jpeg");
  });

  it("the listing page names same-origin photos with a responsive srcset (LCP preload and image)", async () => {
    const res = await edge(`/property/${published}`);
    expect(res.status).toBe(200);
    const preload = /<link rel="preload" as="image" href="([^"]+)" imagesrcset="([^"]+)"/.exec(res.text);
    expect(preload, "LCP preload").not.toBeNull();
    expect(preload![1]).toBe(`/images/${published}/1.jpg`);
    const widths = [...preload![2]!.matchAll(/\/images\/[^ ]+\?width=(\d+) (\d+)w/g)].map((m) =>
      Number(m[2]),
    );
    expect(widths.length).toBeGreaterThanOrEqual(3);
    expect(res.text).not.toContain("/storage/v1/object/public/property-images");
  });
});

describe("staff upload a photo to a new listing; it is public once the listing is", () => {
  const service = serviceClient();
  let propertyId = "";
  let name = "";
  afterAll(async () => {
    if (name) await service.storage.from(BUCKET).remove([name]);
    if (propertyId) await service.from("properties").delete().eq("id", propertyId);
  });

  it("upload to <property_id>/<random>.jpg + a property_images row; hidden while draft, served once published", async () => {
    const staff = await signedInClient("staff@demo.test");
    const { data: me } = await staff.auth.getUser();
    const slug = `security-photo-${crypto.randomUUID().slice(0, 8)}`;
    const created = await staff
      .from("properties")
      .insert({
        slug,
        title: "Security test listing",
        property_type: "house",
        listing_type: "sale",
        price: 100000,
        city: "Accra",
        owner_id: me.user!.id,
      })
      .select("id")
      .single();
    expect(created.error).toBeNull();
    propertyId = (created.data as { id: string }).id;
    name = `${propertyId}/${crypto.randomUUID()}.jpg`;
    const jpeg = await sharp({ create: { width: 64, height: 48, channels: 3, background: "#0a7" } })
      .jpeg()
      .toBuffer();
    const up = await staff.storage.from(BUCKET).upload(name, jpeg, { contentType: "image/jpeg" });
    expect(up.error).toBeNull();
    const row = await staff
      .from("property_images")
      .insert({ property_id: propertyId, storage_path: name, position: 0, width: 64, height: 48 });
    expect(row.error).toBeNull();

    expect((await edge(`/images/${name}`)).status).toBe(404);
    expect((await storage(`object/authenticated/${BUCKET}/${name}`)).status).toBeGreaterThanOrEqual(400);
    // Staff still read it.
    expect((await staff.storage.from(BUCKET).download(name)).error).toBeNull();

    const pub = await staff
      .from("properties")
      .update({ status: "available", published_at: new Date(Date.now() - 60_000).toISOString() })
      .eq("id", propertyId);
    expect(pub.error).toBeNull();
    const served = await edge(`/images/${name}`);
    expect(served.status).toBe(200);
    expect(served.headers["content-type"]).toBe("image/jpeg");
  });
});
