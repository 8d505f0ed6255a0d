/**
 * What the sitemaps admin reads from the edge (same origin): GET /api/sitemaps/status (last
 * regeneration, URL counts), the index /sitemap.xml and each sitemap it names — fetched by path
 * on this host (the index names the main site's absolute URLs) and validated in the browser.
 */
import { z } from "zod";
import { SITEMAP_INDEX_PATH, SITEMAP_STATUS_PATH } from "#core/seo/endpoints.ts";
import { validateSitemap, type SitemapValidation } from "#core/seo/sitemap-validate.ts";

const statusSchema = z.object({
  lastRegeneratedAt: z.string().nullable(),
  sitemap: z.string(),
  feed: z.string(),
  robots: z.string(),
  urls: z.record(z.string(), z.number()).nullable(),
});
export type SitemapsStatus = z.output<typeof statusSchema>;

export async function sitemapsStatus(): Promise<SitemapsStatus> {
  const res = await fetch(SITEMAP_STATUS_PATH, { cache: "no-store" });
  if (!res.ok) throw new Error(`The site answered ${res.status} for the sitemaps' status`);
  return statusSchema.parse(await res.json());
}

export interface SitemapFile {
  /** The address search engines use (absolute, on the main site). */
  loc: string;
  /** The same file on this host. */
  path: string;
  lastmod: string | null;
  bytes: number;
  validation: SitemapValidation;
}

async function fetchXml(path: string): Promise<string> {
  const res = await fetch(path, { cache: "no-store" });
  if (!res.ok) throw new Error(`${path} answered ${res.status}`);
  return res.text();
}

/** The index and every sitemap it names, each validated. */
export async function loadSitemaps(): Promise<{ index: SitemapFile; files: SitemapFile[] }> {
  const indexXml = await fetchXml(SITEMAP_INDEX_PATH);
  const indexCheck = validateSitemap(indexXml);
  const index: SitemapFile = {
    loc: SITEMAP_INDEX_PATH,
    path: SITEMAP_INDEX_PATH,
    lastmod: null,
    bytes: new TextEncoder().encode(indexXml).length,
    validation: indexCheck,
  };
  const files = await Promise.all(
    indexCheck.entries.map(async (e) => {
      const path = new URL(e.loc, window.location.origin).pathname;
      const xml = await fetchXml(path);
      return {
        loc: e.loc,
        path,
        lastmod: e.lastmod,
        bytes: new TextEncoder().encode(xml).length,
        validation: validateSitemap(xml),
      };
    }),
  );
  return { index, files };
}
