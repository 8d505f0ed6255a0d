/**
 * Todos end to end in Chromium, for a staff member: add with Enter (an empty
 * line is refused with the schema's message), tick, reorder with the keyboard (each step
 * announced), clear the done ones — each change checked in the database. That nobody else reads
 * a todo, admins included, is the policy's (the RLS matrix, tests/rls/todos.test.ts).
 */
import crypto from "node:crypto";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, openPage, screenshot, signInOnPage } from "#tests/support/browser.ts";
import { createTestUser, deleteTestUser, serviceClient, type TestUser } from "#tests/support/supabase.ts";
import { expectAccessible, keyboardDragReady } from "../shell/helpers.ts";

let browser: Browser;
let staff: TestUser;
const service = serviceClient();
const tag = crypto.randomUUID().slice(0, 6);
const titles = [
  `Call Mr Quaye about the Osu lease ${tag}`,
  `Print the East Legon brochure ${tag}`,
  `Book the Tema valuer ${tag}`,
];

beforeAll(async () => {
  browser = await launchBrowser();
  staff = await createTestUser({ role: "staff" });
});
afterAll(async () => {
  await browser?.close();
  // The user's todos go with them (on delete cascade).
  if (staff) await deleteTestUser(staff.id);
});

/** The owner's todos as stored, in list order. */
async function stored(userId: string): Promise<{ title: string; done: boolean }[]> {
  const { data, error } = await service
    .from("todos")
    .select("title, done")
    .eq("user_id", userId)
    .order("position");
  if (error) throw new Error(error.message);
  return data as { title: string; done: boolean }[];
}

const shownTitles = (page: Page) =>
  page.getByRole("list", { name: "Your todos" }).locator("li label").allTextContents();

describe("a staff member's checklist", () => {
  it("adds with Enter, ticks, reorders by keyboard and clears the done ones", async () => {
    const { page, context, errors } = await openPage(browser);
    try {
      await signInOnPage(page, staff, "/todos", { host: null });
      await page.getByText("Nothing to do. Add the first item above.").waitFor();

      const input = page.getByRole("textbox", { name: "New todo" });
      await input.fill("   ");
      await input.press("Enter");
      await page.locator("#new-todo-error").waitFor();
      expect(await input.getAttribute("aria-invalid")).toBe("true");
      expect(await stored(staff.id), "nothing written for a blank line").toEqual([]);

      for (const t of titles) {
        await input.fill(t);
        await input.press("Enter");
        await page.getByRole("checkbox", { name: t }).waitFor();
        // The box empties once saved, ready for the next one.
        await expect.poll(() => input.inputValue()).toBe("");
      }
      await expect.poll(() => stored(staff.id)).toEqual(titles.map((title) => ({ title, done: false })));
      expect(await shownTitles(page)).toEqual(titles);

      await page.getByRole("checkbox", { name: titles[1] }).click();
      await page.getByRole("status").filter({ hasText: "2 to do · 1 done" }).waitFor();
      await expect
        .poll(async () => (await stored(staff.id)).map((r) => r.done))
        .toEqual([false, true, false]);

      // Keyboard reorder: the third item up by one (Space picks up, ↑ moves, Space drops).
      const announced = (text: string) =>
        page.locator('[id^="DndLiveRegion"]').filter({ hasText: text }).waitFor({ state: "attached" });
      await page.getByRole("button", { name: `Reorder ${titles[2]}` }).focus();
      await page.keyboard.press("Space");
      // ("Picked up…" is replaced at once by where it is over.)
      await announced(`${titles[2]} is over position 3 of 3.`);
      await keyboardDragReady(page);
      await page.keyboard.press("ArrowUp");
      await announced(`${titles[2]} is over position 2 of 3.`);
      await page.keyboard.press("Space");
      await announced(`${titles[2]} dropped at position 2 of 3.`);
      const reordered = [titles[0], titles[2], titles[1]];
      await expect.poll(async () => (await stored(staff.id)).map((r) => r.title)).toEqual(reordered);
      await expect.poll(() => shownTitles(page)).toEqual(reordered);

      // The order survives a reload (it is the stored one, not the page's).
      await page.reload();
      await page.getByRole("checkbox", { name: titles[0] }).waitFor();
      expect(await shownTitles(page)).toEqual(reordered);
      expect(await page.getByRole("checkbox", { name: titles[1] }).getAttribute("aria-checked")).toBe("true");

      await page.getByRole("button", { name: "Clear done (1)" }).click();
      await page.getByRole("checkbox", { name: titles[1] }).waitFor({ state: "detached" });
      await expect
        .poll(() => stored(staff.id))
        .toEqual([titles[0], titles[2]].map((title) => ({ title, done: false })));
      expect(
        await page.getByRole("button", { name: "Clear done" }).isDisabled(),
        "nothing left to clear",
      ).toBe(true);

      await expectAccessible(page, "todos");
      expect(errors).toEqual([]);
    } catch (e) {
      await screenshot(page, "todos-checklist");
      throw e;
    } finally {
      await context.close();
    }
  });
});
