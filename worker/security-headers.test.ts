/**
 * Security headers on every HTML response, scored by MDN HTTP Observatory's rules (A+ required),
 * with the production shape of the configuration (https hosts, a hosted Supabase URL).
 */
import { env } from "cloudflare:test";
import { beforeEach, describe, expect, it } from "vitest";
import { createApp } from "./app.ts";
import { markStale, resetMemoryCache } from "./edge-cache.ts";
import { parseCsp, scoreResponse } from "./testing/observatory.ts";
import { scriptNonces } from "./testing/html.ts";
import { makePost, makeProperty, MemoryContent, MemoryFormStore } from "./testing/memory-content.ts";

const content = new MemoryContent();
const app = createApp({ content: () => content, forms: () => new MemoryFormStore() });

const production = {
  ...env,
  SUPABASE_URL: "https://abcdefghijklmnop.supabase.co",
  MAIN_HOST: "ghanarealty.com.gh",
  CRM_HOST: "crm.ghanarealty.com.gh",
  CONSULT_HOST: "consult.ghanarealty.com.gh",
  BOOKINGS_HOST: "bookings.ghanarealty.com.gh",
  REQUEST_HOST: "request.ghanarealty.com.gh",
  COLLAB_HOST: "collab.ghanarealty.com.gh",
  SITE_PROTOCOL: "https",
} as unknown as typeof env;

beforeEach(async () => {
  resetMemoryCache();
  await markStale();
  content.properties = [makeProperty("villa-trasacco")];
  content.posts = [makePost("land-checks")];
});

const HTML_PAGES = [
  "https://ghanarealty.com.gh/",
  "https://ghanarealty.com.gh/property/villa-trasacco",
  "https://ghanarealty.com.gh/blog/land-checks",
  "https://ghanarealty.com.gh/no-such-page",
  "https://ghanarealty.com.gh/share/property/villa-trasacco",
  "https://consult.ghanarealty.com.gh/",
  "https://crm.ghanarealty.com.gh/dashboard",
];

describe("security headers", () => {
  it.each(HTML_PAGES)("%s scores A+ by the Observatory rules", async (url) => {
    const res = await app.request(url, {}, production);
    expect(res.headers.get("content-type")).toContain("text/html");
    const html = await res.text();
    const result = scoreResponse(res.headers, html, url);
    expect(result.grade, JSON.stringify(result.tests, null, 1)).toBe("A+");
    expect(result.score).toBeGreaterThanOrEqual(105);
    expect(result.tests["x-frame-options"]!.result).toBe("x-frame-options-implemented-via-csp");
    expect(result.tests["referrer-policy"]!.result).toBe("referrer-policy-private");
  });

  it("the CSP: nonce-based scripts, no unsafe-inline/eval for scripts, locked frame/object/base", async () => {
    const res = await app.request("https://ghanarealty.com.gh/property/villa-trasacco", {}, production);
    const header = res.headers.get("content-security-policy")!;
    const csp = parseCsp(header)!;
    const nonce = csp
      .get("script-src")!
      .find((s) => s.startsWith("'nonce-"))!
      .slice(7, -1);
    expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    expect(csp.get("script-src")).toEqual(["'self'", `'nonce-${nonce}'`]);
    expect(header).not.toMatch(/script-src[^;]*'unsafe-(inline|eval)'/);
    expect(csp.get("frame-ancestors")).toEqual(["'none'"]);
    expect(csp.get("object-src")).toEqual(["'none'"]);
    expect(csp.get("base-uri")).toEqual(["'none'"]);
    expect(csp.get("connect-src")).toEqual(
      expect.arrayContaining([
        "'self'",
        "https://abcdefghijklmnop.supabase.co",
        "wss://abcdefghijklmnop.supabase.co",
        "wss://ghanarealty.com.gh",
      ]),
    );
    expect(csp.get("img-src")).toEqual(
      expect.arrayContaining([
        "'self'",
        "data:",
        "https://abcdefghijklmnop.supabase.co",
        "https://*.tile.openstreetmap.org",
      ]),
    );
    expect(csp.has("upgrade-insecure-requests")).toBe(true);
    // Every script in the page carries this response's nonce.
    const nonces = scriptNonces(await res.text());
    expect(nonces.length).toBeGreaterThanOrEqual(3);
    expect(nonces.every((n) => n === nonce)).toBe(true);
    expect(res.headers.get("strict-transport-security")).toBe("max-age=31536000; includeSubDomains");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    expect(res.headers.get("permissions-policy")).toContain("camera=()");
  });

  it("a fresh nonce per response", async () => {
    const a = (await app.request("https://ghanarealty.com.gh/", {}, production)).headers.get(
      "content-security-policy",
    );
    const b = (await app.request("https://ghanarealty.com.gh/", {}, production)).headers.get(
      "content-security-policy",
    );
    expect(a).not.toBe(b);
  });

  it("JSON and XML responses carry the transport headers and a deny-all CSP", async () => {
    for (const path of ["/api/health", "/robots.txt"]) {
      const res = await app.request(`https://ghanarealty.com.gh${path}`, {}, production);
      expect(res.headers.get("content-security-policy")).toBe(
        "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'",
      );
      expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    }
  });
});

describe("the Observatory scorer itself", () => {
  const page = "https://example.com/";
  it("penalises what the published rules penalise", () => {
    const bare = scoreResponse(new Headers(), "<script src='/a.js'></script>", page);
    // CSP -25, HSTS -20, XCTO -5, XFO -20 → 30 (D)
    expect(bare.score).toBe(30);
    expect(bare.grade).toBe("D");
    const inline = scoreResponse(
      new Headers({
        "content-security-policy": "default-src 'self'; script-src 'self' 'unsafe-inline'",
        "strict-transport-security": "max-age=31536000",
        "x-content-type-options": "nosniff",
        "x-frame-options": "DENY",
      }),
      null,
      page,
    );
    expect(inline.tests["content-security-policy"]!.modifier).toBe(-20);
    expect(inline.grade).toBe("B+");
  });

  it("a nonce neutralises 'unsafe-inline' (CSP2 fallback), as browsers do", () => {
    const r = scoreResponse(
      new Headers({
        "content-security-policy":
          "default-src 'none'; script-src 'self' 'unsafe-inline' 'nonce-abc'; frame-ancestors 'none'",
      }),
      null,
      page,
    );
    expect(r.tests["content-security-policy"]!.result).toBe(
      "csp-implemented-with-no-unsafe-default-src-none",
    );
  });

  it("bonuses only count from 90 up", () => {
    const r = scoreResponse(
      new Headers({ "content-security-policy": "default-src 'none'", "referrer-policy": "no-referrer" }),
      null,
      page,
    );
    // -20 (HSTS) -5 (XCTO) -20 (no XFO, no frame-ancestors) → 55 < 90: +10 (CSP) and +5 (referrer) not added
    expect(r.score).toBe(55);
    expect(r.tests["content-security-policy"]!.modifier).toBe(10);
  });
});
