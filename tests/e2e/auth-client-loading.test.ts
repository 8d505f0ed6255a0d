/**
 * Public pages load only public code: an anonymous visitor never downloads supabase-js (the auth
 * client); the sign-in screen does. The chunk is found through the build's manifest.
 */
import fs from "node:fs";
import path from "node:path";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ROOT } from "../../scripts/local-env.ts";
import { launchBrowser, openPage, SITE } from "../support/browser.ts";

function authClientChunk(): string {
  const manifest = JSON.parse(fs.readFileSync(path.join(ROOT, "dist/client/.vite/manifest.json"), "utf8")) as Record<string, { file: string; name?: string }>;
  const entry = Object.values(manifest).find((c) => c.name === "supabase");
  if (!entry) throw new Error("no supabase-js chunk in the build manifest");
  return entry.file;
}

describe("the auth client is loaded only where it is needed", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  async function scriptsLoaded(pathname: string, ready: (page: import("playwright-core").Page) => Promise<unknown>): Promise<string[]> {
    const { page, context } = await openPage(browser);
    const urls: string[] = [];
    page.on("request", (r) => urls.push(new URL(r.url()).pathname));
    await page.goto(`${SITE}${pathname}`, { waitUntil: "networkidle" });
    await ready(page);
    await context.close();
    return urls;
  }

  it("an anonymous visitor of the home and properties pages never downloads it", async () => {
    const chunk = `/${authClientChunk()}`;
    const home = await scriptsLoaded("/", (p) => p.getByRole("main").waitFor());
    expect(home.some((u) => u.endsWith(".js")), "the page loaded scripts at all").toBe(true);
    expect(home).not.toContain(chunk);
    const listing = await scriptsLoaded("/properties", (p) => p.getByRole("main").waitFor());
    expect(listing).not.toContain(chunk);
  });

  it("the sign-in screen downloads it", async () => {
    const chunk = `/${authClientChunk()}`;
    const auth = await scriptsLoaded("/auth", (p) => p.getByRole("button", { name: "Sign In" }).waitFor());
    expect(auth).toContain(chunk);
  });
});
