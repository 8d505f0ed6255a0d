/**
 * Missing static files and unknown invoices are real 404s, and every answer
 * (404s, static files, the favicon) carries the security headers.
 */
import { describe, expect, it } from "vitest";
import { edge, type RawResponse } from "./support.ts";

function expectSecurityHeaders(res: RawResponse, what: string) {
  expect(res.headers["content-security-policy"], `${what}: CSP`).toBeTruthy();
  expect(res.headers["x-frame-options"], `${what}: X-Frame-Options`).toBe("DENY");
  expect(res.headers["x-content-type-options"], `${what}: nosniff`).toBe("nosniff");
}

describe("soft 404s", () => {
  it.each([
    "/assets/missing-0123456789.js",
    "/assets/nope.css",
    "/fonts/x",
    "/fonts/inter.woff2",
    "/og-default-missing.jpg",
    "/robots-old.txt",
  ])("%s is a 404 with the security headers", async (path) => {
    const res = await edge(path);
    expect(res.status, path).toBe(404);
    expectSecurityHeaders(res, path);
  });

  it("the favicon exists and carries the headers", async () => {
    const res = await edge("/favicon.svg");
    expect(res.status).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^image\/svg\+xml/);
    expectSecurityHeaders(res, "/favicon.svg");
    const page = await edge("/about");
    expect(page.text).toMatch(/<link rel="icon" [^>]*href="\/favicon\.svg"/);
  });

  it("real static files keep working, with the headers", async () => {
    const shell = await edge("/auth");
    const src = /<script\b[^>]*\ssrc="(\/assets\/[^"]+\.js)"/.exec(shell.text)?.[1];
    expect(src).toBeDefined();
    const res = await edge(src!);
    expect(res.status).toBe(200);
    expect(res.headers["content-type"]).toMatch(/javascript/);
    expectSecurityHeaders(res, src!);
  });

  it("an unknown or malformed invoice id is a 404 page; a real one is 200", async () => {
    for (const id of ["00000000-0000-4000-8000-000000000000", "not-an-id"]) {
      const res = await edge(`/invoice/${id}`);
      expect(res.status, id).toBe(404);
      expectSecurityHeaders(res, id);
      expect(res.headers["content-type"]).toMatch(/text\/html/);
    }
    const ok = await edge("/invoice/6f1c2b9e-4d3a-4c8e-9b7a-2e5f1d0c3a41");
    expect(ok.status).toBe(200);
  });
});
