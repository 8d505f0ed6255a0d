/**
 * Tasks end to end (issue 12 item 3), the board: a staff member moves their task from To do to
 * In progress with the keyboard (each step announced; stored), and a move the workflow forbids
 * (Cancelled → Done) snaps back with core's reason and nothing is stored.
 */
import crypto from "node:crypto";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { taskMoveError } from "#core/tasks/task-workflow.ts";
import { launchBrowser, openPage, screenshot, signInOnPage } from "#tests/support/browser.ts";
import { createTestUser, deleteTestUser, serviceClient, type TestUser } from "#tests/support/supabase.ts";
import { expectAccessible, keyboardDragReady } from "../shell/helpers.ts";

let browser: Browser;
let assignee: TestUser; // whose board it is
const service = serviceClient();
const tag = crypto.randomUUID().slice(0, 6);
const title = `Send the tenancy agreement to Mr Quaye, Labone ${tag}`;
const cancelledTitle = `Chase the Spintex valuation ${tag}`;

beforeAll(async () => {
  browser = await launchBrowser();
  assignee = await createTestUser({ role: "staff" });
});
afterAll(async () => {
  await service.from("tasks").delete().like("title", `%${tag}`);
  await browser?.close();
  if (assignee) await deleteTestUser(assignee.id);
});

describe("the tasks board", () => {
  it("moves a task by keyboard and refuses a move the workflow forbids", async () => {
    const seeded = await service
      .from("tasks")
      .insert({ title, status: "todo", priority: "high", owner_id: assignee.id })
      .select("id")
      .single();
    expect(seeded.error).toBeNull();
    const id = (seeded.data as { id: string }).id;
    const colleague = await openPage(browser); // the assignee's browser
    try {
      const cancelled = await service
        .from("tasks")
        .insert({ title: cancelledTitle, status: "cancelled", priority: "normal", owner_id: assignee.id })
        .select("id")
        .single();
      expect(cancelled.error).toBeNull();
      await signInOnPage(colleague.page, assignee, `/tasks?view=board&q=${tag}`, { host: null });
      const board = colleague.page.getByRole("region", { name: "Tasks by status" });
      // A keyboard move To do → In progress, stored.
      await board
        .getByRole("group", { name: /^To do/ })
        .getByText(title)
        .waitFor();
      await board
        .getByRole("group", { name: /^Cancelled/ })
        .getByText(cancelledTitle)
        .waitFor();
      const announced = (text: string) =>
        colleague.page
          .locator('[id^="DndLiveRegion"]')
          .filter({ hasText: text })
          .waitFor({ state: "attached" });
      await colleague.page.getByRole("button", { name: `Move ${title}`, exact: true }).focus();
      await colleague.page.keyboard.press("Space");
      await announced(`${title} is over To do.`);
      await keyboardDragReady(colleague.page);
      await colleague.page.keyboard.press("ArrowRight");
      await announced(`${title} is over In progress.`);
      await colleague.page.keyboard.press("Space");
      await expect
        .poll(async () => (await service.from("tasks").select("status").eq("id", id).single()).data?.status)
        .toBe("in_progress");
      await board
        .getByRole("group", { name: /^In progress/ })
        .getByText(title)
        .waitFor();

      // Cancelled → Done is not a move the workflow allows: refused with the reason, not stored.
      await colleague.page.getByRole("button", { name: `Move ${cancelledTitle}`, exact: true }).focus();
      await colleague.page.keyboard.press("Space");
      await announced(`${cancelledTitle} is over Cancelled.`);
      await keyboardDragReady(colleague.page);
      await colleague.page.keyboard.press("ArrowLeft");
      await announced("is over Done: not allowed.");
      await colleague.page.keyboard.press("Space");
      await colleague.page
        .locator("[data-sonner-toast]")
        .filter({ hasText: taskMoveError("cancelled", "done")! })
        .first()
        .waitFor();
      expect(
        (
          await service
            .from("tasks")
            .select("status")
            .eq("id", (cancelled.data as { id: string }).id)
            .single()
        ).data?.status,
      ).toBe("cancelled");
      await board
        .getByRole("group", { name: /^Cancelled/ })
        .getByText(cancelledTitle)
        .waitFor();
      await expectAccessible(colleague.page, "tasks board");
      expect(colleague.errors).toEqual([]);
    } catch (e) {
      await screenshot(colleague.page, "tasks-board");
      throw e;
    } finally {
      await colleague.context.close();
    }
  });
});
