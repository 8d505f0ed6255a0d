import { describe, expect, it } from "vitest";
import { PATTERN_PLACEHOLDER } from "./prerender.ts";
import { prerenderedShellFor, prerenderTargets } from "./prerender-targets.ts";
import { SERVICE_SLUGS } from "./services.ts";

describe("prerender targets", () => {
  const targets = prerenderTargets();

  it("covers the public pages, every service page and one shell per data pattern", () => {
    const paths = targets.map((t) => t.path);
    for (const p of [
      "/",
      "/about",
      "/services",
      "/contact",
      "/blog",
      "/properties",
      "/compliance",
      "/privacy-policy",
      "/terms-of-service",
      "/associations",
    ])
      expect(paths).toContain(p);
    for (const s of SERVICE_SLUGS) expect(paths).toContain(`/services/${s}`);
    expect(
      targets
        .filter((t) => t.pattern)
        .map((t) => t.pattern)
        .sort(),
    ).toEqual(["/blog/:slug", "/invoice/:invoiceId", "/property/:slug"]);
    expect(paths).toContain(`/property/${PATTERN_PLACEHOLDER}`);
  });

  it("leaves out sign-in, back-office, share and redirecting routes", () => {
    const paths = targets.map((t) => t.path);
    for (const p of ["/auth", "/dashboard", "/settings", "/consultation", "/property-request-form"])
      expect(paths).not.toContain(p);
    expect(paths.some((p) => p.startsWith("/share"))).toBe(false);
  });

  it("gives every shell a distinct, file-safe key", () => {
    const keys = targets.map((t) => t.key);
    expect(new Set(keys).size).toBe(keys.length);
    for (const k of keys) expect(k).toMatch(/^[a-z0-9_-]+$/i);
  });
});

describe("prerenderedShellFor", () => {
  it("finds concrete pages and pattern shells", () => {
    expect(prerenderedShellFor("/")?.key).toBe("index");
    expect(prerenderedShellFor("/services/land-banking")?.path).toBe("/services/land-banking");
    expect(prerenderedShellFor("/property/3-bedroom-house-east-legon")?.pattern).toBe("/property/:slug");
    expect(prerenderedShellFor("/blog/some-post")?.pattern).toBe("/blog/:slug");
  });

  it("answers null for pages without a shell", () => {
    expect(prerenderedShellFor("/services/not-a-service")).toBeNull();
    expect(prerenderedShellFor("/auth")).toBeNull();
    expect(prerenderedShellFor("/dashboard")).toBeNull();
    expect(prerenderedShellFor("/no/such/page")).toBeNull();
    expect(prerenderedShellFor("/share/property/x")).toBeNull();
  });

  it("uses the empty shell when the query changes the first render, not for tracking parameters", () => {
    expect(prerenderedShellFor("/properties", "?city=Tema")).toBeNull();
    expect(prerenderedShellFor("/blog", "?tag=land")).toBeNull();
    expect(prerenderedShellFor("/properties", "?utm_source=whatsapp&fbclid=abc")?.path).toBe("/properties");
    expect(prerenderedShellFor("/", "")?.path).toBe("/");
  });
});
