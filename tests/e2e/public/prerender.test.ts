/**
 * Prerendered first views (core/prerender.ts): the edge serves the page's HTML, the browser shows
 * it before any JavaScript, and the SPA hydrates it without a mismatch.
 */
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, SITE } from "#tests/support/browser.ts";
import { anonClient } from "#tests/support/supabase.ts";
import { withPage } from "./helpers.ts";

let browser: Browser;
let propertySlug: string;
let propertyTitle: string;
let postSlug: string;
beforeAll(async () => {
  browser = await launchBrowser();
  const db = anonClient();
  // A seeded listing no test edits: the newest one may be another file's, unpublished meanwhile.
  const { data: p, error: e1 } = await db
    .from("properties")
    .select("slug,title")
    .eq("slug", "2-bedroom-apartment-airport-residential")
    .single();
  const { data: b, error: e2 } = await db
    .from("blog_posts")
    .select("slug")
    .eq("slug", "how-property-valuation-works-in-ghana")
    .single();
  if (e1 || e2) throw new Error((e1 ?? e2)!.message);
  propertySlug = p.slug;
  propertyTitle = p.title;
  postSlug = b.slug;
});
afterAll(async () => {
  await browser?.close();
});

describe("prerendered pages", () => {
  it("show their content with JavaScript switched off", async () => {
    const context = await browser.newContext({
      javaScriptEnabled: false,
      viewport: { width: 390, height: 844 },
    });
    try {
      const page = await context.newPage();
      await page.goto(`${SITE}/`);
      await page
        .getByRole("heading", { level: 1, name: "Find a home in Ghana you can truly own." })
        .waitFor();
      await page.getByRole("contentinfo").getByRole("link", { name: "Privacy Policy" }).waitFor();
      await page.goto(`${SITE}/services/land-banking`);
      await page.getByRole("heading", { level: 1 }).filter({ hasText: /land/i }).waitFor();
      // A listing: the loading state with the edge's main photo in it, loaded.
      await page.goto(`${SITE}/property/${propertySlug}`);
      const photo = page.locator('[data-edge-slot="lcp-image"] img');
      await photo.waitFor();
      await expect
        .poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
        .toBe(true);
    } finally {
      await context.close();
    }
  });

  it("hydrate without a mismatch and then respond", async () => {
    const paths = [
      "/",
      "/properties",
      `/property/${propertySlug}`,
      `/blog/${postSlug}`,
      "/contact",
      "/services/property-buying",
      "/about",
    ];
    await withPage(
      browser,
      "prerender-hydration",
      async (page, errors) => {
        const warnings: string[] = [];
        page.on("console", (m) => {
          if (m.type() === "warning" && m.text().includes("prerendered")) warnings.push(m.text());
        });
        for (const path of paths) {
          const res = await page.goto(`${SITE}${path}`);
          expect(res!.status(), path).toBe(200);
          expect(await res!.text(), path).toContain("data-prerendered=");
          expect(await page.title(), path).not.toBe("");
          expect(await page.getByRole("main").count(), path).toBeGreaterThan(0);
          // openPage's goto waited for <html data-hydrated>.
          expect(await page.evaluate(() => document.documentElement.dataset.hydrated), path).toBe("true");
        }
        expect(warnings).toEqual([]);
        expect(errors).toEqual([]);
        // The listing's data replaced the loading state; the photo is the real gallery's.
        await page.goto(`${SITE}/property/${propertySlug}`);
        await page.getByRole("heading", { level: 1, name: propertyTitle }).waitFor();
        expect(await page.locator('[data-edge-slot="lcp-image"]').count()).toBe(0);
        // Interactive after hydration: the mobile menu opens.
        await page.goto(`${SITE}/about`);
        await page.getByRole("button", { name: "Open menu" }).click();
        await page.getByRole("navigation", { name: "Mobile" }).getByRole("link", { name: "Blog" }).waitFor();
      },
      { viewport: { width: 390, height: 844 } },
    );
  });
});
