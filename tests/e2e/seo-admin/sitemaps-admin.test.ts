/**
 * Sitemaps admin (/admin/sitemaps): an admin sees the index and each sitemap it names, each valid
 * against the sitemaps.org rules with its URL count; opens a sitemap's URLs with their lastmod and
 * finds a published listing by filtering; regenerates, and the "last regenerated" time moves. The
 * screen's route is admin-only (core/routes.test.ts; the guards walk meets a staff member's refusal
 * on this very screen, tests/e2e/shell/guards.test.ts).
 */
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SITEMAP_STATUS_PATH } from "#core/seo/endpoints.ts";
import { launchBrowser, screenshot, SITE, signedInPage } from "#tests/support/browser.ts";
import { createTestUser, deleteTestUser, type TestUser } from "#tests/support/supabase.ts";
import { expectAccessible } from "../shell/helpers.ts";
import { clearToasts, service, toast } from "../properties-admin/helpers.ts";

let browser: Browser;
let admin: TestUser;

beforeAll(async () => {
  browser = await launchBrowser();
  admin = await createTestUser({ role: "admin" });
});
afterAll(async () => {
  await browser?.close();
  if (admin) await deleteTestUser(admin.id);
});

/** When the edge last rebuilt the sitemaps (what the screen's status line reads). */
async function lastRegeneratedAt(): Promise<string | null> {
  const res = await fetch(`${SITE}${SITEMAP_STATUS_PATH}`);
  return ((await res.json()) as { lastRegeneratedAt: string | null }).lastRegeneratedAt;
}

describe("sitemaps admin", () => {
  it("lists valid sitemaps with their URLs, finds a listing, and regenerates", async () => {
    const listing = await service
      .from("properties")
      .select("slug")
      // A seeded listing no test edits (the first row found could be another file's, gone meanwhile).
      .eq("slug", "4-bedroom-house-tema-community-25")
      .single();
    const slug = (listing.data as { slug: string }).slug;
    const { page } = await signedInPage(browser, admin, "/admin/sitemaps");
    try {
      const files = page.getByRole("table", { name: "Sitemap files" });
      await files.waitFor();
      const index = files.locator('tr[data-path="/sitemap.xml"]');
      await index.getByText(/^Valid \(siteindex\.xsd\)$/).waitFor();
      const rows = files.locator("tbody tr");
      expect(await rows.count()).toBeGreaterThanOrEqual(3);
      // Every file passes, and the index names as many sitemaps as the table shows after it.
      expect(await files.getByText(/problems?$/).count()).toBe(0);
      expect(Number(await index.locator("td").nth(1).textContent())).toBe((await rows.count()) - 1);

      const properties = rows.filter({ hasText: /propert/ }).first();
      const path = await properties.getAttribute("data-path");
      await properties.getByRole("button", { name: /Show URLs/ }).click();
      const urls = page.getByRole("table", { name: `URLs in ${path}` });
      await page.getByRole("textbox", { name: "Filter" }).fill(slug);
      await urls.getByRole("link", { name: new RegExp(`/property/${slug}$`) }).waitFor();
      expect(await urls.locator("tbody tr").count()).toBe(1);
      await expectAccessible(page, "sitemaps admin");

      const before = await lastRegeneratedAt();
      await page.getByRole("button", { name: "Regenerate sitemaps" }).click();
      await toast(page, "Sitemaps regenerated").waitFor();
      await expect.poll(lastRegeneratedAt).not.toBe(before);
      await expect.poll(() => page.getByTestId("last-generated").textContent()).toMatch(/^Last regenerated /);
      await clearToasts(page);
    } catch (err) {
      await screenshot(page, "sitemaps-admin");
      throw err;
    }
  });
});
