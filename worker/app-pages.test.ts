/**
 * The edge app's prerendered first views, share pages, sitemaps, robots and feed, run in workerd
 * with the real ASSETS binding (a stand-in build), the real rate-limiting binding and Cache API;
 * database-facing dependencies are the in-memory ones (testing/edge-app.ts).
 */
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { TEXT } from "#core/constants.ts";
import { createApp } from "./app.ts";
import { edgeAppFixture } from "./testing/edge-app.ts";
import { jsonLd, meta, scriptNonces, siteConfig, title } from "./testing/html.ts";
import { makeProperty } from "./testing/memory-content.ts";

const { content, store, get, verifyAdmin } = edgeAppFixture();

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
