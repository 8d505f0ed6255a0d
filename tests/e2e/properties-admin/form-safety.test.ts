/**
 * Bad input and lost work : every refusal shows next to its field (the
 * shared schema in the browser, a database constraint after the save); a stale edit (someone
 * else saved first) is detected and offered a reload instead of overwriting; leaving a dirty
 * form asks first; a photo whose row is refused leaves no file behind.
 */
import crypto from "node:crypto";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, navigateInApp, screenshot, sharedPage, SITE } from "#tests/support/browser.ts";
import { createTestUser, deleteTestUser, type TestUser } from "#tests/support/supabase.ts";
import { photoFile, removeListings, service, toast } from "./helpers.ts";

let browser: Browser;
let staff: TestUser;
// One staff member's browser for the whole file: each test opens its listing in it, those after
// the stale edit in the app without a reload (the first test leaves unsaved input behind, which a
// link would ask about).
let staffPage: ReturnType<typeof sharedPage>;
const tag = crypto.randomUUID().slice(0, 6);
const ids: string[] = [];

/**
 * Opens a seeded listing's tab in the staff member's page as a link in the app would (no reload
 * of the site), and waits until the page shows that listing, not the one before it.
 */
async function openListing(slug: string, id: string, tab = ""): Promise<Page> {
  const { page } = await staffPage.open(browser);
  await navigateInApp(page, `/properties-admin/${id}${tab && `?tab=${tab}`}`);
  await page.getByRole("heading", { level: 1, name: `Form safety ${slug} e2e ${tag}` }).waitFor();
  return page;
}

async function seed(slug: string): Promise<string> {
  const { data, error } = await service
    .from("properties")
    .insert({
      slug: `${slug}-e2e-${tag}`,
      title: `Form safety ${slug} e2e ${tag}`,
      property_type: "house",
      listing_type: "sale",
      price: 500000,
      bedrooms: 4,
      city: "Kumasi",
      status: "draft",
      owner_id: staff.id,
    })
    .select("id")
    .single();
  if (error) throw new Error(error.message);
  ids.push((data as { id: string }).id);
  return (data as { id: string }).id;
}

beforeAll(async () => {
  browser = await launchBrowser();
  staff = await createTestUser({ role: "staff" });
  staffPage = sharedPage(staff);
});
afterAll(async () => {
  await staffPage?.close();
  await removeListings(ids);
  await browser?.close();
  if (staff) await deleteTestUser(staff.id);
});

describe("the listing form", () => {
  it("shows each refusal at its field: the schema's before sending, the database's after", async () => {
    const taken = await seed("taken");
    const { page } = await staffPage.open(browser, "/properties-admin/new");
    try {
      const form = page.getByRole("form", { name: "New listing" });
      await form.getByRole("button", { name: "Create listing" }).click();
      const title = form.getByRole("textbox", { name: "Title", exact: true });
      await form.getByText("Give the listing a title of at least 3 characters").waitFor();
      await form.getByText("Enter the city or town").waitFor();
      await form.getByText("Enter a price, or tick “Price on request”").waitFor();
      expect(await title.getAttribute("aria-invalid")).toBe("true");
      const describedBy = (await title.getAttribute("aria-describedby")) ?? "";
      expect(
        await page.locator(`[id="${describedBy}"]`).textContent(),
        "the error is read with the field",
      ).toBe("Give the listing a title of at least 3 characters");
      expect(
        await page.evaluate(() => document.activeElement?.getAttribute("name")),
        "focus moves to the first bad field",
      ).toBe("title");

      await title.fill("Form safety duplicate");
      await form.getByRole("textbox", { name: "Price", exact: true }).fill("2.5m");
      await form.getByRole("textbox", { name: "City or town", exact: true }).fill("Kumasi");
      await form.getByRole("textbox", { name: "Bedrooms", exact: true }).fill("4");
      await form.getByRole("textbox", { name: "GhanaPost GPS address" }).fill("AK-48");
      await form.getByRole("button", { name: "Create listing" }).click();
      await form.getByText("Price must be a number").waitFor();
      await form.getByText("Enter a GhanaPost GPS address like GA-123-4567").waitFor();
      await form.getByRole("textbox", { name: "Price", exact: true }).fill("2,500,000");
      await form.getByRole("textbox", { name: "GhanaPost GPS address" }).fill("ak-485-9627");

      // Valid for the browser; the database refuses the address another listing has.
      const { data } = await service.from("properties").select("slug").eq("id", taken).single();
      await form.getByRole("textbox", { name: "Web address (slug)" }).fill((data as { slug: string }).slug);
      await form.getByRole("button", { name: "Create listing" }).click();
      await form.getByText("Another listing already uses this web address: choose another.").waitFor();
      expect(
        await page.locator("[data-sonner-toast]").filter({ hasText: "Already exists" }).count(),
        "shown at the field, not also as a toast",
      ).toBe(0);
      expect(
        await form.getByRole("textbox", { name: "Web address (slug)" }).getAttribute("aria-invalid"),
      ).toBe("true");
    } catch (e) {
      await screenshot(page, "properties-admin-field-errors");
      throw e;
    }
  });

  it("detects a stale edit and offers a reload instead of overwriting", async () => {
    const id = await seed("stale");
    const { page } = await staffPage.open(browser, `/properties-admin/${id}`);
    try {
      const form = page.getByRole("form", { name: "Listing details" });
      await form.waitFor();
      // A colleague saves while this form is open.
      await service
        .from("properties")
        .update({ title: `Renamed by a colleague ${tag}` })
        .eq("id", id);
      await form
        .getByRole("textbox", { name: "Description", exact: true })
        .fill("Walled and gated, with a borehole.");
      await form.getByRole("button", { name: "Save changes" }).click();
      await page.getByTestId("record-conflict").waitFor();
      const stored = await service.from("properties").select("title, description").eq("id", id).single();
      expect(stored.data, "the colleague's save was not overwritten").toEqual({
        title: `Renamed by a colleague ${tag}`,
        description: null,
      });

      await page.getByTestId("record-conflict").getByRole("button", { name: "Reload" }).click();
      await page.getByTestId("record-conflict").waitFor({ state: "detached" });
      expect(await form.getByRole("textbox", { name: "Title", exact: true }).inputValue()).toBe(
        `Renamed by a colleague ${tag}`,
      );
      await form
        .getByRole("textbox", { name: "Description", exact: true })
        .fill("Walled and gated, with a borehole.");
      await form.getByRole("button", { name: "Save changes" }).click();
      await toast(page, "Listing saved").waitFor();
      const after = await service.from("properties").select("title, description").eq("id", id).single();
      expect(after.data).toEqual({
        title: `Renamed by a colleague ${tag}`,
        description: "Walled and gated, with a borehole.",
      });
    } catch (e) {
      await screenshot(page, "properties-admin-stale");
      throw e;
    }
  });

  it("asks before leaving unsaved changes", async () => {
    const id = await seed("dirty");
    const page = await openListing("dirty", id);
    try {
      const form = page.getByRole("form", { name: "Listing details" });
      await form.getByRole("textbox", { name: "Neighbourhood" }).fill("Ahodwo");
      await page.getByRole("link", { name: "All listings" }).click();
      const dialog = page.getByRole("alertdialog", { name: "Discard unsaved changes?" });
      await dialog.waitFor();
      await dialog.getByRole("button", { name: "Keep editing" }).click();
      expect(new URL(page.url()).pathname).toBe(`/properties-admin/${id}`);
      expect(await form.getByRole("textbox", { name: "Neighbourhood" }).inputValue()).toBe("Ahodwo");
      // Switching tab leaves the form too.
      await page.getByRole("tab", { name: "Photos" }).click();
      await dialog.waitFor();
      await dialog.getByRole("button", { name: "Discard changes" }).click();
      await page.getByRole("heading", { name: "Photos" }).waitFor();
      const stored = await service.from("properties").select("neighbourhood").eq("id", id).single();
      expect(stored.data?.neighbourhood).toBeNull();
    } catch (e) {
      await screenshot(page, "properties-admin-dirty");
      throw e;
    }
  });

  it("a photo whose row is refused leaves no file behind", async () => {
    const IMAGE_ROWS = "**/rest/v1/property_images*";
    const id = await seed("upload");
    const page = await openListing("upload", id, "photos");
    try {
      await page.getByRole("heading", { name: "Photos" }).waitFor();
      // The file upload goes through; the row is refused as the database would refuse a stranger.
      await page.route(IMAGE_ROWS, (route) =>
        route.request().method() === "POST"
          ? route.fulfill({
              status: 403,
              contentType: "application/json",
              body: JSON.stringify({
                code: "42501",
                message: 'new row violates row-level security policy for table "property_images"',
                details: null,
                hint: null,
              }),
            })
          : route.continue(),
      );
      await page.locator('input[type="file"]').setInputFiles([await photoFile("porch.jpg", [120, 120, 30])]);
      await toast(page, "Photo not uploaded").getByText("You don't have permission to do this").waitFor();
      const files = await service.storage.from("property-images").list(id);
      expect(files.data ?? [], "the uploaded file was taken back out").toEqual([]);
      expect((await service.from("property_images").select("id").eq("property_id", id)).data).toEqual([]);
    } catch (e) {
      await screenshot(page, "properties-admin-upload-rollback");
      throw e;
    } finally {
      // The page goes on to the next test: its saves of photo rows reach the API again.
      await page.unroute(IMAGE_ROWS);
    }
  });

  it("schedules publication: a past time is refused at the field; a future one waits (the public page is not there yet)", async () => {
    const id = await seed("scheduled");
    await service.from("properties").update({ status: "available" }).eq("id", id);
    const page = await openListing("scheduled", id, "publishing");
    try {
      const when = page.getByLabel("Publish later (Accra time)");
      await when.fill("2020-01-01T09:00");
      await page.getByRole("button", { name: "Schedule" }).click();
      await page.getByText("Choose a time in the future, or publish now").waitFor();
      expect(await when.getAttribute("aria-invalid")).toBe("true");
      const next = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
      await when.fill(`${next}T09:30`);
      await page.getByRole("button", { name: "Schedule" }).click();
      await toast(page, "Scheduled for").waitFor();
      await page.getByTestId("publication-state").getByText("Scheduled: goes live on").waitFor();
      const { data } = await service.from("properties").select("slug, published_at").eq("id", id).single();
      expect((data as { published_at: string }).published_at).toBe(`${next}T09:30:00+00:00`);
      const res = await fetch(`${SITE}/property/${(data as { slug: string }).slug}`);
      expect(res.status, "not public before its time").toBe(404);
    } catch (e) {
      await screenshot(page, "properties-admin-schedule");
      throw e;
    }
  });
});
