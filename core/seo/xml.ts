/**
 * XML builders for sitemaps (sitemaps.org 0.9 + Google's image extension) and the RSS 2.0 feed.
 * Pure string building; every text and attribute value goes through escapeXml.
 */

export const SITEMAP_NS = "http://www.sitemaps.org/schemas/sitemap/0.9";
export const IMAGE_NS = "http://www.google.com/schemas/sitemap-image/1.1";
/** The protocol's limit per sitemap file (and per index). */
export const SITEMAP_MAX_URLS = 50_000;
/** Google allows up to 1,000 images per URL entry. */
export const SITEMAP_MAX_IMAGES_PER_URL = 1000;

/** Escapes the five XML special characters and drops characters XML 1.0 forbids. */
export function escapeXml(s: string): string {
  return s
    .replace(/[^\x09\x0A\x0D\x20-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu, "")
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&apos;");
}

export interface SitemapUrl {
  loc: string;
  /** ISO 8601 instant or date. */
  lastmod?: string | null;
  changefreq?: "always" | "hourly" | "daily" | "weekly" | "monthly" | "yearly" | "never";
  priority?: number;
  images?: string[];
}

/** W3C datetime as the schema wants it (seconds precision, UTC). */
export function w3cDate(value: string | Date): string {
  const d = typeof value === "string" ? new Date(value) : value;
  return Number.isNaN(d.getTime()) ? "" : d.toISOString().replace(/\.\d{3}Z$/, "Z");
}

export function buildUrlset(urls: SitemapUrl[]): string {
  if (urls.length > SITEMAP_MAX_URLS)
    throw new RangeError(`a sitemap holds at most ${SITEMAP_MAX_URLS} URLs`);
  const hasImages = urls.some((u) => u.images && u.images.length > 0);
  const body = urls
    .map((u) => {
      const parts = [`<loc>${escapeXml(u.loc)}</loc>`];
      const lastmod = u.lastmod ? w3cDate(u.lastmod) : "";
      if (lastmod) parts.push(`<lastmod>${lastmod}</lastmod>`);
      if (u.changefreq) parts.push(`<changefreq>${u.changefreq}</changefreq>`);
      if (u.priority !== undefined)
        parts.push(`<priority>${Math.min(1, Math.max(0, u.priority)).toFixed(1)}</priority>`);
      for (const img of (u.images ?? []).slice(0, SITEMAP_MAX_IMAGES_PER_URL))
        parts.push(`<image:image><image:loc>${escapeXml(img)}</image:loc></image:image>`);
      return `<url>${parts.join("")}</url>`;
    })
    .join("\n");
  const ns = hasImages ? ` xmlns:image="${IMAGE_NS}"` : "";
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="${SITEMAP_NS}"${ns}>\n${body}\n</urlset>\n`;
}

export interface SitemapRef {
  loc: string;
  lastmod?: string | null;
}

export function buildSitemapIndex(sitemaps: SitemapRef[]): string {
  const body = sitemaps
    .map((s) => {
      const lastmod = s.lastmod ? w3cDate(s.lastmod) : "";
      return `<sitemap><loc>${escapeXml(s.loc)}</loc>${lastmod ? `<lastmod>${lastmod}</lastmod>` : ""}</sitemap>`;
    })
    .join("\n");
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="${SITEMAP_NS}">\n${body}\n</sitemapindex>\n`;
}

/** Number of sitemap files needed for `count` URLs (at least one, even when empty). */
export function sitemapPageCount(count: number, pageSize = SITEMAP_MAX_URLS): number {
  return Math.max(1, Math.ceil(count / pageSize));
}

export interface RssItem {
  title: string;
  link: string;
  guid: string;
  pubDate: string | Date;
  description?: string | null;
  author?: string | null;
  categories?: string[];
  enclosure?: { url: string; type: string; length?: number } | null;
}

export interface RssChannel {
  title: string;
  link: string;
  selfUrl: string;
  description: string;
  language: string;
  lastBuildDate?: string | Date | null;
  imageUrl?: string;
  items: RssItem[];
}

/** RFC 822 date as RSS 2.0 wants it ("Sat, 21 Nov 2026 14:00:00 GMT"). */
export function rfc822(value: string | Date): string {
  return (typeof value === "string" ? new Date(value) : value).toUTCString();
}

export function buildRss(ch: RssChannel): string {
  const items = ch.items
    .map((it) => {
      const parts = [
        `<title>${escapeXml(it.title)}</title>`,
        `<link>${escapeXml(it.link)}</link>`,
        `<guid isPermaLink="false">${escapeXml(it.guid)}</guid>`,
        `<pubDate>${rfc822(it.pubDate)}</pubDate>`,
      ];
      if (it.description) parts.push(`<description>${escapeXml(it.description)}</description>`);
      if (it.author) parts.push(`<dc:creator>${escapeXml(it.author)}</dc:creator>`);
      for (const c of it.categories ?? []) parts.push(`<category>${escapeXml(c)}</category>`);
      if (it.enclosure)
        parts.push(
          `<enclosure url="${escapeXml(it.enclosure.url)}" type="${escapeXml(it.enclosure.type)}" length="${it.enclosure.length ?? 0}"/>`,
        );
      return `<item>${parts.join("")}</item>`;
    })
    .join("\n");
  const head = [
    `<title>${escapeXml(ch.title)}</title>`,
    `<link>${escapeXml(ch.link)}</link>`,
    `<atom:link href="${escapeXml(ch.selfUrl)}" rel="self" type="application/rss+xml"/>`,
    `<description>${escapeXml(ch.description)}</description>`,
    `<language>${escapeXml(ch.language)}</language>`,
  ];
  if (ch.lastBuildDate) head.push(`<lastBuildDate>${rfc822(ch.lastBuildDate)}</lastBuildDate>`);
  if (ch.imageUrl)
    head.push(
      `<image><url>${escapeXml(ch.imageUrl)}</url><title>${escapeXml(ch.title)}</title><link>${escapeXml(ch.link)}</link></image>`,
    );
  return `<?xml version="1.0" encoding="UTF-8"?>\n<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:dc="http://purl.org/dc/elements/1.1/">\n<channel>${head.join("")}\n${items}\n</channel>\n</rss>\n`;
}
