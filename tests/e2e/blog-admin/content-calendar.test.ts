/**
 * Blog strategy (/admin/blog/strategy): an admin plans a topic on a day of the month with its
 * keywords, audiences and owner; it shows in the calendar; "Start the post" creates the linked
 * draft and opens the editor; publishing the post turns the topic "Published". A user without a
 * back-office role is refused the calendar.
 */
import crypto from "node:crypto";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hostUrl, launchBrowser, screenshot, signedInPage } from "#tests/support/browser.ts";
import { createTestUser, deleteTestUser, type TestUser } from "#tests/support/supabase.ts";
import { expectAccessible } from "../shell/helpers.ts";
import { clearToasts, postIdFromUrl, removePosts, service, toast, waitUntil } from "./helpers.ts";

let browser: Browser;
let admin: TestUser;
let visitor: TestUser;
const posts: string[] = [];
const tag = crypto.randomUUID().slice(0, 6);

beforeAll(async () => {
  browser = await launchBrowser();
  [admin, visitor] = await Promise.all([createTestUser({ role: "admin" }), createTestUser({ role: null })]);
  await service
    .from("profiles")
    .update({ first_name: "Kojo", last_name: `Mensah ${tag}` })
    .eq("user_id", admin.id);
});
afterAll(async () => {
  await service.from("content_plan_items").delete().like("title", `%${tag}%`);
  await removePosts(posts);
  await browser?.close();
  for (const u of [admin, visitor]) if (u) await deleteTestUser(u.id);
});

describe("the content calendar", () => {
  it("plans a topic, starts its post, and shows it published with the post", async () => {
    const month = new Date().toISOString().slice(0, 7);
    const day = `${month}-15`;
    const { page } = await signedInPage(browser, admin, `/admin/blog/strategy?month=${month}`);
    try {
      await page.getByRole("table", { name: /Content calendar/ }).waitFor();
      await page.getByRole("button", { name: `Add a topic on ${day}` }).click();
      const dialog = page.getByRole("dialog", { name: "Plan a topic" });
      const title = `Buying land from the diaspora ${tag}`;
      await dialog.getByRole("textbox", { name: "Topic" }).fill(title);
      await dialog.getByRole("button", { name: "Plan topic" }).click();
      await dialog.getByText("Choose at least one audience").waitFor();
      await dialog.getByRole("checkbox", { name: "Diaspora investors" }).check();
      await dialog.getByRole("checkbox", { name: "Buyers" }).check();
      await dialog
        .getByRole("textbox", { name: "Target keywords" })
        .fill("buy land in ghana from abroad, land title search");
      await dialog.getByRole("combobox", { name: "Owner" }).selectOption({ label: `Kojo Mensah ${tag}` });
      await dialog.getByRole("button", { name: "Plan topic" }).click();
      await toast(page, "Topic planned").waitFor();
      const cell = page.locator(`td[data-date="${day}"]`);
      const chip = cell.getByRole("button", { name: new RegExp(title) });
      await chip.waitFor();
      await expect.poll(() => chip.getAttribute("data-status")).toBe("idea");
      const stored = await service
        .from("content_plan_items")
        .select("keywords, audiences, owner_id, planned_for")
        .like("title", `%${tag}%`)
        .single();
      expect(stored.data).toEqual({
        keywords: ["buy land in ghana from abroad", "land title search"],
        audiences: ["buyers", "diaspora_investors"],
        owner_id: admin.id,
        planned_for: day,
      });
      await clearToasts(page);
      await expectAccessible(page, "content calendar");

      await chip.click();
      await page
        .getByRole("dialog", { name: "Planned topic" })
        .getByRole("button", { name: "Start the post" })
        .click();
      await page.waitForURL(/\/admin\/blog\/edit\//);
      const postId = postIdFromUrl(page.url());
      posts.push(postId);
      await page
        .getByRole("form", { name: "Post" })
        .getByRole("textbox", { name: "Post text", exact: true })
        .fill("Five checks before you send money home for land.");
      await page.getByRole("button", { name: "Publish now" }).click();
      await toast(page, "Published").waitFor();
      await waitUntil("the topic to follow its post", async () => {
        const t = await service
          .from("content_plan_items")
          .select("status, post_id")
          .like("title", `%${tag}%`)
          .single();
        return t.data?.status === "published" && t.data.post_id === postId;
      });
      await page.goto(hostUrl("crm", `/admin/blog/strategy?month=${month}`));
      await expect
        .poll(() =>
          page
            .locator(`td[data-date="${day}"]`)
            .getByRole("button", { name: new RegExp(title) })
            .getAttribute("data-status"),
        )
        .toBe("published");
    } catch (err) {
      await screenshot(page, "blog-content-calendar");
      throw err;
    }
  });

  it("is refused to a user without a back-office role", async () => {
    const { page, context } = await signedInPage(browser, visitor, "/admin/blog/strategy");
    try {
      await page.getByRole("heading", { name: "You don't have access to this page" }).waitFor();
      expect(await page.getByRole("table", { name: /Content calendar/ }).count()).toBe(0);
    } finally {
      await context.close();
    }
  });
});
