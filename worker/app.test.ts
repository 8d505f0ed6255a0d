/**
 * The edge app's rules, run in workerd with the real ASSETS binding (a stand-in build), the real
 * rate-limiting binding and Cache API; database-facing dependencies are the in-memory ones.
 */
import { env } from "cloudflare:test";
import { beforeEach, describe, expect, it } from "vitest";
import { TEXT } from "#core/constants.ts";
import { FORM_RATE_LIMIT, HONEYPOT_FIELD, SLOT_TAKEN_MESSAGE } from "#core/schemas/forms.ts";
import { SERVICE_SLUGS } from "#core/services.ts";
import type { AdminCheck } from "./admin-auth.ts";
import { createApp } from "./app.ts";
import { markStale, resetMemoryCache } from "./edge-cache.ts";
import { canonical, jsonLd, meta, metaAll, scriptNonces, siteConfig, title } from "./testing/html.ts";
import { makePost, makeProperty, MemoryContent, MemoryFormStore } from "./testing/memory-content.ts";

const content = new MemoryContent();
const store = new MemoryFormStore();
/** Tokens name their user's role ("admin-token", "staff-token", "visitor-token"). */
const verifyAdmin = async (
  _ctx: unknown,
  token: string | null,
  roles: readonly string[],
): Promise<AdminCheck> => {
  if (!token) return { ok: false, status: 401, code: "missing_token", message: "Sign in" };
  const role = token.replace(/-token$/, "");
  return roles.includes(role)
    ? { ok: true, userId: `u-${role}` }
    : { ok: false, status: 403, code: "forbidden", message: "Not allowed" };
};
const app = createApp({ content: () => content, forms: () => store, verifyAdmin, sitemapPageSize: 2 });

function get(url: string, init?: RequestInit) {
  return app.request(url, init, env);
}

beforeEach(async () => {
  resetMemoryCache();
  await markStale();
  content.down = false;
  store.down = false;
  store.rows = [];
  store.free = [];
  store.slotQueries = [];
  content.properties = [
    makeProperty("4-bedroom-house-east-legon"),
    makeProperty("3-bedroom-apartment-cantonments", {
      listing_type: "rent",
      rent_period: "month",
      price: 3500,
      property_type: "apartment",
      neighbourhood: "Cantonments",
      status: "under_offer",
    }),
    makeProperty("land-oyarifa", {
      property_type: "land",
      currency: "GHS",
      price: 280000,
      bedrooms: null,
      bathrooms: null,
      property_images: [],
    }),
  ];
  content.rates = [
    { rate: 12.35, effective_on: "2026-10-01" },
    { rate: 12.1, effective_on: "2026-11-20" },
    { rate: 99, effective_on: "2099-01-01" },
  ];
  content.posts = [
    makePost("land-checks"),
    makePost("rent-advance", { published_at: "2026-11-20T08:00:00.000Z", cover_image_url: null }),
  ];
  store.publishedProperties = new Map([
    ["4-bedroom-house-east-legon", "7d0c3a8e-2a6f-4a57-9a3e-0b1f2c3d4e5f"],
  ]);
});

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

describe("prerendered first views", () => {
  const PRERENDERED = "Prerendered home of the fixture build";

  it("main host: the page's prerendered shell, with the edge's head and nonces", async () => {
    const res = await get("http://localhost/");
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain(PRERENDERED);
    expect(html).toContain('data-prerendered="index"');
    expect(siteConfig(html)).toMatchObject({ hostKind: "main" });
    expect(title(html)).toMatch(/^Ghana Realty — /);
    // Every script, the inline loader included, carries the response's nonce.
    const nonces = scriptNonces(html);
    expect(nonces.length).toBeGreaterThanOrEqual(2);
    expect(new Set(nonces).size).toBe(1);
    // Both connection kinds to Supabase open early, right after the charset.
    const head = html.slice(0, html.indexOf("</head>"));
    expect(head.indexOf(`<link rel="preconnect" href="${env.SUPABASE_URL}" crossorigin>`)).toBeGreaterThan(
      head.indexOf("<meta charset"),
    );
    expect(head).toContain(`<link rel="preconnect" href="${env.SUPABASE_URL}">`);
    expect(head.indexOf("preconnect")).toBeLessThan(head.indexOf("stylesheet"));
  });

  it("tracking parameters keep the shell; a query that changes the render does not", async () => {
    expect(await (await get("http://localhost/?utm_source=whatsapp&fbclid=x")).text()).toContain(PRERENDERED);
    const filtered = await (await get("http://localhost/?page=2")).text();
    expect(filtered).not.toContain(PRERENDERED);
    expect(filtered).toContain('<div id="root"></div>');
  });

  it("other hosts and not-found pages get the empty shell", async () => {
    for (const url of ["http://consult.localhost/", "http://crm.localhost/"]) {
      const html = await (await get(url)).text();
      expect(html, url).not.toContain("data-prerendered");
    }
    const missing = await get("http://localhost/property/no-such-listing");
    expect(missing.status).toBe(404);
    expect(await missing.text()).not.toContain("data-prerendered");
  });

  it("a page whose shell is not in the build falls back to the empty shell", async () => {
    const res = await get("http://localhost/about");
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('<div id="root"></div>');
    expect(html).not.toContain("data-prerendered");
  });

  it("listing page: the main photo fills the loading state's slot and is preloaded", async () => {
    // Same-origin, exactly the URL the SPA's gallery requests (core/images.ts).
    const img = "/images/4-bedroom-house-east-legon/1.jpg";
    const html = await (await get("http://localhost/property/4-bedroom-house-east-legon")).text();
    expect(html).toContain('data-prerendered="property--slug"');
    const slot = /<div data-edge-slot="lcp-image"[^>]*>(.*?)<\/div>/.exec(html)?.[1] ?? "";
    expect(slot).toMatch(new RegExp(`^<img src="${img.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}"`));
    expect(slot).toContain('fetchpriority="high"');
    expect(slot).toMatch(/ width="\d+" height="\d+"/);
    expect(html).toContain(`<link rel="preload" as="image" href="${img}"`);
    // Without a shell (a query the shell was not rendered with) the preload still helps.
    const plain = await (
      await get("http://localhost/property/4-bedroom-house-east-legon?ref=newsletter")
    ).text();
    expect(plain).not.toContain("data-prerendered");
    expect(plain).toContain(`<link rel="preload" as="image" href="${img}"`);
  });

  it("a listing without photos leaves the slot empty and preloads nothing", async () => {
    const html = await (await get("http://localhost/property/land-oyarifa")).text();
    expect(html).toContain('<div data-edge-slot="lcp-image" class="aspect-[16/10]"></div>');
    expect(html).not.toContain('rel="preload" as="image"');
  });
});

describe("share pages", () => {
  it("property: full tags, 'Preparing your link...' and a redirect to the canonical page", async () => {
    const res = await get("http://localhost/share/property/4-bedroom-house-east-legon", {
      headers: { "user-agent": "facebookexternalhit/1.1" },
    });
    expect(res.status).toBe(200);
    const html = await res.text();
    const target = "http://localhost/property/4-bedroom-house-east-legon";
    expect(html).toContain(TEXT.preparingLink);
    expect(html).toContain(`<meta http-equiv="refresh" content="0;url=${target}">`);
    expect(html).toContain(`location.replace("${target}")`);
    expect(meta(html, "og:url")).toBe(target);
    expect(meta(html, "og:title")).toBe("4-bedroom house, 4-bedroom-house-east-legon | Ghana Realty");
    expect(meta(html, "twitter:card")).toBe("summary_large_image");
    expect(jsonLd(html).map((j) => j["@type"])).toContain("RealEstateListing");
    // The redirect script runs under the CSP nonce.
    const nonce = res.headers.get("content-security-policy")!.match(/'nonce-([^']+)'/)![1];
    expect(scriptNonces(html).every((n) => n === nonce)).toBe(true);
  });

  it("blog: article tags and redirect", async () => {
    const html = await (await get("http://localhost/share/blog/land-checks")).text();
    expect(meta(html, "og:type")).toBe("article");
    expect(html).toContain('content="0;url=http://localhost/blog/land-checks"');
  });

  it("without a slug they go to /properties or /blog", async () => {
    for (const [path, location] of [
      ["/share/property", "/properties"],
      ["/share/blog", "/blog"],
    ] as const) {
      const res = await get(`http://localhost${path}`);
      expect(res.status, path).toBe(302);
      expect(res.headers.get("location")).toBe(location);
    }
  });

  it("a trailing slash is normalised first", async () => {
    const res = await get("http://localhost/share/property/");
    expect(res.status).toBe(301);
    expect(res.headers.get("location")).toBe("/share/property");
  });

  it("an unknown slug is a 404", async () => {
    expect((await get("http://localhost/share/property/nope")).status).toBe(404);
    expect((await get("http://localhost/share/blog/nope")).status).toBe(404);
  });
});

describe("sitemaps, robots and feed", () => {
  it("the index lists every file, split by page size, with lastmod", async () => {
    const res = await get("http://localhost/sitemap.xml");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/xml; charset=utf-8");
    const xml = await res.text();
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    // page size 2 in this app: 24 static URLs → 12 files, 3 listings → 2, 2 posts → 1
    expect(locs.filter((l) => l!.includes("sitemap-static"))).toHaveLength(12);
    expect(locs.filter((l) => l!.includes("sitemap-properties"))).toEqual([
      "http://localhost/sitemap-properties.xml",
      "http://localhost/sitemap-properties-2.xml",
    ]);
    expect(locs.filter((l) => l!.includes("sitemap-posts"))).toEqual(["http://localhost/sitemap-posts.xml"]);
    expect(xml).toContain("<lastmod>2026-11-20T10:00:00Z</lastmod>");
  });

  it("listing sitemap pages carry image:image and lastmod; beyond the last page is 404", async () => {
    const page1 = await (await get("http://localhost/sitemap-properties.xml")).text();
    expect(page1).toContain('xmlns:image="http://www.google.com/schemas/sitemap-image/1.1"');
    expect(page1).toContain("<loc>http://localhost/property/4-bedroom-house-east-legon</loc>");
    expect(page1).toContain(
      `<image:image><image:loc>http://localhost/images/4-bedroom-house-east-legon/1.jpg</image:loc></image:image>`,
    );
    const page2 = await (await get("http://localhost/sitemap-properties-2.xml")).text();
    expect(page2).toContain("<loc>http://localhost/property/land-oyarifa</loc>");
    expect((await get("http://localhost/sitemap-properties-3.xml")).status).toBe(404);
  });

  it("robots.txt names the sitemap on the main host and closes back-office hosts", async () => {
    const main = await (await get("http://localhost/robots.txt")).text();
    expect(main).toContain("Sitemap: http://localhost/sitemap.xml");
    expect(main).toContain("Disallow: /api/");
    const crm = await (await get("http://crm.localhost/robots.txt")).text();
    expect(crm).toBe("User-agent: *\nDisallow: /\n");
  });

  it("/feed is RSS 2.0 with atom:link self, stable guids and absolute links", async () => {
    const res = await get("http://localhost/feed");
    expect(res.headers.get("content-type")).toBe("application/rss+xml; charset=utf-8");
    const xml = await res.text();
    expect(xml).toContain('<atom:link href="http://localhost/feed" rel="self" type="application/rss+xml"/>');
    const guids = [...xml.matchAll(/<guid isPermaLink="false">([^<]+)<\/guid>/g)].map((m) => m[1]);
    expect(guids).toEqual(
      content.posts
        .slice()
        .reverse()
        .map((p) => `urn:uuid:${p.id}`),
    );
    expect(xml).toContain("<link>http://localhost/blog/rent-advance</link>");
    expect(xml).toContain("<pubDate>Fri, 20 Nov 2026 08:00:00 GMT</pubDate>");
    expect((await get("http://localhost/rss.xml")).headers.get("location")).toBe("/feed");
  });

  it("cached until marked stale; a staff or admin regenerate shows new listings at once", async () => {
    await get("http://localhost/sitemap-properties-2.xml");
    content.properties.push(makeProperty("new-listing-tema"));
    expect(await (await get("http://localhost/sitemap-properties-2.xml")).text()).not.toContain(
      "new-listing-tema",
    );

    expect((await get("http://localhost/api/sitemaps/regenerate", { method: "POST" })).status).toBe(401);
    const denied = await get("http://localhost/api/sitemaps/regenerate", {
      method: "POST",
      headers: { authorization: "Bearer visitor-token" },
    });
    expect(denied.status).toBe(403);
    expect(await (await get("http://localhost/sitemap-properties-2.xml")).text()).not.toContain(
      "new-listing-tema",
    );

    const ok = await get("http://localhost/api/sitemaps/regenerate", {
      method: "POST",
      headers: { authorization: "Bearer staff-token" },
    });
    expect(ok.status).toBe(200);
    expect(await ok.json()).toMatchObject({
      regenerated: true,
      sitemap: "http://localhost/sitemap.xml",
      urls: { properties: 4, posts: 2, static: 24 },
    });
    expect(await (await get("http://localhost/sitemap-properties-2.xml")).text()).toContain(
      "new-listing-tema",
    );
  });

  it("/api/sitemaps/status tells the admin screen what is published", async () => {
    const res = await get("http://crm.localhost/api/sitemaps/status");
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      sitemap: "http://localhost/sitemap.xml",
      feed: "http://localhost/feed",
      urls: { static: 24, properties: 3, posts: 2 },
    });
  });

  it("the app-start regenerate is debounced server-side", async () => {
    let clock = new Date("2031-01-01T00:00:00Z");
    const timed = createApp({
      content: () => content,
      forms: () => store,
      verifyAdmin,
      now: () => clock,
      regenerateDebounceMs: 600_000,
    });
    const call = async () =>
      (
        await timed.request("http://localhost/api/sitemaps/regenerate-all", { method: "POST" }, env)
      ).json() as Promise<{ regenerated: boolean }>;
    expect((await call()).regenerated).toBe(true);
    clock = new Date(clock.getTime() + 60_000);
    expect((await call()).regenerated).toBe(false);
    clock = new Date(clock.getTime() + 600_000);
    expect((await call()).regenerated).toBe(true);
  });
});

describe("public form API", () => {
  let ipCounter = 0;
  const post = (kind: string, body: unknown, headers: Record<string, string> = {}) =>
    get(`http://localhost/api/forms/${kind}`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "cf-connecting-ip": `203.0.113.${++ipCounter % 250}`,
        ...headers,
      },
      body: typeof body === "string" ? body : JSON.stringify(body),
    });
  const contact = {
    full_name: "Ama Mensah",
    email: "ama@example.com",
    phone: "024 412 3456",
    message: "Please call me about listings in Tema.",
    consent: true,
  };

  it("201 with the new id; the row carries consent time, host and normalised phone", async () => {
    const res = await post("contact", contact, { "user-agent": "test-agent" });
    expect(res.status).toBe(201);
    const { id } = (await res.json()) as { id: string };
    expect(store.rows).toHaveLength(1);
    const { table, row } = store.rows[0]!;
    expect(table).toBe("contact_submissions");
    expect(row).toMatchObject({
      id,
      phone: "+233244123456",
      source_host: "localhost",
      user_agent: "test-agent",
    });
    expect(row.consent_at).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(row).not.toHaveProperty("consent");
    expect(row).not.toHaveProperty(HONEYPOT_FIELD);
  });

  it("400 with a message per field for bad input", async () => {
    const res = await post("contact", { ...contact, email: "not-an-email", consent: false, message: "hi" });
    expect(res.status).toBe(400);
    const { errors } = (await res.json()) as { errors: Record<string, string> };
    expect(Object.keys(errors).sort()).toEqual(["consent", "email", "message"]);
    expect(store.rows).toHaveLength(0);
  });

  it.each([
    ["malformed JSON", "{not json", 400],
    ["an array", "[]", 400],
    ["null", "null", 400],
  ])("400 for %s", async (_label, body, status) => {
    const res = await post("contact", body);
    expect(res.status).toBe(status);
    expect(await res.json()).toHaveProperty("errors._form");
  });

  it("415 for non-JSON, 413 above the size cap, 404 for unknown forms", async () => {
    expect(
      (await post("contact", "a=b", { "content-type": "application/x-www-form-urlencoded" })).status,
    ).toBe(415);
    expect((await post("contact", { ...contact, message: "x".repeat(20_000) })).status).toBe(413);
    expect((await post("newsletter", contact)).status).toBe(404);
  });

  it("the honeypot: 201 for the bot, nothing stored", async () => {
    const res = await post("contact", { ...contact, [HONEYPOT_FIELD]: "http://spam.example" });
    expect(res.status).toBe(201);
    expect(store.rows).toHaveLength(0);
  });

  it("booking by listing slug resolves the published listing; an unknown one is a 400", async () => {
    const date = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
    store.free = [{ start: `${date}T10:00:00.000Z`, end: `${date}T10:45:00.000Z` }];
    const booking = {
      ...contact,
      property_slug: "4-bedroom-house-east-legon",
      preferred_date: date,
      time_slot: "10:00",
    };
    const res = await post("booking", booking);
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({ status: "confirmed" });
    expect(store.rows[0]!).toMatchObject({
      table: "bookings",
      row: {
        property_id: "7d0c3a8e-2a6f-4a57-9a3e-0b1f2c3d4e5f",
        starts_at: `${date}T10:00:00.000Z`,
        attendees: 1,
      },
    });
    const bad = await post("booking", { ...booking, property_slug: "withdrawn-listing" });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ errors: { property_slug: "This property is not available" } });
  });

  it("a time taken meanwhile: 409 with the next free times, nothing stored", async () => {
    const date = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
    store.free = [
      { start: `${date}T09:00:00.000Z`, end: `${date}T09:30:00.000Z` },
      { start: `${date}T11:00:00.000Z`, end: `${date}T11:30:00.000Z` },
      { start: `${date}T11:30:00.000Z`, end: `${date}T12:00:00.000Z` },
    ];
    const res = await post("consultation", {
      ...contact,
      service: "property-valuation",
      preferred_date: date,
      time_slot: "10:00",
    });
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual({
      errors: { time_slot: SLOT_TAKEN_MESSAGE },
      next: [
        { start: `${date}T11:00:00.000Z`, end: `${date}T11:30:00.000Z` },
        { start: `${date}T11:30:00.000Z`, end: `${date}T12:00:00.000Z` },
      ],
    });
    expect(store.slotQueries.at(-1)).toMatchObject({
      kind: "consultation",
      service: "property-valuation",
      from: date,
    });
    expect(store.rows).toHaveLength(0);
  });

  it("429 with Retry-After beyond the per-IP limit", async () => {
    const ip = { "cf-connecting-ip": "198.51.100.77" };
    const statuses: number[] = [];
    for (let i = 0; i < FORM_RATE_LIMIT.limit + 2; i++)
      statuses.push((await post("contact", contact, ip)).status);
    expect(statuses.slice(0, FORM_RATE_LIMIT.limit).every((s) => s === 201)).toBe(true);
    const last = await post("contact", contact, ip);
    expect(last.status).toBe(429);
    expect(last.headers.get("retry-after")).toBe(String(FORM_RATE_LIMIT.periodSeconds));
    // Another form from the same IP has its own budget.
    expect(
      (
        await post(
          "property-request",
          {
            ...contact,
            listing_type: "rent",
            property_type: "apartment",
            locations: ["Osu"],
            budget_max: 5000,
            timeline: "flexible",
          },
          ip,
        )
      ).status,
    ).toBe(201);
  });

  it("503 + Retry-After when the database is unreachable (nothing silently dropped)", async () => {
    store.down = true;
    const res = await post("contact", contact);
    expect(res.status).toBe(503);
    expect(res.headers.get("retry-after")).toBe("10");
  });

  it("with the real Supabase store and an unreachable database: 503, not 500", async () => {
    const real = createApp({ content: () => content });
    const res = await real.request(
      "http://localhost/api/forms/contact",
      {
        method: "POST",
        headers: { "content-type": "application/json", "cf-connecting-ip": "192.0.2.10" },
        body: JSON.stringify(contact),
      },
      { ...env, SUPABASE_URL: "http://127.0.0.1:9", SUPABASE_SECRET_KEY: "sb_secret_test" },
    );
    expect(res.status).toBe(503);
  });
});

describe("other paths", () => {
  it("/parties/* goes to the hub untouched", async () => {
    const res = await get("http://localhost/parties/hub/main?x=1");
    expect(await res.json()).toEqual({ forwardedTo: "hub", method: "GET", path: "/parties/hub/main" });
    expect(res.headers.get("content-security-policy")).toBeNull();
  });

  it("unknown API paths are JSON 404s with a strict CSP", async () => {
    const res = await get("http://localhost/api/nope");
    expect(res.status).toBe(404);
    expect(res.headers.get("content-security-policy")).toBe(
      "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'",
    );
  });

  it("other methods on pages are 405", async () => {
    expect((await get("http://localhost/about", { method: "DELETE" })).status).toBe(405);
  });
});

describe("exchange rate in the site config", () => {
  it("is the newest rate in effect today, not a future one", async () => {
    const cfg = siteConfig(await (await get("http://localhost/properties")).text())!;
    expect(cfg.usdGhsRate).toEqual({ rate: 12.1, asOf: "2026-11-20" });
  });

  it("is null without a rate or a database, and the page is still served", async () => {
    content.rates = [];
    expect(siteConfig(await (await get("http://localhost/about")).text())!.usdGhsRate).toBeNull();
    resetMemoryCache();
    await markStale();
    content.down = true;
    const res = await get("http://localhost/about");
    expect(res.status).toBe(200);
    expect(siteConfig(await res.text())!.usdGhsRate).toBeNull();
  });
});

describe("site config contract", () => {
  it("the injected JSON passes the SPA's own parser unchanged", async () => {
    const { parseInjectedSiteConfig } = await import("#core/site-config.ts");
    const cfg = siteConfig(await (await get("http://bookings.localhost/")).text())!;
    expect(parseInjectedSiteConfig(cfg)).toEqual(cfg);
  });
});

describe("hardening at the edge (workerd, as in production)", () => {
  it("an API body over the cap is a 413 whatever the form, type or framing", async () => {
    const big = "a".repeat(64 * 1024);
    for (const [kind, type] of [
      ["contact", "application/json"],
      ["no-such-form", "application/json"],
      ["contact", "text/plain"],
    ]) {
      const res = await get(`http://localhost/api/forms/${kind}`, {
        method: "POST",
        headers: { "content-type": type!, "cf-connecting-ip": "192.0.2.77" },
        body: big,
      });
      expect(res.status, `${kind} ${type}`).toBe(413);
    }
    const stream = new ReadableStream({
      pull(c) {
        c.enqueue(new TextEncoder().encode(big));
        c.close();
      },
    });
    const chunked = await get("http://localhost/api/forms/contact", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: stream,
      duplex: "half",
    } as RequestInit);
    expect(chunked.status).toBe(413);
    expect(store.rows).toHaveLength(0);
  });

  it("the form limit keys on CF-Connecting-IP, never on X-Forwarded-For", async () => {
    const body = JSON.stringify({
      full_name: "Ama Mensah",
      email: "ama@example.com",
      phone: "024 412 3456",
      message: "Please call me about listings in Tema.",
      consent: true,
    });
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      const res = await get("http://localhost/api/forms/contact", {
        method: "POST",
        headers: {
          "content-type": "application/json",
          "cf-connecting-ip": "198.51.100.200",
          "x-forwarded-for": `10.0.0.${i}`,
        },
        body,
      });
      statuses.push(res.status);
    }
    expect(statuses.slice(10)).toEqual([429, 429]);
  });

  it("missing static files are 404s with the security headers", async () => {
    for (const path of ["/assets/missing-0123.js", "/fonts/x.woff2", "/favicon-old.svg"]) {
      const res = await get(`http://localhost${path}`);
      expect(res.status, path).toBe(404);
      expect(res.headers.get("content-security-policy"), path).toBeTruthy();
      expect(res.headers.get("x-content-type-options"), path).toBe("nosniff");
      expect(res.headers.get("x-frame-options"), path).toBe("DENY");
    }
  });

  it("an unknown or draft invoice is a 404 page; a public one is 200", async () => {
    const id = "6f1c2b9e-4d3a-4c8e-9b7a-2e5f1d0c3a41";
    content.invoices = new Set([id]);
    expect((await get(`http://localhost/invoice/${id}`)).status).toBe(200);
    expect((await get("http://localhost/invoice/00000000-0000-4000-8000-000000000000")).status).toBe(404);
    expect((await get("http://localhost/invoice/not-an-id")).status).toBe(404);
  });

  it("public images: only plain object paths and the known widths; nothing is fetched otherwise", async () => {
    expect((await get("http://localhost/images/../secret.jpg")).status).toBe(404);
    expect((await get("http://localhost/images/a%2F..%2F..%2Fx.jpg")).status).toBe(404);
    expect((await get("http://localhost/images/a/1.jpg?width=7")).status).toBe(400);
    expect((await get("http://localhost/images/a/1.jpg?download=1")).status).toBe(400);
  });

  it("the hub path without a room is refused with the right path", async () => {
    for (const path of ["/parties/hub", "/parties/hub/", "/parties"]) {
      const res = await get(`http://localhost${path}`);
      expect(res.status, path).toBe(404);
      expect(((await res.json()) as { message: string }).message).toContain("/parties/hub/team");
    }
    expect(
      ((await (await get("http://localhost/parties/hub/team")).json()) as { forwardedTo: string })
        .forwardedTo,
    ).toBe("hub");
  });
});
