/**
 * Properties admin end to end for a staff member (the same path as an
 * admin): create a listing, upload a photo with progress, publish it (the sitemaps refresh — the
 * edge lets staff ask), see it on the public site and in the sitemap, change its status, see the
 * history; and the owner's contact is recorded with its own form. Staff work on the board too:
 * a keyboard move between columns, and an illegal one refused with the workflow's reason.
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
  sharedPage,
  SITE,
} from "#tests/support/browser.ts";
import { createTestUser, deleteTestUser, type TestUser } from "#tests/support/supabase.ts";
import { expectAccessible, keyboardDragReady } from "../shell/helpers.ts";
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
let staff: TestUser;
// One page of the staff member, shared by the file's tests.
let staffPage: ReturnType<typeof sharedPage>;
const created: string[] = [];
const tag = crypto.randomUUID().slice(0, 6);

beforeAll(async () => {
  browser = await launchBrowser();
  staff = await createTestUser({ role: "staff" });
  staffPage = sharedPage(staff);
});
afterAll(async () => {
  await staffPage?.close();
  await removeListings(created);
  await browser?.close();
  if (staff) await deleteTestUser(staff.id);
});

describe("a staff member's listing", () => {
  it("creates it, adds a photo, publishes it, moves its status and reads the history", async () => {
    const { page, errors } = await staffPage.open(browser, "/properties-admin");
    try {
      await page.getByRole("table", { name: "Listings" }).waitFor();
      // From the list to the form by its link, without a reload.
      await page.getByRole("link", { name: "New listing" }).first().click();
      await page.getByRole("form", { name: "New listing" }).waitFor();
      // Koforidua: no other e2e file counts listings there (public search tests count Accra and Tema).
      const title = `Staff e2e 2-bedroom apartment, Koforidua ${tag}`;
      const id = await createListingInForm(page, {
        title,
        city: "Koforidua",
        price: "950000",
        bedrooms: "2",
        status: "Coming soon",
      });
      created.push(id);
      expect(
        (await service.from("properties").select("owner_id").eq("id", id).single()).data?.owner_id,
        "staff own what they create",
      ).toBe(staff.id);

      await page
        .locator('input[type="file"]')
        .setInputFiles([await photoFile("living-room.jpg", [30, 90, 200])]);
      await page.getByRole("listitem", { name: "Photo 1 (cover)" }).waitFor();
      expect(await photoPaths(id)).toHaveLength(1);

      await page.getByRole("tab", { name: "Publishing" }).click();
      await page.getByRole("button", { name: "Publish now" }).click();
      // Staff get the sitemaps refreshed too (not the "could not be refreshed" warning).
      await toast(page, "The sitemaps were refreshed").waitFor();
      const { slug } = await listingRow(id);
      const pub = await openPage(browser);
      await pub.page.goto(`${SITE}/property/${slug}`);
      await pub.page.getByRole("heading", { level: 1, name: title }).waitFor();
      await pub.context.close();
      expect(await (await fetch(`${SITE}/sitemap-properties.xml`)).text()).toContain(
        `/property/${slug}</loc>`,
      );

      await page.getByRole("button", { name: "Change status" }).click();
      await page.getByRole("menuitem", { name: "Available" }).click();
      await toast(page, "Status: Available").waitFor();
      expect((await listingRow(id)).status).toBe("available");

      await page.getByRole("tab", { name: "Owner" }).click();
      const owner = page.getByRole("form", { name: "Owner's contact" });
      await owner.getByRole("textbox", { name: "Owner's phone" }).fill("0244");
      await owner.getByRole("button", { name: "Save owner" }).click();
      await owner.getByText("Enter a valid phone number").waitFor();
      await owner.getByRole("textbox", { name: "Owner's name" }).fill("Auntie Esi Mensah");
      await owner.getByRole("textbox", { name: "Owner's phone" }).fill("024 455 1020");
      await owner.getByRole("button", { name: "Save owner" }).click();
      await toast(page, "Owner saved").waitFor();
      const stored = await service
        .from("property_owner_contacts")
        .select("name, phone")
        .eq("property_id", id)
        .single();
      expect(stored.data).toEqual({ name: "Auntie Esi Mensah", phone: "+233244551020" });

      await page.getByRole("tab", { name: "History" }).click();
      const history = page.getByTestId("record-history");
      const move = history.locator('li[data-action="update"]').filter({ hasText: "Coming soon" }).first();
      await move.getByText("Available").waitFor();
      // The history tab's layout is scanned by axe in admin-listing.test.ts.
      expect(errors).toEqual([]);
    } catch (e) {
      await screenshot(page, "properties-admin-staff");
      throw e;
    }
  });

  it("moves a card on the board with the keyboard; an illegal move is refused with the reason", async () => {
    const [draft, live] = (
      await service
        .from("properties")
        .insert([
          {
            slug: `board-draft-e2e-${tag}`,
            title: `Board draft e2e ${tag}`,
            property_type: "land",
            listing_type: "sale",
            price: 120000,
            city: "Kasoa",
            status: "draft",
            owner_id: staff.id,
          },
          {
            slug: `board-live-e2e-${tag}`,
            title: `Board available e2e ${tag}`,
            property_type: "land",
            listing_type: "sale",
            price: 150000,
            city: "Kasoa",
            status: "available",
            owner_id: staff.id,
          },
        ])
        .select("id")
        .order("slug")
    ).data as { id: string }[];
    created.push(draft!.id, live!.id);
    const { page } = await staffPage.open(browser);
    try {
      await navigateInApp(page, `/properties-admin?view=board&q=${tag}`);
      const board = page.getByRole("region", { name: "Listings by status" });
      await board.waitFor();
      await board
        .getByRole("group", { name: /^Draft/ })
        .getByText(`Board draft e2e ${tag}`)
        .waitFor();

      // Keyboard drag: Space picks the card up, → moves to the next column, Space drops it; each
      // step is announced to screen readers (@dnd-kit's live region).
      const announced = (text: string) =>
        page.locator('[id^="DndLiveRegion"]').filter({ hasText: text }).waitFor({ state: "attached" });
      await page.getByRole("button", { name: `Move Board draft e2e ${tag}`, exact: true }).focus();
      await page.keyboard.press("Space");
      // (At once "Picked up…, in Draft", then where it is over.)
      await announced(`Board draft e2e ${tag} is over Draft.`);
      await keyboardDragReady(page);
      await page.keyboard.press("ArrowRight");
      await announced(`Board draft e2e ${tag} is over Coming soon.`);
      await page.keyboard.press("Space");
      await announced(`Board draft e2e ${tag} moved from Draft to Coming soon.`);
      await expect
        .poll(
          async () =>
            (await service.from("properties").select("status").eq("id", draft!.id).single()).data?.status,
        )
        .toBe("coming_soon");
      await board
        .getByRole("group", { name: /^Coming soon/ })
        .getByText(`Board draft e2e ${tag}`)
        .waitFor();

      // The card's menu offers only allowed moves; dragging an available listing back to Coming soon is refused.
      await page.getByRole("button", { name: `Move Board available e2e ${tag}`, exact: true }).focus();
      await page.keyboard.press("Space");
      await announced(`Board available e2e ${tag} is over Available.`);
      await keyboardDragReady(page);
      await page.keyboard.press("ArrowLeft");
      await announced("is over Coming soon: not allowed.");
      await page.keyboard.press("Space");
      await toast(page, "Cannot move")
        .getByText(statusMoveError("available", "coming_soon", "sale")!)
        .waitFor();
      expect(
        (await service.from("properties").select("status").eq("id", live!.id).single()).data?.status,
      ).toBe("available");
      await board
        .getByRole("group", { name: /^Available/ })
        .getByText(`Board available e2e ${tag}`)
        .waitFor();

      await page.getByRole("button", { name: `Move Board available e2e ${tag} to…` }).click();
      await page.getByRole("menuitem", { name: "Reserved" }).click();
      await expect
        .poll(
          async () =>
            (await service.from("properties").select("status").eq("id", live!.id).single()).data?.status,
        )
        .toBe("reserved");
      await clearToasts(page);
      await expectAccessible(page, "board");
    } catch (e) {
      await screenshot(page, "properties-admin-board");
      throw e;
    }
  });
});
