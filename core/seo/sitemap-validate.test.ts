/** The sitemaps admin's validator: what the generator writes passes; each broken rule is named. */
import { describe, expect, it } from "vitest";
import { parseXml, validateSitemap } from "./sitemap-validate.ts";
import { buildSitemapIndex, buildUrlset, IMAGE_NS, SITEMAP_NS } from "./xml.ts";

const url = (body: string, ns = "") =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="${SITEMAP_NS}"${ns}><url>${body}</url></urlset>`;

describe("validateSitemap", () => {
  it("passes what the edge generates, images and escaped characters included", () => {
    const xml = buildUrlset([
      {
        loc: "https://ghanarealty.example/property/4-bed-east-legon",
        lastmod: "2026-11-20T10:00:00Z",
        changefreq: "daily",
        priority: 0.8,
        images: ["https://x.example/images/a.jpg"],
      },
      { loc: "https://ghanarealty.example/blog/land?x=1&y=2", lastmod: "2026-11-21" },
    ]);
    const r = validateSitemap(xml);
    expect(r).toMatchObject({ kind: "urlset", valid: true, errors: [] });
    expect(r.entries[1]!.loc).toBe("https://ghanarealty.example/blog/land?x=1&y=2");
    expect(r.entries[0]!.images).toEqual(["https://x.example/images/a.jpg"]);
    expect(
      validateSitemap(
        buildSitemapIndex([
          { loc: "https://ghanarealty.example/sitemap-static.xml", lastmod: "2026-11-01T00:00:00Z" },
        ]),
      ),
    ).toMatchObject({ kind: "sitemapindex", valid: true });
  });

  it.each([
    ["no loc", url("<lastmod>2026-11-20</lastmod>"), "url 1: <loc> is missing"],
    ["a relative loc", url("<loc>/blog/x-yz-1234</loc>"), "url 1: <loc> must be an absolute address"],
    [
      "a bad lastmod",
      url("<loc>https://a.example/x</loc><lastmod>20/11/2026</lastmod>"),
      'url 1: <lastmod> "20/11/2026" is not a W3C date or datetime',
    ],
    [
      "a bad changefreq",
      url("<loc>https://a.example/x</loc><changefreq>often</changefreq>"),
      'url 1: <changefreq> "often" is not one of always, hourly, daily, weekly, monthly, yearly, never',
    ],
    [
      "a priority above 1",
      url("<loc>https://a.example/x</loc><priority>1.5</priority>"),
      'url 1: <priority> "1.5" is not a number from 0.0 to 1.0',
    ],
    [
      "elements out of order",
      url("<lastmod>2026-11-20</lastmod><loc>https://a.example/x</loc>"),
      "url 1: <loc> is out of order or repeated",
    ],
    [
      "an unknown element",
      url("<loc>https://a.example/x</loc><title>x</title>"),
      "url 1: <title> is not allowed in <url>",
    ],
    [
      "an image without loc",
      url("<loc>https://a.example/x</loc><image:image></image:image>", ` xmlns:image="${IMAGE_NS}"`),
      "url 1: <image:image> needs exactly one <image:loc>",
    ],
  ])("names %s", (_, xml, message) => {
    const r = validateSitemap(xml);
    expect(r.valid).toBe(false);
    expect(r.errors).toContain(message);
  });

  it("refuses the wrong root, a missing namespace and broken XML", () => {
    expect(validateSitemap(`<urlset><url><loc>https://a.example/x</loc></url></urlset>`).errors[0]).toMatch(
      /^The root must be urlset or sitemapindex/,
    );
    expect(validateSitemap(`<urlset xmlns="${SITEMAP_NS}"><url><loc>x</url></urlset>`).errors[0]).toMatch(
      /^Not well-formed XML/,
    );
    expect(validateSitemap(`<!DOCTYPE x><urlset xmlns="${SITEMAP_NS}"/>`).errors[0]).toMatch(/DOCTYPE/);
  });

  it("reads entities and namespaces", () => {
    const el = parseXml(`<a xmlns="u" xmlns:b="v"><b:c k='1 &amp; 2'>&lt;x&gt; &#233;&#x41;</b:c></a>`);
    expect(el.children[0]).toMatchObject({ ns: "v", local: "c", attributes: { k: "1 & 2" }, text: "<x> éA" });
  });
});
