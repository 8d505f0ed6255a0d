/**
 * Properties admin end to end for an admin: create a listing,
 * upload photos (a wrong file refused with the limit named), reorder them and write alt text,
 * publish it, see it on the public site and in the sitemap, rename its slug (the old URL answers
 * 301), change its status (an illegal jump refused), see every change in the history.
 */
import crypto from "node:crypto";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { statusMoveError } from "#core/properties/property-workflow.ts";
import {
  launchBrowser,
  navigateInApp,
  openPage,
  screenshot,
  SITE,
  sharedPage,
  downloadedBytes,
} from "#tests/support/browser.ts";
import { createTestUser, deleteTestUser, type TestUser } from "#tests/support/supabase.ts";
import { expectAccessible } from "../shell/helpers.ts";
import {
  clearToasts,
  createListingInForm,
  listingRow,
  photoFile,
  photoPaths,
  removeListings,
  service,
  toast,
} from "./helpers.ts";

let browser: Browser;
let admin: TestUser;
// One page of the admin member, shared by the file's tests.
let adminPage: ReturnType<typeof sharedPage>;
const created: string[] = [];
const tag = crypto.randomUUID().slice(0, 6);

beforeAll(async () => {
  browser = await launchBrowser();
  admin = await createTestUser({ role: "admin" });
  adminPage = sharedPage(admin);
});
afterAll(async () => {
  await adminPage?.close();
  await removeListings(created);
  await browser?.close();
  if (admin) await deleteTestUser(admin.id);
});

describe("an admin's listing, from draft to the public site", () => {
  it("creates, uploads and orders photos, publishes, renames, moves status and reads the history", async () => {
    // The list's layout is scanned by axe in access-and-keyboard.test.ts; here the form's tabs.
    const { page, errors } = await adminPage.open(browser, "/properties-admin/new");
    try {
      // ── Create ──
      // Sunyani: no other e2e file counts listings there (public search tests count Accra and Tema).
      const title = `Admin e2e 3-bedroom house, Sunyani ${tag}`;
      const id = await createListingInForm(page, {
        title,
        city: "Sunyani",
        price: "1,450,000",
        status: "Available",
      });
      created.push(id);
      const first = await listingRow(id);
      expect(first).toMatchObject({ title, status: "available", published_at: null });
      expect(first.slug).toBe(`admin-e2e-3-bedroom-house-sunyani-${tag}`);

      // ── Photos: a refused file, two real ones, a new cover, alt text ──
      await page.getByRole("heading", { name: "Photos" }).waitFor();
      const input = page.locator('input[type="file"]');
      await input.setInputFiles({
        name: "notes.txt",
        mimeType: "text/plain",
        buffer: Buffer.from("not a photo"),
      });
      await page
        .getByTestId("upload-refused")
        .getByText("“notes.txt” is not a JPEG, PNG, WebP or AVIF file")
        .waitFor();
      await input.setInputFiles([
        await photoFile("front.jpg", [200, 40, 40]),
        await photoFile("garden.jpg", [40, 160, 40]),
      ]);
      await page.getByRole("listitem", { name: "Photo 2" }).waitFor();
      const uploaded = await photoPaths(id);
      expect(uploaded).toHaveLength(2);
      for (const p of uploaded)
        expect(p, "stored at <property_id>/<uuid>.<ext>").toMatch(new RegExp(`^${id}/[0-9a-f-]{36}\\.jpg$`));

      await page.getByRole("button", { name: "Make cover (photo 2)" }).click();
      await expect.poll(() => photoPaths(id)).toEqual([uploaded[1], uploaded[0]]);

      const alt = page.getByLabel("Alt text (photo 1 (cover))");
      await alt.fill("Garden of the Sunyani house, with mango trees");
      await alt.press("Enter");
      await toast(page, "Alt text saved").waitFor();
      const cover = await service
        .from("property_images")
        .select("alt_text")
        .eq("storage_path", uploaded[1]!)
        .single();
      expect(cover.data?.alt_text).toBe("Garden of the Sunyani house, with mango trees");
      await clearToasts(page);
      await expectAccessible(page, "photos tab");

      // ── Publish: the public page and the sitemap show it ──
      await page.getByRole("tab", { name: "Publishing" }).click();
      await page.getByTestId("share-card-preview").getByText(title).waitFor();
      await page.getByRole("button", { name: "Publish now" }).click();
      await toast(page, "Published").waitFor();
      await page.getByTestId("publication-state").getByText("Published since").waitFor();
      expect((await listingRow(id)).published_at).not.toBeNull();

      const pub = await openPage(browser);
      await pub.page.goto(`${SITE}/property/${first.slug}`);
      await pub.page.getByRole("heading", { level: 1, name: title }).waitFor();
      await pub.context.close();
      const sitemap = await (await fetch(`${SITE}/sitemap-properties.xml`)).text();
      expect(sitemap, "regenerated at publication").toContain(`/property/${first.slug}</loc>`);

      // ── Rename: the old address moves permanently ──
      await page.getByRole("tab", { name: "Details" }).click();
      const newSlug = `sunyani-family-house-e2e-${tag}`;
      await page.getByLabel("Web address (slug)").fill(newSlug);
      await page.getByRole("button", { name: "Save changes" }).click();
      await toast(page, "Listing saved").waitFor();
      // Saving a published listing's new address refreshes the edge's copy (no need to wait for its cache).
      await expect
        .poll(async () => (await fetch(`${SITE}/property/${first.slug}`, { redirect: "manual" })).status)
        .toBe(301);
      const moved = await fetch(`${SITE}/property/${first.slug}`, { redirect: "manual" });
      expect(moved.headers.get("location")).toBe(`/property/${newSlug}`);

      // ── Status: an illegal jump is refused with the workflow's sentence; a legal move goes through ──
      // The toasts so far sit over the header's actions (and a hovering pointer keeps them open).
      await clearToasts(page);
      await page.getByRole("button", { name: "Change status" }).click();
      await page.getByRole("menuitem", { name: /Sold/ }).click();
      await toast(page, "Cannot move to Sold")
        .getByText(statusMoveError("available", "sold", "sale")!)
        .waitFor();
      expect((await listingRow(id)).status).toBe("available");
      // The refusal's toast sits over the button too, kept open while the pointer rests on it.
      await clearToasts(page);
      await page.getByRole("button", { name: "Change status" }).click();
      await page.getByRole("menuitem", { name: "Under offer" }).click();
      await toast(page, "Status: Under offer").waitFor();
      expect((await listingRow(id)).status).toBe("under_offer");

      // ── History: who changed what ──
      await page.getByRole("tab", { name: "History" }).click();
      const history = page.getByTestId("record-history");
      await history.waitFor();
      const statusChange = history
        .locator('li[data-action="update"]')
        .filter({ hasText: "Under offer" })
        .first();
      await statusChange.getByText("Available").waitFor();
      await statusChange.getByText(/changed Status/).waitFor();
      await history.locator('li[data-action="update"]').filter({ hasText: newSlug }).first().waitFor();
      await history.locator('li[data-action="insert"]').waitFor();
      await clearToasts(page);
      await expectAccessible(page, "history tab");
      expect(errors).toEqual([]);
    } catch (e) {
      await screenshot(page, "properties-admin-admin");
      throw e;
    }
  });

  it("/properties on the CRM host is the same screen; CSV export holds every matching row, not one page", async () => {
    // The demo listings (other files' listings come and go; theirs all carry "e2e" in the slug).
    const { data } = await service.from("properties").select("slug").not("slug", "like", "%e2e%");
    const seeded = (data as { slug: string }[]).map((r) => r.slug);
    expect(seeded.length, "more listings than one page of 25").toBeGreaterThan(25);
    const { page } = await adminPage.open(browser);
    try {
      // As a link in the app would: the router maps the CRM host's /properties to the list.
      await navigateInApp(page, "/properties?size=25");
      await page.getByRole("heading", { level: 1, name: "Properties" }).waitFor();
      await page.getByRole("table", { name: "Listings" }).waitFor();
      const [download] = await Promise.all([
        page.waitForEvent("download"),
        page.getByRole("button", { name: "Export CSV" }).click(),
      ]);
      expect(download.suggestedFilename()).toMatch(/^properties-\d{4}-\d{2}-\d{2}\.csv$/);
      const text = (await downloadedBytes(download)).toString("utf8");
      expect(text.charCodeAt(0), "UTF-8 byte-order mark for Excel").toBe(0xfeff);
      const lines = text.slice(1).trimEnd().split("\r\n");
      expect(lines[0]).toMatch(/^Title,Public page,Status,Property type,/);
      for (const slug of seeded) expect(text, slug).toContain(`/property/${slug},`);
      expect(lines.length - 1).toBeGreaterThan(25);
      await toast(page, /^Exported \d+ rows/).waitFor();
    } catch (e) {
      await screenshot(page, "properties-admin-crm-list-export");
      throw e;
    }
  });
});
