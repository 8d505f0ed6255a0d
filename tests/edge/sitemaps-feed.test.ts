/**
 * Sitemaps validated with `xmllint --schema` against the sitemaps.org XSDs (and Google's image
 * extension), the feed parsed with rss-parser, robots.txt — all against the running stack.
 */
import Parser from "rss-parser";
import { beforeAll, describe, expect, it } from "vitest";
import { anonClient, processAdmin } from "../support/supabase.ts";
import { edge, SITE_ORIGIN, xmllintErrors } from "./support.ts";

let publishedProperties = 0;
let publishedPosts = 0;

beforeAll(async () => {
  const db = anonClient();
  const p = await db.from("properties").select("id", { count: "exact", head: true });
  const b = await db.from("blog_posts").select("id", { count: "exact", head: true });
  expect(p.error).toBeNull();
  expect(b.error).toBeNull();
  publishedProperties = p.count ?? 0;
  publishedPosts = b.count ?? 0;
  // Fresh files for this suite (other suites may have changed listings).
  const admin = await processAdmin();
  const token = (await admin.auth.getSession()).data.session!.access_token;
  expect(
    (
      await edge("/api/sitemaps/regenerate", {
        method: "POST",
        headers: { authorization: `Bearer ${token}` },
      })
    ).status,
  ).toBe(200);
});

const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!);

describe("sitemaps", () => {
  it("the index is valid against siteindex.xsd and names the three sitemaps", async () => {
    const res = await edge("/sitemap.xml");
    expect(res.status).toBe(200);
    expect(res.headers["content-type"]).toBe("application/xml; charset=utf-8");
    expect(await xmllintErrors(res.text, "siteindex.xsd")).toBeNull();
    expect(locs(res.text)).toEqual([
      `${SITE_ORIGIN}/sitemap-static.xml`,
      `${SITE_ORIGIN}/sitemap-properties.xml`,
      `${SITE_ORIGIN}/sitemap-posts.xml`,
    ]);
    expect(res.text.match(/<lastmod>/g)?.length).toBe(3);
  });

  it("every sitemap of the index is valid (urlset + image extension) and lists the live published rows", async () => {
    const index = await edge("/sitemap.xml");
    for (const loc of locs(index.text)) {
      const res = await edge(loc);
      expect(res.status, loc).toBe(200);
      const errors = await xmllintErrors(res.text, "sitemap-with-images.xsd");
      expect(errors, `${loc}: ${errors}`).toBeNull();
      const urls = locs(res.text).filter((u) => !u.includes("/storage/v1/"));
      if (loc.endsWith("sitemap-properties.xml")) {
        expect(urls).toHaveLength(publishedProperties);
        expect(res.text).toContain("<image:image><image:loc>");
      }
      if (loc.endsWith("sitemap-posts.xml")) expect(urls).toHaveLength(publishedPosts);
      if (loc.endsWith("sitemap-static.xml"))
        expect(urls).toContain(`${SITE_ORIGIN}/services/property-valuation`);
      for (const u of urls) expect(u.startsWith(`${SITE_ORIGIN}/`), u).toBe(true);
    }
  });

  it("no draft or withdrawn listing is in the sitemap", async () => {
    const xml = (await edge("/sitemap-properties.xml")).text;
    expect(xml).not.toMatch(/-draft<\/loc>|withdrawn<\/loc>/);
  });

  it("each listed URL answers 200 (sampled)", async () => {
    const xml = (await edge("/sitemap-properties.xml")).text;
    const sample = locs(xml)
      .filter((u) => u.includes("/property/"))
      .slice(0, 5);
    for (const u of sample) expect((await edge(u)).status, u).toBe(200);
  });

  it("robots.txt names the sitemap", async () => {
    const res = await edge("/robots.txt");
    expect(res.text).toContain(`Sitemap: ${SITE_ORIGIN}/sitemap.xml`);
  });
});

describe("feed", () => {
  it("is RSS 2.0 a real feed parser reads: self link, stable guids, dates, absolute links", async () => {
    const first = await edge("/feed");
    expect(first.status).toBe(200);
    expect(first.headers["content-type"]).toBe("application/rss+xml; charset=utf-8");
    const parser = new Parser();
    const feed = await parser.parseString(first.text);
    expect(feed.title).toBe("Ghana Realty blog");
    expect(feed.link).toBe(`${SITE_ORIGIN}/blog`);
    expect(first.text).toContain(
      `<atom:link href="${SITE_ORIGIN}/feed" rel="self" type="application/rss+xml"/>`,
    );
    expect(feed.items.length).toBe(Math.min(50, publishedPosts));
    for (const item of feed.items) {
      expect(item.link).toMatch(new RegExp(`^${SITE_ORIGIN}/blog/[a-z0-9-]+$`));
      expect(item.guid).toMatch(/^urn:uuid:[0-9a-f-]{36}$/);
      expect(Number.isNaN(Date.parse(item.pubDate ?? ""))).toBe(false);
    }
    const dates = feed.items.map((i) => Date.parse(i.pubDate!));
    expect([...dates].sort((a, b) => b - a)).toEqual(dates);
    const again = await parser.parseString((await edge("/feed")).text);
    expect(again.items.map((i) => i.guid)).toEqual(feed.items.map((i) => i.guid));
  });

  it("the SPA shell advertises the feed", async () => {
    const res = await edge("/blog");
    expect(res.text).toContain(
      `<link rel="alternate" type="application/rss+xml" title="Ghana Realty blog" href="${SITE_ORIGIN}/feed">`,
    );
  });
});
