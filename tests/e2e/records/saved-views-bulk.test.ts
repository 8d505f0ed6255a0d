/**
 * Saved views and bulk actions on the contacts list, in Chromium: an admin saves a filtered view,
 * makes it the list's default (the bare list opens with it after a reload) and shares it; a staff
 * member finds it offered. Then "select all matching" + Assign gives every matching contact —
 * more than a page — to a colleague in one request to the bulk function, and Undo gives them back;
 * a tag typed in the bulk dialog lands on every matching contact.
 */
import crypto from "node:crypto";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, openPage, screenshot, signInOnPage } from "#tests/support/browser.ts";
import { createTestUser, deleteTestUser, serviceClient, type TestUser } from "#tests/support/supabase.ts";
import { waitUntil } from "#tests/support/wait.ts";
import { expectToast } from "../shell/helpers.ts";

let browser: Browser;
let admin: TestUser;
let agent: TestUser;
const service = serviceClient();
const tag = `sv-${crypto.randomUUID().slice(0, 6)}`;
const viewName = `Leads ${tag}`;
const MATCHING = 30;

beforeAll(async () => {
  browser = await launchBrowser();
  [admin, agent] = await Promise.all([createTestUser({ role: "admin" }), createTestUser({ role: "staff" })]);
  await service
    .from("profiles")
    .update({ first_name: "Efua", last_name: `Mensah ${tag}` })
    .eq("user_id", agent.id);
  const rows = Array.from({ length: MATCHING }, (_, i) => ({
    kind: "person",
    first_name: `Client ${String(i + 1).padStart(2, "0")}`,
    last_name: tag,
    owner_id: admin.id,
    tags: [tag],
  }));
  rows.push({ kind: "person", first_name: "Untagged", last_name: tag, owner_id: admin.id, tags: [] });
  const { error } = await service.from("contacts").insert(rows);
  if (error) throw new Error(error.message);
});
afterAll(async () => {
  await service.from("contacts").delete().eq("last_name", tag);
  await browser?.close();
  for (const u of [admin, agent]) if (u) await deleteTestUser(u.id);
});

const owners = async () =>
  ((await service.from("contacts").select("first_name, owner_id").eq("last_name", tag)).data ?? []) as Array<{
    first_name: string;
    owner_id: string;
  }>;

async function viewsMenu(page: Page) {
  await page.getByRole("button", { name: /^(Views|View: )/ }).click();
  return page.getByRole("menu");
}

describe("saved views and bulk actions", () => {
  it("a shared view reaches a teammate; all matching contacts move in one request and come back", async () => {
    const { page } = await openPage(browser);
    const teammate = await openPage(browser);
    try {
      await signInOnPage(page, admin, `/business-contacts?tag=${tag}&sort=display_name`);
      const table = page.getByRole("table", { name: "Contacts" });
      await table.getByRole("row", { name: /Client 01/ }).waitFor();

      // Save the filtered list as a view and make it the list's default.
      await (await viewsMenu(page)).getByRole("menuitem", { name: "Save current view…" }).click();
      const dialog = page.getByRole("dialog", { name: "Save view" });
      await dialog.getByLabel("Name").fill(viewName);
      await dialog.getByRole("button", { name: "Save view" }).click();
      await expectToast(page, `View "${viewName}" saved`);
      await (await viewsMenu(page)).getByRole("menuitem", { name: "Open the list with this view" }).click();
      await expectToast(page, "This list now opens with this view");

      // The bare list, reloaded, opens with the view.
      await page.goto(new URL("/business-contacts", page.url()).href);
      await page.waitForURL((u) => u.searchParams.get("tag") === tag);
      expect(new URL(page.url()).searchParams.get("sort")).toBe("display_name");
      await page.getByRole("button", { name: `View: ${viewName}` }).waitFor();
      await (await viewsMenu(page)).getByRole("menuitem", { name: "Share with the team" }).click();
      await expectToast(page, "shared with the team");

      await signInOnPage(teammate.page, agent, "/business-contacts");
      await teammate.page.getByRole("table", { name: "Contacts" }).waitFor();
      const offered = await viewsMenu(teammate.page);
      await offered.getByRole("menuitem", { name: viewName }).waitFor();

      // Every matching contact, beyond the page on screen, in one call.
      const bulkCalls: string[] = [];
      page.on("request", (r) => {
        if (r.url().includes("/rest/v1/rpc/bulk_change_contacts")) bulkCalls.push(r.url());
      });
      await table.getByRole("row", { name: /Client 01/ }).waitFor();
      await table.getByRole("checkbox", { name: "Select all rows on this page" }).click();
      await page.getByRole("button", { name: `Select all ${MATCHING} matching` }).click();
      await page.getByText(`All ${MATCHING} matching selected`).waitFor();
      await page
        .getByRole("region", { name: "Bulk actions" })
        .getByRole("button", { name: "Assign" })
        .click();
      await page.getByRole("menuitem", { name: `Efua Mensah ${tag}` }).click();
      await expectToast(page, `${MATCHING} contacts changed`);
      expect(bulkCalls).toHaveLength(1);
      const moved = await owners();
      expect(moved.filter((c) => c.owner_id === agent.id)).toHaveLength(MATCHING);
      expect(moved.find((c) => c.first_name === "Untagged")?.owner_id).toBe(admin.id);

      await page.locator("[data-sonner-toast]").getByRole("button", { name: "Undo" }).click();
      await expectToast(page, `${MATCHING} contacts restored`);
      await waitUntil("the owners restored", async () =>
        (await owners()).every((c) => c.owner_id === admin.id),
      );

      // A value typed in a dialog: a tag on every matching contact (an empty one is refused there).
      await table.getByRole("checkbox", { name: "Select all rows on this page" }).click();
      await page.getByRole("button", { name: `Select all ${MATCHING} matching` }).click();
      await page
        .getByRole("region", { name: "Bulk actions" })
        .getByRole("button", { name: "Add tag" })
        .click();
      const tagDialog = page.getByRole("dialog", { name: "Add a tag" });
      await tagDialog.getByRole("button", { name: "Add tag" }).click();
      await tagDialog.getByText("A tag has 1 to 40 characters").waitFor();
      await tagDialog.getByLabel("Tag").fill(`VIP-${tag}`);
      await tagDialog.getByRole("button", { name: "Add tag" }).click();
      await expectToast(page, `${MATCHING} contacts changed`);
      const tagged = (await service.from("contacts").select("tags").eq("last_name", tag)).data as {
        tags: string[];
      }[];
      expect(tagged.filter((c) => c.tags.includes(`vip-${tag}`))).toHaveLength(MATCHING);
    } catch (e) {
      await screenshot(page, "saved-views-bulk");
      throw e;
    } finally {
      await page.context().close();
      await teammate.context.close();
    }
  });
});
