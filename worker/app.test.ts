/**
 * The edge app's host rules, redirects and meta, run in workerd with the real ASSETS binding (a
 * stand-in build), the real rate-limiting binding and Cache API; database-facing dependencies are
 * the in-memory ones (testing/edge-app.ts).
 */
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { TEXT } from "#core/constants.ts";
import { SERVICE_SLUGS } from "#core/services.ts";
import { withAssetCaching } from "./asset-cache.ts";
import { edgeAppFixture } from "./testing/edge-app.ts";
import { canonical, jsonLd, meta, metaAll, siteConfig, title } from "./testing/html.ts";

const { content, app, get } = edgeAppFixture();

describe("host-dependent root path", () => {
  it("main host renders the homepage shell with the site config", async () => {
    const res = await get("http://localhost/");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/html");
    const html = await res.text();
    expect(title(html)).toContain("Ghana Realty");
    expect(html).toContain('<div id="root" data-prerendered="index">');
    expect(siteConfig(html)).toMatchObject({
      supabaseUrl: env.SUPABASE_URL,
      supabasePublishableKey: env.SUPABASE_PUBLISHABLE_KEY,
      hostKind: "main",
      siteUrl: "http://localhost",
      reacLicence: env.REAC_LICENCE,
      hosts: { main: "localhost", crm: "crm.localhost", consult: "consult.localhost" },
    });
  });

  it("www of the main host is the main host", async () => {
    const res = await get("http://www.localhost/");
    expect(res.status).toBe(200);
    expect(siteConfig(await res.text())?.hostKind).toBe("main");
  });

  it.each([
    ["crm.localhost", "/dashboard"],
    ["my-branch.ghana-realty.workers.dev", "/dashboard"],
  ])("%s redirects / to %s", async (host, location) => {
    const res = await get(`http://${host}/`);
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe(location);
  });

  it.each([
    ["consult.localhost", "consult", "Book a consultation"],
    ["bookings.localhost", "bookings", "Book a viewing"],
    ["request.localhost", "request", "Property request"],
    ["collab.localhost", "collab", "Partner portal"],
  ])("%s renders its own page of the SPA at /", async (host, kind, heading) => {
    const res = await get(`http://${host}/`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(siteConfig(html)?.hostKind).toBe(kind);
    expect(title(html)).toBe(`${heading} | Ghana Realty`);
    expect(canonical(html)).toBe(`http://${host}/`);
  });

  it("any other host redirects permanently to the main site, keeping path and query", async () => {
    const res = await get("http://ghana-realty.example.net/blog?tag=land");
    expect(res.status).toBe(301);
    expect(res.headers.get("location")).toBe("http://localhost/blog?tag=land");
  });

  it("the Host header wins over the URL", async () => {
    const res = await get("http://localhost/", { headers: { host: "crm.localhost:8793" } });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/dashboard");
  });
});

describe("cross-host redirects", () => {
  it("/property-request-form → request host, /consultation → consultation host (query kept)", async () => {
    let res = await get("http://localhost/property-request-form");
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("http://request.localhost/");
    res = await get("http://crm.localhost/consultation?service=property-valuation");
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("http://consult.localhost/?service=property-valuation");
  });

  it("uses the request's port when SITE_PORT is not set (plain vite dev)", async () => {
    const res = await get("http://localhost:8793/consultation");
    expect(res.headers.get("location")).toBe("http://consult.localhost:8793/");
  });

  it("uses SITE_PORT when set", async () => {
    const res = await app.request("http://localhost/consultation", {}, { ...env, SITE_PORT: "8787" });
    expect(res.headers.get("location")).toBe("http://consult.localhost:8787/");
  });

  it("/properties: public listing on main, the admin screen on CRM (not indexed)", async () => {
    let res = await get("http://localhost/properties");
    expect(res.status).toBe(200);
    let html = await res.text();
    expect(title(html)).toBe("Properties for sale and rent | Ghana Realty");
    expect(meta(html, "robots")).toBeNull();
    res = await get("http://crm.localhost/properties");
    expect(res.status).toBe(200);
    html = await res.text();
    expect(siteConfig(html)?.hostKind).toBe("crm");
    expect(meta(html, "robots")).toBe("noindex, nofollow");
  });

  it.each([
    "consult.localhost",
    "bookings.localhost",
    "request.localhost",
    "collab.localhost",
    "pr-7.workers.dev",
  ])("/properties on %s never shows an admin layout: it goes to the main host's listing", async (host) => {
    const res = await get(`http://${host}/properties?type=land`);
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("http://localhost/properties?type=land");
  });

  it("strips a trailing slash permanently", async () => {
    const res = await get("http://localhost/about/?x=1");
    expect(res.status).toBe(301);
    expect(res.headers.get("location")).toBe("/about?x=1");
  });
});

describe("meta at the edge", () => {
  it("property page: title, description, canonical, OG, Twitter and JSON-LD listing with offer", async () => {
    const res = await get("http://localhost/property/4-bedroom-house-east-legon?utm_source=wa");
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(title(html)).toBe("4-bedroom house, 4-bedroom-house-east-legon | Ghana Realty");
    expect(canonical(html)).toBe("http://localhost/property/4-bedroom-house-east-legon");
    const description = meta(html, "description")!;
    expect(description).toMatch(/^US\$450,000 · For sale in East Legon, Accra · 4 bed, 5 bath, 380 m²/);
    expect(description.length).toBeLessThanOrEqual(200);
    expect(meta(html, "og:type")).toBe("website");
    expect(meta(html, "og:site_name")).toBe("Ghana Realty");
    expect(meta(html, "og:locale")).toBe("en_GH");
    expect(meta(html, "og:url")).toBe("http://localhost/property/4-bedroom-house-east-legon");
    // The raster (position 0) is the share image, absolute (served by this worker), with its size.
    expect(meta(html, "og:image")).toBe(`http://localhost/images/4-bedroom-house-east-legon/1.jpg`);
    expect(meta(html, "og:image:width")).toBe("1200");
    expect(meta(html, "og:image:height")).toBe("630");
    expect(meta(html, "twitter:card")).toBe("summary_large_image");
    expect(html).toContain(
      '<link rel="alternate" type="application/rss+xml" title="Ghana Realty blog" href="http://localhost/feed">',
    );
    const ld = jsonLd(html);
    expect(ld.map((j) => j["@type"])).toEqual(["RealEstateAgent", "RealEstateListing", "BreadcrumbList"]);
    const listing = ld[1]!;
    expect(listing.offers).toMatchObject({
      "@type": "Offer",
      price: 450000,
      priceCurrency: "USD",
      availability: "https://schema.org/InStock",
    });
    expect(listing.image).toEqual([
      `http://localhost/images/4-bedroom-house-east-legon/1.jpg`,
      `http://localhost/images/4-bedroom-house-east-legon/2.svg`,
    ]);
    expect(ld[2]!.itemListElement).toHaveLength(3);
    // The build's own description was replaced, not duplicated.
    expect(metaAll(html, "description")).toHaveLength(1);
    expect(html).not.toContain("placeholder from the build");
  });

  it("rent listings carry a monthly unit price; HTML in data is escaped", async () => {
    const res = await get("http://localhost/property/3-bedroom-apartment-cantonments");
    const html = await res.text();
    const listing = jsonLd(html)[1]!;
    expect(listing.offers).toMatchObject({
      priceCurrency: "USD",
      availability: "https://schema.org/LimitedAvailability",
      priceSpecification: { unitCode: "MON" },
    });
    expect(html).not.toContain("<near>");
    expect(meta(html, "description")).toContain("per month");
  });

  it("a listing without a raster image falls back to the default share image", async () => {
    const html = await (await get("http://localhost/property/land-oyarifa")).text();
    expect(meta(html, "og:image")).toBe("http://localhost/og-default.jpg");
    expect(jsonLd(html)[1]!.offers).toMatchObject({ priceCurrency: "GHS", price: 280000 });
  });

  it("blog post: article tags and BlogPosting", async () => {
    const html = await (await get("http://localhost/blog/land-checks")).text();
    expect(meta(html, "og:type")).toBe("article");
    expect(meta(html, "article:published_time")).toBe("2026-11-19T08:00:00.000Z");
    expect(metaAll(html, "article:tag")).toEqual(["land", "legal"]);
    expect(meta(html, "og:image")).toBe(`http://localhost/images/blog/land-checks.jpg`);
    const post = jsonLd(html).find((j) => j["@type"] === "BlogPosting")!;
    expect(post).toMatchObject({
      headline: "Buying land in Ghana: land-checks",
      author: { "@type": "Person", name: "Kwame Mensah" },
    });
  });

  it("service pages and /blog have their own titles; every page has the organisation JSON-LD", async () => {
    for (const slug of SERVICE_SLUGS) {
      const res = await get(`http://localhost/services/${slug}`);
      expect(res.status, slug).toBe(200);
    }
    const html = await (await get("http://localhost/services/property-valuation")).text();
    expect(title(html)).toBe("Property Valuation | Ghana Realty");
    const org = jsonLd(html)[0]!;
    expect(org).toMatchObject({ "@type": "RealEstateAgent", identifier: { value: env.REAC_LICENCE } });
    expect(title(await (await get("http://localhost/blog")).text())).toBe("Blog | Ghana Realty");
  });

  it.each([
    "/no-such-page",
    "/property/not-a-listing",
    "/blog/never-published",
    "/services/time-travel",
    "/dashboard/extra/segments",
    "/assets/missing-123.js",
    "/nope.png",
  ])("%s answers 404 with the not-found shell", async (path) => {
    const res = await get(`http://localhost${path}`);
    expect(res.status).toBe(404);
    const html = await res.text();
    expect(title(html)).toBe(`${TEXT.notFoundTitle} | Ghana Realty`);
    expect(meta(html, "robots")).toBe("noindex, follow");
    expect(html).toContain('<div id="root"></div>');
    expect(siteConfig(html)?.hostKind).toBe("main");
  });

  it("a renamed listing's old URL moves permanently to the new one (query kept); an unknown old slug stays 404", async () => {
    content.redirects = new Map([
      ["4-bed-house-east-legon", "4-bedroom-house-east-legon"],
      ["gone-listing", "no-longer-published"],
    ]);
    const res = await get("http://localhost/property/4-bed-house-east-legon?utm_source=wa");
    expect(res.status).toBe(301);
    expect(res.headers.get("location")).toBe("/property/4-bedroom-house-east-legon?utm_source=wa");
    expect((await get("http://localhost/property/gone-listing")).status).toBe(404);
    content.redirects = new Map();
  });

  it("a renamed post's old URL moves permanently to the new one; an old slug of an unpublished post stays 404", async () => {
    const slug = content.posts[0]!.slug;
    content.postRedirects = new Map([
      ["buying-land-old-title", slug],
      ["draft-now", "not-a-published-post"],
    ]);
    const res = await get("http://localhost/blog/buying-land-old-title?ref=feed");
    expect(res.status).toBe(301);
    expect(res.headers.get("location")).toBe(`/blog/${slug}?ref=feed`);
    expect((await get("http://localhost/blog/draft-now")).status).toBe(404);
    content.postRedirects = new Map();
  });

  it("back-office routes get the shell, not indexed", async () => {
    const res = await get("http://crm.localhost/dashboard");
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(meta(html, "robots")).toBe("noindex, nofollow");
    expect(siteConfig(html)?.hostKind).toBe("crm");
  });

  it("hashed assets are served as they are", async () => {
    const res = await get("http://localhost/assets/index-TEST1234.js");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("javascript");
    expect(await res.text()).toContain("fixture bundle");
    // Named by its content's hash: kept by the browser for good, never asked for again.
    expect(res.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
  });

  it("only hashed built files are kept for good: the favicon or a missing file is asked for again", () => {
    const revalidate = () =>
      new Response("x", { headers: { "cache-control": "public, max-age=0, must-revalidate" } });
    expect(withAssetCaching("/favicon.svg", revalidate()).headers.get("cache-control")).toContain(
      "must-revalidate",
    );
    expect(withAssetCaching("/assets/sw-helper.js", revalidate()).headers.get("cache-control")).toContain(
      "must-revalidate",
    );
    const missing = new Response("gone", { status: 404 });
    expect(withAssetCaching("/assets/index-TEST1234.js", missing).headers.get("cache-control")).toBeNull();
    expect(withAssetCaching("/assets/index-TEST1234.js", revalidate()).headers.get("cache-control")).toBe(
      "public, max-age=31536000, immutable",
    );
    // Chunks are named by their hash alone (and a hash may start with "-").
    for (const chunk of ["/assets/Dk3x_9aQ.js", "/assets/-ApbzniH.js"])
      expect(withAssetCaching(chunk, revalidate()).headers.get("cache-control"), chunk).toBe(
        "public, max-age=31536000, immutable",
      );
  });

  it("a database outage is a 503 shell the SPA can retry, never a 404", async () => {
    content.down = true;
    const res = await get("http://localhost/property/4-bedroom-house-east-legon");
    expect(res.status).toBe(503);
    expect(res.headers.get("retry-after")).toBe("30");
    expect(siteConfig(await res.text())).not.toBeNull();
  });

  it("listing lookups are cached at the edge", async () => {
    await get("http://localhost/property/4-bedroom-house-east-legon");
    const before = content.calls;
    for (let i = 0; i < 5; i++)
      expect((await get("http://localhost/property/4-bedroom-house-east-legon")).status).toBe(200);
    expect(content.calls).toBe(before);
  });
});
