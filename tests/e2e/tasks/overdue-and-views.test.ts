/**
 * Tasks end to end, the overdue side and the views: a staff member's open task
 * past due shows in the navigation's badge and as "Overdue" in the list; the calendar shows it
 * on its due day; a colleague's task is not theirs to see (module 'tasks' is own-records); done
 * from the list's bulk action, the badge goes.
 */
import crypto from "node:crypto";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, openPage, screenshot, signInOnPage } from "#tests/support/browser.ts";
import { createTestUser, deleteTestUser, serviceClient, type TestUser } from "#tests/support/supabase.ts";
import { expectAccessible, expectToast, waitForPath } from "../shell/helpers.ts";

let browser: Browser;
let staff: TestUser;
let other: TestUser;
const service = serviceClient();
const tag = crypto.randomUUID().slice(0, 6);
const late = `Return the keys to the Tema landlord ${tag}`;
const ahead = `Photograph the Kumasi bungalow ${tag}`;
const notMine = `Colleague's private follow-up ${tag}`;
const dueLate = new Date(Date.now() - 2 * 86_400_000);
dueLate.setUTCHours(10, 0, 0, 0);

beforeAll(async () => {
  browser = await launchBrowser();
  [staff, other] = await Promise.all([createTestUser({ role: "staff" }), createTestUser({ role: "staff" })]);
  const { error } = await service.from("tasks").insert([
    { title: late, owner_id: staff.id, due_at: dueLate.toISOString(), priority: "urgent" },
    {
      title: ahead,
      owner_id: staff.id,
      due_at: new Date(Date.now() + 5 * 86_400_000).toISOString(),
      priority: "normal",
    },
    { title: notMine, owner_id: other.id, due_at: dueLate.toISOString(), priority: "normal" },
  ]);
  expect(error).toBeNull();
});
afterAll(async () => {
  await service.from("tasks").delete().like("title", `%${tag}`);
  await browser?.close();
  for (const u of [staff, other]) if (u) await deleteTestUser(u.id);
});

describe("overdue tasks", () => {
  it("show in the navigation and the list, sit on their day in the calendar, and the badge goes when done", async () => {
    const { page, context, errors } = await openPage(browser);
    try {
      await signInOnPage(page, staff, "/dashboard", { host: null });
      const nav = page.getByRole("navigation", { name: "Back-office modules" });
      const badge = nav.getByTestId("tasks-overdue-badge");
      await badge.waitFor();
      expect(await badge.innerText()).toMatch(/^1\b/);
      await nav.getByRole("link", { name: /^Tasks/ }).click();
      await waitForPath(page, "/tasks");

      const table = page.getByRole("table", { name: "Tasks" });
      const lateRow = table.getByRole("row").filter({ hasText: late });
      await lateRow.getByText("Overdue").waitFor();
      expect(
        await table.getByRole("row").filter({ hasText: ahead }).getByText("Overdue").count(),
        "a task due later is not overdue",
      ).toBe(0);
      expect(await page.getByText(notMine).count(), "a colleague's task is not listed").toBe(0);

      // Calendar (month): the late task on its due day, marked overdue.
      await page.getByRole("group", { name: "View" }).getByRole("button", { name: "Calendar" }).click();
      const day = dueLate.toISOString().slice(0, 10);
      const cell = page.locator(`[data-view="month"] td[data-day="${day}"]`);
      await cell.getByRole("button", { name: new RegExp(`^${late}, due .*, To do, overdue$`) }).waitFor();
      await page.getByRole("group", { name: "Calendar view" }).getByRole("button", { name: "Week" }).click();
      await page.locator(`[data-view="week"]`).waitFor();
      await page.getByRole("group", { name: "View" }).getByRole("button", { name: "List" }).click();

      // Done from the list: the badge goes.
      await lateRow.getByRole("checkbox").click();
      await page.getByRole("button", { name: "Set status" }).click();
      await page.getByRole("menuitem", { name: "Done" }).click();
      await expectToast(page, "1 task changed");
      await expect
        .poll(
          async () =>
            (await service.from("tasks").select("status, completed_at").eq("title", late).single()).data
              ?.status,
        )
        .toBe("done");
      await badge.waitFor({ state: "detached" });
      await expectAccessible(page, "tasks list");
      expect(errors).toEqual([]);
    } catch (e) {
      await screenshot(page, "tasks-overdue");
      throw e;
    } finally {
      await context.close();
    }
  });
});
