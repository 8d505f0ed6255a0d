/**
 * Social crawlers against the running stack: share and detail URLs fetched with the user agents
 * of Facebook, X, LinkedIn, WhatsApp and Slack, tags parsed with open-graph-scraper.
 */
import ogs from "open-graph-scraper";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEXT } from "#core/constants.ts";
import { anonClient, serviceClient, processAdmin } from "../support/supabase.ts";
import { CRAWLERS, edge, fetchAbsolute, SITE_ORIGIN } from "./support.ts";

let propertySlug = "";
let postSlug = "";

beforeAll(async () => {
  const db = anonClient();
  const p = await db
    .from("properties")
    .select("slug,property_images(storage_path)")
    .order("published_at", { ascending: false })
    .limit(10);
  expect(p.error).toBeNull();
  // A listing with a raster photo (the share image).
  propertySlug = (p.data as { slug: string; property_images: { storage_path: string }[] }[]).find((r) =>
    r.property_images.some((i) => /\.jpe?g$/.test(i.storage_path)),
  )!.slug;
  const b = await db.from("blog_posts").select("slug").order("published_at", { ascending: false }).limit(1);
  expect(b.error).toBeNull();
  postSlug = (b.data as { slug: string }[])[0]!.slug;
});

const pages = () => [
  {
    path: `/share/property/${propertySlug}`,
    canonical: `${SITE_ORIGIN}/property/${propertySlug}`,
    type: "website",
    share: true,
  },
  {
    path: `/property/${propertySlug}`,
    canonical: `${SITE_ORIGIN}/property/${propertySlug}`,
    type: "website",
    share: false,
  },
  {
    path: `/share/blog/${postSlug}`,
    canonical: `${SITE_ORIGIN}/blog/${postSlug}`,
    type: "article",
    share: true,
  },
  { path: `/blog/${postSlug}`, canonical: `${SITE_ORIGIN}/blog/${postSlug}`, type: "article", share: false },
];

describe.each(Object.entries(CRAWLERS))("%s crawler", (_name, userAgent) => {
  it("reads complete Open Graph and Twitter tags from share and detail URLs", async () => {
    for (const page of pages()) {
      const res = await edge(page.path, { headers: { "user-agent": userAgent, accept: "text/html" } });
      expect(res.status, page.path).toBe(200);
      expect(res.headers["content-type"]).toContain("text/html");
      const { result, error } = await ogs({ html: res.text });
      expect(error, page.path).toBe(false);
      expect(result.ogTitle, page.path).toMatch(/\| Ghana Realty$/);
      expect(result.ogDescription?.length ?? 0, page.path).toBeGreaterThan(40);
      expect(result.ogType).toBe(page.type);
      expect(result.ogUrl).toBe(page.canonical);
      expect(result.ogSiteName).toBe("Ghana Realty");
      expect(result.ogLocale).toBe("en_GH");
      expect(result.twitterCard).toBe("summary_large_image");
      const image = result.ogImage?.[0];
      expect(image?.url, page.path).toMatch(/^https?:\/\//);
      expect(Number(image?.width)).toBe(1200);
      expect(Number(image?.height)).toBe(630);
      expect(result.twitterImage?.[0]?.url).toBe(image?.url);
      expect(result.jsonLD?.length ?? 0).toBeGreaterThanOrEqual(3);
      if (page.share) {
        expect(res.text).toContain(TEXT.preparingLink);
        expect(res.text).toContain(`<meta http-equiv="refresh" content="0;url=${page.canonical}">`);
      }
    }
  });
});

describe("what the crawlers then load", () => {
  it("og:image is a reachable 1200×630 raster", async () => {
    const res = await edge(`/property/${propertySlug}`, { headers: { "user-agent": CRAWLERS.facebook } });
    const { result } = await ogs({ html: res.text });
    const img = await fetchAbsolute(result.ogImage![0]!.url);
    expect(img.status).toBe(200);
    expect(img.headers.get("content-type")).toMatch(/^image\/(jpeg|png|webp)/);
    const bytes = new Uint8Array(await img.arrayBuffer());
    expect(bytes.length).toBeGreaterThan(5_000);
  });

  it("the JSON-LD of a listing names its price currency", async () => {
    const res = await edge(`/property/${propertySlug}`);
    const { result } = await ogs({ html: res.text });
    const listing = (result.jsonLD as Record<string, unknown>[]).find(
      (j) => j["@type"] === "RealEstateListing",
    ) as { offers: { priceCurrency: string } };
    expect(["GHS", "USD"]).toContain(listing.offers.priceCurrency);
  });

  it("unknown slugs are real 404s for crawlers too", async () => {
    for (const path of [
      "/property/no-such-listing-anywhere",
      "/share/property/no-such-listing-anywhere",
      "/blog/no-such-post",
      "/totally/unknown",
    ]) {
      const res = await edge(path, { headers: { "user-agent": CRAWLERS.x } });
      expect(res.status, path).toBe(404);
      expect(res.text).toContain("<title>Page Not Found | Ghana Realty</title>");
    }
  });
});

describe("publishing", () => {
  const slug = `edge-test-listing-${Date.now().toString(36)}`;
  let id = "";
  afterAll(async () => {
    if (id) await serviceClient().from("properties").delete().eq("id", id);
  });

  it("a draft is a 404; once published and regenerated it has its own tags", async () => {
    const svc = serviceClient();
    const ins = await svc
      .from("properties")
      .insert({
        slug,
        title: "Edge test listing, Osu",
        property_type: "apartment",
        listing_type: "rent",
        rent_period: "month",
        price: 1800,
        currency: "USD",
        city: "Accra",
        neighbourhood: "Osu",
        status: "draft",
      })
      .select("id")
      .single();
    expect(ins.error).toBeNull();
    id = (ins.data as { id: string }).id;
    expect((await edge(`/property/${slug}`)).status).toBe(404);

    const upd = await svc
      .from("properties")
      .update({ status: "available", published_at: new Date(Date.now() - 1000).toISOString() })
      .eq("id", id);
    expect(upd.error).toBeNull();
    const admin = await processAdmin();
    const token = (await admin.auth.getSession()).data.session!.access_token;
    const regen = await edge("/api/sitemaps/regenerate", {
      method: "POST",
      headers: { authorization: `Bearer ${token}` },
    });
    expect(regen.status).toBe(200);

    const res = await edge(`/property/${slug}`);
    expect(res.status).toBe(200);
    const { result } = await ogs({ html: res.text });
    expect(result.ogTitle).toBe("Edge test listing, Osu | Ghana Realty");
    expect(result.ogDescription).toContain("per month");
    const sitemap = await edge("/sitemap-properties.xml");
    expect(sitemap.text).toContain(`<loc>${SITE_ORIGIN}/property/${slug}</loc>`);
  });
});
