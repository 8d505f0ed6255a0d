/**
 * Acquiring a hunt end to end (issue 16 item 1): an offered hunt whose title due diligence is
 * verified becomes a draft listing in properties admin — its data, its owner, its photo copied from
 * the private hunt-photos bucket into the listing's folder, its title file (the listing's page
 * shows the title verified). The hunt is then final and links to its listing.
 */
import crypto from "node:crypto";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, screenshot, signedInPage } from "#tests/support/browser.ts";
import { createTestUser, deleteTestUser, type TestUser } from "#tests/support/supabase.ts";
import { photoFile, photoPaths, removeListings, service } from "../properties-admin/helpers.ts";

let browser: Browser;
let admin: TestUser;
const tag = crypto.randomUUID().slice(0, 6);
let huntId = "";
let fileId = "";
const huntPhoto = () => `${huntId}/${tag}.jpg`;
const listings: string[] = [];

async function must<T>(
  p: PromiseLike<{ data: T; error: { message: string } | null }>,
  what: string,
): Promise<T> {
  const { data, error } = await p;
  if (error) throw new Error(`${what}: ${error.message}`);
  return data;
}

beforeAll(async () => {
  browser = await launchBrowser();
  admin = await createTestUser({ role: "admin" });
  // An offered hunt (the secret key may seed any stage) with a verified title file and one photo.
  const hunt = await must(
    service
      .from("property_hunts")
      .insert({
        title: `Acquire e2e 3-bedroom, Dzorwulu ${tag}`,
        city: "Accra",
        neighbourhood: "Dzorwulu",
        stage: "offered",
        offer_amount: 1_150_000,
        asking_price: 1_300_000,
        bedrooms: 3,
        bathrooms: 3,
        tenure: "freehold",
        owner_name: "Madam Akosua Frimpong",
        owner_phone: "+233207771234",
      })
      .select("id")
      .single(),
    "hunt",
  );
  huntId = (hunt as { id: string }).id;
  const file = await must(
    service
      .from("title_files")
      .insert({
        hunt_id: huntId,
        tenure: "freehold",
        title_type: "land_title_certificate",
        land_source: "private",
      })
      .select("id")
      .single(),
    "file",
  );
  fileId = (file as { id: string }).id;
  for (const item of ["site_plan", "lands_search", "title_document", "survey_boundary", "encumbrances"]) {
    await must(
      service
        .from("title_checks")
        .update({
          status: "verified",
          reference: "LC/GAR/2026/118",
          checked_on: "2026-11-02",
          notes: "Clear",
          document_path: `${fileId}/${item}.pdf`,
          document_name: `${item}.pdf`,
          document_type: "application/pdf",
          document_size: 100,
        })
        .eq("file_id", fileId)
        .eq("item", item)
        .select("id"),
      item,
    );
  }
  const photo = await photoFile("front.jpg", [30, 90, 160]);
  await must(
    service.storage.from("hunt-photos").upload(huntPhoto(), photo.buffer, { contentType: "image/jpeg" }),
    "photo file",
  );
  await must(
    service.from("property_hunt_photos").insert({ hunt_id: huntId, storage_path: huntPhoto() }).select("id"),
    "photo row",
  );
});
afterAll(async () => {
  await service.storage.from("hunt-photos").remove([huntPhoto()]);
  await service.from("title_files").delete().eq("id", fileId);
  await service.from("property_hunts").delete().eq("id", huntId);
  await removeListings(listings);
  await browser?.close();
  if (admin) await deleteTestUser(admin.id);
});

describe("acquire as listing", () => {
  it("turns the offered hunt into a draft listing with its photo, owner and verified title", async () => {
    const { page, errors } = await signedInPage(browser, admin, `/property-hunt/${huntId}`);
    try {
      await page.getByRole("button", { name: "Acquire as listing" }).click();
      await page.waitForFunction(
        () => /\/properties-admin\/[0-9a-f-]{36}$/.test(window.location.pathname),
        undefined,
      );
      const listingId = new URL(page.url()).pathname.split("/").pop()!;
      listings.push(listingId);
      await page.getByRole("heading", { level: 1, name: `Acquire e2e 3-bedroom, Dzorwulu ${tag}` }).waitFor();
      await page
        .getByTestId("listing-title-link")
        .getByText(/^Title verified/)
        .waitFor();

      const listing = (
        await service
          .from("properties")
          .select("status, price, bedrooms, neighbourhood, title_verified_at")
          .eq("id", listingId)
          .single()
      ).data;
      expect(listing).toMatchObject({
        status: "draft",
        price: 1_300_000,
        bedrooms: 3,
        neighbourhood: "Dzorwulu",
      });
      expect((listing as { title_verified_at: string | null }).title_verified_at).not.toBeNull();
      const photos = await photoPaths(listingId);
      expect(photos).toHaveLength(1);
      expect(photos[0]).toMatch(new RegExp(`^${listingId}/[0-9a-f-]{36}\\.jpg$`));
      expect(
        (await service.storage.from("property-images").download(photos[0]!)).error,
        "the photo was copied",
      ).toBeNull();
      expect(
        (await service.from("property_owner_contacts").select("name").eq("property_id", listingId)).data,
      ).toEqual([{ name: "Madam Akosua Frimpong" }]);

      // The hunt is final and points to its listing.
      await page.goto(page.url().replace(/\/properties-admin\/.*/, `/property-hunt/${huntId}`));
      await page.getByRole("link", { name: "Open its listing" }).waitFor();
      expect(await page.getByRole("button", { name: "Acquire as listing" }).count()).toBe(0);
      expect((await service.from("property_hunts").select("stage").eq("id", huntId).single()).data).toEqual({
        stage: "acquired",
      });
      expect(errors).toEqual([]);
    } catch (err) {
      await screenshot(page, "property-hunt-acquire");
      throw err;
    } finally {
      await page.context().close();
    }
  });
});
