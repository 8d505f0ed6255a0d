/**
 * Blog markdown never renders a script link, whatever the spelling of the
 * scheme (tabs, newlines, control characters, entities, case, leading spaces). Every href and
 * src the renderer writes is read back the way a browser would (entities decoded, then parsed
 * as a URL against the post's address) and must be http(s), mailto, tel or same-site.
 */
import { describe, expect, it } from "vitest";
import { renderMarkdown } from "#app/lib/markdown.ts";

const PAGE = "https://site.example/blog/a-post";
const ALLOWED = new Set(["http:", "https:", "mailto:", "tel:"]);

/** HTML attribute value → the string a browser hands to the URL parser. */
function decodeEntities(s: string): string {
  return s
    .replace(/&#x([0-9a-f]+);?/gi, (_, h: string) => String.fromCodePoint(parseInt(h, 16)))
    .replace(/&#(\d+);?/g, (_, d: string) => String.fromCodePoint(Number(d)))
    .replace(/&(tab|newline);/gi, (_, n: string) => (n.toLowerCase() === "tab" ? "\t" : "\n"))
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&apos;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");
}

function urlsIn(html: string): string[] {
  return [...html.matchAll(/\s(?:href|src)="([^"]*)"/g)].map((m) => decodeEntities(m[1]!));
}

const HOSTILE = [
  "[a](<java\tscript:alert(1)>)",
  "[a](<java\nscript:alert(1)>)",
  "[a](java&#x09;script:alert(1))",
  "[a](java&#9;script:alert(1))",
  "[a](&#106;avascript:alert(1))",
  "[a](JaVaScRiPt:alert(1))",
  "[a](<\u0001javascript:alert(1)>)",
  "[a](< javascript:alert(1)>)",
  "[a](<javascript\u0000:alert(1)>)",
  "[a](vbscript:msgbox(1))",
  "[a](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)",
  "![x](<java\tscript:alert(1)>)",
  "![x](data:image/svg+xml,<svg onload=alert(1)>)",
  "[a](//evil.example/x)",
  "[a](/\\evil.example/x)",
  "[a](<\\\\evil.example>)",
  "[a]: <java\tscript:alert(1)>\n\n[link][a]",
  '<a href="javascript:alert(1)">raw html</a>',
];

describe("markdown links and images", () => {
  it.each(HOSTILE)("%j renders no script URL and nothing off-site without a scheme", (source) => {
    const html = renderMarkdown(source);
    for (const u of urlsIn(html)) {
      const parsed = new URL(u, PAGE);
      expect(ALLOWED.has(parsed.protocol), `${JSON.stringify(source)} → ${JSON.stringify(u)}`).toBe(true);
      if (!/^[a-z][a-z0-9+.-]*:/i.test(u.trim()))
        expect(parsed.origin, `${JSON.stringify(source)} → ${JSON.stringify(u)}`).toBe(new URL(PAGE).origin);
    }
    expect(html.toLowerCase()).not.toMatch(/href="\s*javascript|src="\s*javascript/);
  });

  it("keeps the links a post needs", () => {
    const html = renderMarkdown(
      "[site](https://ghanarealty.example/x) [mail](mailto:info@example.com) [call](tel:+233302000000) [rel](/properties?city=Accra) ![p](/images/a.jpg)",
    );
    expect(urlsIn(html)).toEqual([
      "https://ghanarealty.example/x",
      "mailto:info@example.com",
      "tel:+233302000000",
      "/properties?city=Accra",
      "/images/a.jpg",
    ]);
  });
});
