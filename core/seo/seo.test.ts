import { describe, expect, it } from "vitest";
import { SERVICE_SLUGS } from "../services.ts";
import {
  escapeHtml,
  formatPrice,
  jsonForScript,
  renderMetaTags,
  truncate,
  withSiteName,
  type PageMeta,
} from "./meta.ts";
import { SERVICE_INFO, staticSitemapPaths } from "./pages.ts";
import {
  buildRss,
  buildSitemapIndex,
  buildUrlset,
  escapeXml,
  rfc822,
  SITEMAP_MAX_URLS,
  sitemapPageCount,
  w3cDate,
} from "./xml.ts";

describe("xml", () => {
  it("escapes the five specials and drops characters XML forbids", () => {
    expect(escapeXml(`a&b<c>"d"'e'\u0001`)).toBe("a&amp;b&lt;c&gt;&quot;d&quot;&apos;e&apos;");
  });
  it("W3C dates at second precision, RFC 822 for RSS", () => {
    expect(w3cDate("2026-11-21T10:11:12.345Z")).toBe("2026-11-21T10:11:12Z");
    expect(rfc822("2026-11-21T10:11:12Z")).toBe("Sat, 21 Nov 2026 10:11:12 GMT");
  });
  it("a urlset declares the image namespace only when it has images", () => {
    const plain = buildUrlset([
      { loc: "https://x.gh/a?b=1&c=2", lastmod: "2026-11-21T00:00:00Z", priority: 0.8 },
    ]);
    expect(plain).not.toContain("xmlns:image");
    expect(plain).toContain(
      "<loc>https://x.gh/a?b=1&amp;c=2</loc><lastmod>2026-11-21T00:00:00Z</lastmod><priority>0.8</priority>",
    );
    const withImages = buildUrlset([{ loc: "https://x.gh/p", images: ["https://cdn/x.jpg"] }]);
    expect(withImages).toContain('xmlns:image="http://www.google.com/schemas/sitemap-image/1.1"');
    expect(withImages).toContain("<image:image><image:loc>https://cdn/x.jpg</image:loc></image:image>");
  });
  it("refuses more than 50,000 URLs in one file and counts pages", () => {
    expect(() =>
      buildUrlset(Array.from({ length: SITEMAP_MAX_URLS + 1 }, (_, i) => ({ loc: `https://x.gh/${i}` }))),
    ).toThrow(RangeError);
    expect(sitemapPageCount(0)).toBe(1);
    expect(sitemapPageCount(50_000)).toBe(1);
    expect(sitemapPageCount(50_001)).toBe(2);
    expect(sitemapPageCount(5, 2)).toBe(3);
  });
  it("a sitemap index", () => {
    const xml = buildSitemapIndex([
      { loc: "https://x.gh/sitemap-static.xml", lastmod: "2026-11-01T00:00:00Z" },
    ]);
    expect(xml).toMatch(
      /^<\?xml version="1.0" encoding="UTF-8"\?>\n<sitemapindex xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/,
    );
    expect(xml).toContain(
      "<sitemap><loc>https://x.gh/sitemap-static.xml</loc><lastmod>2026-11-01T00:00:00Z</lastmod></sitemap>",
    );
  });
  it("RSS 2.0 with atom self link, guid and escaped text", () => {
    const xml = buildRss({
      title: "Blog",
      link: "https://x.gh/blog",
      selfUrl: "https://x.gh/feed",
      description: "News",
      language: "en-GH",
      items: [
        {
          title: "Rent & advance",
          link: "https://x.gh/blog/a",
          guid: "urn:uuid:1",
          pubDate: "2026-11-21T00:00:00Z",
          categories: ["renting"],
        },
      ],
    });
    expect(xml).toContain('<atom:link href="https://x.gh/feed" rel="self" type="application/rss+xml"/>');
    expect(xml).toContain("<title>Rent &amp; advance</title>");
    expect(xml).toContain('<guid isPermaLink="false">urn:uuid:1</guid>');
    expect(xml).toContain("<pubDate>Sat, 21 Nov 2026 00:00:00 GMT</pubDate>");
  });
});

describe("meta", () => {
  it("escapes HTML and makes JSON safe inside <script>", () => {
    expect(escapeHtml(`<a href="x">'</a>`)).toBe("&lt;a href=&quot;x&quot;&gt;&#39;&lt;/a&gt;");
    const json = jsonForScript({ s: "</script><script>alert(1)</script>\u2028" });
    expect(json).not.toContain("</script>");
    expect(JSON.parse(json)).toEqual({ s: "</script><script>alert(1)</script>\u2028" });
  });
  it("truncates on a word boundary", () => {
    expect(truncate("one two three four", 12)).toBe("one two…");
    expect(truncate("short", 12)).toBe("short");
  });
  it("titles carry the site name once", () => {
    expect(withSiteName("Blog")).toBe("Blog | Ghana Realty");
    expect(withSiteName("Ghana Realty — Homes")).toBe("Ghana Realty — Homes");
  });
  it("prices in GHS and USD, per period for rent", () => {
    expect(formatPrice({ price: 2800000, currency: "GHS", listing_type: "sale", rent_period: null })).toMatch(
      /^GH₵\s?2,800,000$/,
    );
    expect(formatPrice({ price: 3500, currency: "USD", listing_type: "rent", rent_period: "month" })).toBe(
      "US$3,500 per month",
    );
    expect(formatPrice({ price: null, currency: "USD", listing_type: "sale", rent_period: null })).toBe(
      "Price on request",
    );
  });
  it("renders every tag a crawler reads", () => {
    const meta: PageMeta = {
      title: "T | Ghana Realty",
      description: 'D "quoted"',
      canonical: "https://x.gh/p",
      ogType: "article",
      image: { url: "https://cdn/x.jpg", width: 1200, height: 630, alt: "A", type: "image/jpeg" },
      article: { publishedTime: "2026-11-21T00:00:00Z", tags: ["a", "b"] },
      jsonLd: [{ "@type": "Thing", name: "</script>" }],
    };
    const html = renderMetaTags(meta, { feedUrl: "https://x.gh/feed", nonce: "n0nce" });
    for (const needle of [
      '<meta name="description" content="D &quot;quoted&quot;">',
      '<link rel="canonical" href="https://x.gh/p">',
      '<meta property="og:type" content="article">',
      '<meta property="og:image:secure_url" content="https://cdn/x.jpg">',
      '<meta property="og:image:width" content="1200">',
      '<meta property="article:tag" content="b">',
      '<meta name="twitter:card" content="summary_large_image">',
      '<script type="application/ld+json" nonce="n0nce">',
    ])
      expect(html).toContain(needle);
    expect(html).not.toContain("</script><");
  });
});

describe("pages", () => {
  it("every service has copy and the static sitemap lists them", () => {
    for (const slug of SERVICE_SLUGS) expect(SERVICE_INFO[slug].description.length).toBeGreaterThan(40);
    const paths = staticSitemapPaths().map((p) => p.path);
    expect(paths).toContain("/");
    expect(paths).toContain("/services/land-banking");
    expect(paths).not.toContain("/auth");
    expect(new Set(paths).size).toBe(paths.length);
  });
});
