/**
 * The sitemaps admin validates in the browser with core/seo/sitemap-validate.ts; this holds it to
 * the same verdicts as `xmllint --schema` with the sitemaps.org XSDs: every file the running edge
 * serves passes both, and each broken document fails both.
 */
import { describe, expect, it } from "vitest";
import { validateSitemap } from "#core/seo/sitemap-validate.ts";
import { IMAGE_NS, SITEMAP_NS } from "#core/seo/xml.ts";
import { edge, xmllintErrors } from "./support.ts";

const paths = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname);
const doc = (body: string) =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="${SITEMAP_NS}" xmlns:image="${IMAGE_NS}">${body}</urlset>`;

describe("the admin's sitemap validation agrees with xmllint", () => {
  it("on every file the edge serves", async () => {
    const index = await edge("/sitemap.xml");
    expect(validateSitemap(index.text)).toMatchObject({ kind: "sitemapindex", valid: true });
    expect(await xmllintErrors(index.text, "siteindex.xsd")).toBeNull();
    for (const p of paths(index.text)) {
      const file = await edge(p);
      const ours = validateSitemap(file.text);
      expect(ours.errors, p).toEqual([]);
      expect(await xmllintErrors(file.text, "sitemap-with-images.xsd"), p).toBeNull();
    }
  });

  it.each([
    ["a missing loc", "<url><lastmod>2026-11-20</lastmod></url>"],
    ["a bad lastmod", "<url><loc>https://a.example/x</loc><lastmod>yesterday</lastmod></url>"],
    ["a bad changefreq", "<url><loc>https://a.example/x</loc><changefreq>often</changefreq></url>"],
    ["a priority above 1", "<url><loc>https://a.example/x</loc><priority>2</priority></url>"],
    ["elements out of order", "<url><priority>0.5</priority><loc>https://a.example/x</loc></url>"],
    ["an unknown element", "<url><loc>https://a.example/x</loc><note>x</note></url>"],
    ["an image without its loc", "<url><loc>https://a.example/x</loc><image:image></image:image></url>"],
    ["a short loc", "<url><loc>http://a.b</loc></url>"],
  ])("on %s: both refuse", async (_, body) => {
    const xml = doc(body);
    expect(validateSitemap(xml).valid).toBe(false);
    expect(await xmllintErrors(xml, "sitemap-with-images.xsd")).not.toBeNull();
  });
});
