/**
 * Sitemaps and robots.txt, generated from live published data and cached at the edge
 * (edge-cache.ts; a regenerate marks them stale). `/sitemap.xml` is an index of
 * `/sitemap-static.xml`, `/sitemap-properties.xml` and `/sitemap-posts.xml`; beyond 50,000 URLs a
 * kind is split into `/sitemap-<kind>-2.xml`, `-3.xml`, … (page 1 keeps the plain name).
 */
import { findRoute } from "#core/routes.ts";
import { STATIC_CONTENT_UPDATED, staticSitemapPaths } from "#core/seo/pages.ts";
import {
  buildSitemapIndex,
  buildUrlset,
  SITEMAP_MAX_URLS,
  sitemapPageCount,
  type SitemapUrl,
} from "#core/seo/xml.ts";
import type { ContentSource, SitemapEntry } from "./content.ts";
import { cached } from "./edge-cache.ts";
import { storagePublicUrl, type EdgeContext } from "./env.ts";

export const SITEMAP_KINDS = ["static", "properties", "posts"] as const;
export type SitemapKind = (typeof SITEMAP_KINDS)[number];

const SITEMAP_CACHE = { memoryMs: 60_000, edgeSeconds: 3600 };

export interface SitemapOptions {
  /** URLs per file (50,000 by the protocol; smaller in tests). */
  pageSize?: number;
}

/** "/sitemap-properties-3.xml" → {kind: "properties", page: 3}; null if not a sitemap path. */
export function parseSitemapPath(pathname: string): { kind: SitemapKind; page: number } | null {
  const m = pathname.match(/^\/sitemap-(static|properties|posts)(?:-(\d+))?\.xml$/);
  if (!m) return null;
  const page = m[2] === undefined ? 1 : Number(m[2]);
  if (!Number.isInteger(page) || page < 1 || (m[2] !== undefined && (page === 1 || m[2].startsWith("0"))))
    return null;
  return { kind: m[1] as SitemapKind, page };
}

export function sitemapPath(kind: SitemapKind, page: number): string {
  return page === 1 ? `/sitemap-${kind}.xml` : `/sitemap-${kind}-${page}.xml`;
}

interface GeneratedSitemap {
  xml: string;
  lastmod: string | null;
  urls: number;
}

function latest(entries: { updated_at: string }[]): string | null {
  let max: string | null = null;
  for (const e of entries) if (!max || e.updated_at > max) max = e.updated_at;
  return max;
}

async function count(content: ContentSource, kind: SitemapKind): Promise<number> {
  if (kind === "static") return staticSitemapPaths().length;
  return cached(`sitemap-count:${kind}`, SITEMAP_CACHE, () =>
    kind === "properties" ? content.countProperties() : content.countPosts(),
  );
}

async function generate(
  ctx: EdgeContext,
  content: ContentSource,
  kind: SitemapKind,
  page: number,
  pageSize: number,
): Promise<GeneratedSitemap | null> {
  const total = await count(content, kind);
  if (page > sitemapPageCount(total, pageSize)) return null;
  return cached(`sitemap:${kind}:${page}:${pageSize}`, SITEMAP_CACHE, async () => {
    const origin = ctx.mainOrigin;
    if (kind === "static") {
      const paths = staticSitemapPaths().slice((page - 1) * pageSize, page * pageSize);
      const urls: SitemapUrl[] = paths.map(({ path, info }) => ({
        loc: `${origin}${path === "/" ? "/" : path}`,
        lastmod: STATIC_CONTENT_UPDATED,
        changefreq: info.changefreq,
        priority: info.priority,
      }));
      return { xml: buildUrlset(urls), lastmod: STATIC_CONTENT_UPDATED, urls: urls.length };
    }
    const entries: SitemapEntry[] =
      kind === "properties"
        ? await content.propertySitemapEntries((page - 1) * pageSize, pageSize)
        : await content.postSitemapEntries((page - 1) * pageSize, pageSize);
    const prefix = kind === "properties" ? "/property/" : "/blog/";
    // Only slugs the SPA can route (defensive: a malformed slug would be a 404 in the sitemap).
    const valid = entries.filter((e) => findRoute(`${prefix}${e.slug}`) !== null);
    const urls: SitemapUrl[] = valid.map((e) => ({
      loc: `${origin}${prefix}${encodeURIComponent(e.slug)}`,
      lastmod: e.updated_at,
      changefreq: kind === "properties" ? "daily" : "weekly",
      priority: kind === "properties" ? 0.8 : 0.6,
      images: e.images.map((p) => storagePublicUrl(ctx, p)),
    }));
    return { xml: buildUrlset(urls), lastmod: latest(valid), urls: urls.length };
  });
}

export async function sitemapXml(
  ctx: EdgeContext,
  content: ContentSource,
  kind: SitemapKind,
  page: number,
  opts: SitemapOptions = {},
): Promise<string | null> {
  const result = await generate(ctx, content, kind, page, opts.pageSize ?? SITEMAP_MAX_URLS);
  return result?.xml ?? null;
}

export async function sitemapIndexXml(
  ctx: EdgeContext,
  content: ContentSource,
  opts: SitemapOptions = {},
): Promise<string> {
  const pageSize = opts.pageSize ?? SITEMAP_MAX_URLS;
  return cached(`sitemap-index:${pageSize}`, SITEMAP_CACHE, async () => {
    const refs: { loc: string; lastmod: string | null }[] = [];
    for (const kind of SITEMAP_KINDS) {
      const pages = sitemapPageCount(await count(content, kind), pageSize);
      for (let page = 1; page <= pages; page++) {
        const g = await generate(ctx, content, kind, page, pageSize);
        refs.push({ loc: `${ctx.mainOrigin}${sitemapPath(kind, page)}`, lastmod: g?.lastmod ?? null });
      }
    }
    return buildSitemapIndex(refs);
  });
}

/** URL counts per kind (for the admin's regenerate response). */
export async function sitemapCounts(content: ContentSource): Promise<Record<SitemapKind, number>> {
  return {
    static: await count(content, "static"),
    properties: await count(content, "properties"),
    posts: await count(content, "posts"),
  };
}

/** Back-office paths crawlers should skip on the main host. */
const DISALLOWED = [
  "/api/",
  "/auth",
  "/share/",
  "/invoice/",
  "/dashboard",
  "/admin/",
  "/settings",
  "/leads-hunt",
  "/properties-admin",
];

export function robotsTxt(ctx: EdgeContext): string {
  if (ctx.hostKind === "main") {
    return [
      "User-agent: *",
      "Allow: /",
      ...DISALLOWED.map((p) => `Disallow: ${p}`),
      "",
      `Sitemap: ${ctx.mainOrigin}/sitemap.xml`,
      "",
    ].join("\n");
  }
  if (ctx.hostKind === "consult" || ctx.hostKind === "bookings" || ctx.hostKind === "request") {
    return [
      "User-agent: *",
      "Allow: /$",
      "Disallow: /",
      "",
      `Sitemap: ${ctx.mainOrigin}/sitemap.xml`,
      "",
    ].join("\n");
  }
  // Back-office, partner portal and preview hosts are not for search engines.
  return ["User-agent: *", "Disallow: /", ""].join("\n");
}
