/**
 * Social debug (/social-debug): an admin enters a published listing's address and sees the card
 * each of WhatsApp, Facebook, X and LinkedIn builds from the tags the edge serves its crawler
 * (the listing's title, the image's pixel size, the networks' warnings), purges the edge cache
 * for the page, and is told plainly when the address is not one of the site's. The edge refuses a
 * staff member's token (the screen's route is admin-only: core/routes.test.ts).
 */
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SOCIAL_DEBUG_PATH } from "#core/seo/social-preview.ts";
import { hostUrl, launchBrowser, screenshot, sharedPage, SITE } from "#tests/support/browser.ts";
import { createTestUser, deleteTestUser, signedInClient, type TestUser } from "#tests/support/supabase.ts";
import { expectAccessible } from "../shell/helpers.ts";
import { clearToasts, service, toast } from "../properties-admin/helpers.ts";

let browser: Browser;
let admin: TestUser;
let staff: TestUser;
// The admin's page, shared by the admin's tests.
let adminPage: ReturnType<typeof sharedPage>;

beforeAll(async () => {
  browser = await launchBrowser();
  [admin, staff] = await Promise.all([createTestUser({ role: "admin" }), createTestUser({ role: "staff" })]);
  adminPage = sharedPage(admin);
});
afterAll(async () => {
  await adminPage?.close();
  await browser?.close();
  for (const u of [admin, staff]) if (u) await deleteTestUser(u.id);
});

describe("social debug", () => {
  it("shows a listing's card on the four networks, with facts and warnings, and purges its cache", async () => {
    const listing = await service
      .from("properties")
      .select("slug, title")
      // A seeded listing no test edits (the first row found could be another file's, gone meanwhile).
      .eq("slug", "5-bedroom-villa-trasacco-valley")
      .single();
    expect(listing.error).toBeNull();
    const { slug, title } = listing.data as { slug: string; title: string };
    const address = hostUrl(null, `/property/${slug}`);
    const { page } = await adminPage.open(browser, "/social-debug");
    try {
      await page.getByLabel("Address of a page").fill(address);
      await page.getByRole("button", { name: "Check" }).click();
      for (const label of ["WhatsApp", "Facebook", "X", "LinkedIn"]) {
        const card = page.getByRole("region", { name: `${label} preview` });
        await card
          .getByTestId("card-title")
          .filter({ hasText: title.slice(0, 20) })
          .waitFor();
        // The image was fetched and measured (the seeded photo or the default card).
        await expect
          .poll(() => card.getByTestId("image-facts").textContent())
          .toMatch(/^\d+×\d+ px, [\d.]+ (KB|MB|bytes), image\//);
      }
      expect(page.url()).toContain(`url=${encodeURIComponent(address)}`);
      // Facebook's card reads og:type, the canonical and the JSON-LD the edge wrote.
      const fb = page.getByRole("region", { name: "Facebook preview" });
      await fb.getByText(new RegExp(`^https?://[^/]+/property/${slug}$`)).waitFor();
      await fb.getByText(/RealEstateAgent, .*BreadcrumbList/).waitFor();
      await clearToasts(page);
      await expectAccessible(page, "social debug");

      await page.getByRole("button", { name: "Purge the edge cache for this page" }).click();
      await toast(page, "Edge cache purged").waitFor();
      await clearToasts(page);

      // Another site is refused with the reason, not a blank screen.
      await page.getByLabel("Address of a page").fill("https://example.com/");
      await page.getByRole("button", { name: "Check" }).click();
      await page.getByRole("alert").filter({ hasText: "Only addresses of this site" }).waitFor();
    } catch (err) {
      await screenshot(page, "social-debug");
      throw err;
    }
  });

  it("an unknown page gets a warning on every network", async () => {
    const { page } = await adminPage.open(
      browser,
      `/social-debug?url=${encodeURIComponent("/property/no-such-listing-anywhere")}`,
    );
    for (const label of ["WhatsApp", "Facebook", "X", "LinkedIn"]) {
      await page
        .getByRole("list", { name: `Warnings for ${label}` })
        .getByText(/answers 404/)
        .waitFor();
    }
  });

  it("is refused to staff at the edge (the screen's admin-only route is core/routes.test.ts's)", async () => {
    const client = await signedInClient(staff.email, staff.password);
    const token = (await client.auth.getSession()).data.session!.access_token;
    const res = await fetch(`${SITE}${SOCIAL_DEBUG_PATH}?url=/`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.status).toBe(403);
  });
});
