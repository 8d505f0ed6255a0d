/**
 * Tasks end to end in Chromium: a staff member creates a task for a colleague
 * (a reminder in the past is refused at the field, nothing written); the colleague's bell counts
 * it live and its toast opens it. (The board: board.test.ts.)
 */
import crypto from "node:crypto";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REMINDER_IN_PAST } from "#core/tasks/task-schema.ts";
import { launchBrowser, openPage, screenshot, signInOnPage } from "#tests/support/browser.ts";
import { createTestUser, deleteTestUser, serviceClient, type TestUser } from "#tests/support/supabase.ts";
import { expectAccessible, expectToast, waitForPath } from "../shell/helpers.ts";
import { recordPath } from "#core/records/record-links.ts";

let browser: Browser;
let owner: TestUser;
let assignee: TestUser;
const service = serviceClient();
const tag = crypto.randomUUID().slice(0, 6);
const title = `Send the tenancy agreement to Mr Quaye, Labone ${tag}`;
const assigneeName = `Kojo Annan ${tag}`;

beforeAll(async () => {
  browser = await launchBrowser();
  [owner, assignee] = await Promise.all([
    createTestUser({ role: "staff" }),
    createTestUser({ role: "staff" }),
  ]);
  await service
    .from("profiles")
    .update({ first_name: "Kojo", last_name: `Annan ${tag}` })
    .eq("user_id", assignee.id);
});
afterAll(async () => {
  await service.from("tasks").delete().like("title", `%${tag}`);
  await browser?.close();
  for (const u of [owner, assignee]) if (u) await deleteTestUser(u.id);
});

/** A datetime-local value (Africa/Accra is UTC) `days` from now. */
const wallTime = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 16);

describe("a task for a colleague", () => {
  it("is created and assigned, and reaches the assignee's bell live", async () => {
    const colleague = await openPage(browser);
    const creator = await openPage(browser);
    try {
      const { page } = creator;
      // The two people open their screens at the same time.
      await Promise.all([
        signInOnPage(colleague.page, assignee, "/dashboard", { host: null }).then(() =>
          colleague.page.getByRole("heading", { name: /Welcome/ }).waitFor(),
        ),
        signInOnPage(page, owner, "/tasks", { host: null }).then(() =>
          page.getByRole("table", { name: "Tasks" }).waitFor(),
        ),
      ]);
      await page.getByRole("button", { name: "New task" }).click();
      const form = page.getByRole("form", { name: "New task" });
      await form.waitFor();
      await form.getByRole("textbox", { name: "Title", exact: true }).fill(title);
      await form.getByRole("combobox", { name: "Priority" }).selectOption({ label: "High" });
      await form.getByRole("combobox", { name: "Assignee" }).selectOption({ label: assigneeName });
      await form.getByLabel("Due").fill(wallTime(3));
      // Bad input: a reminder in the past is refused at the field; nothing is written.
      await form.getByLabel("Reminder").fill(wallTime(-1));
      await form.getByRole("button", { name: "Create task" }).click();
      await form.getByText(REMINDER_IN_PAST).waitFor();
      expect((await service.from("tasks").select("id").eq("title", title)).data).toEqual([]);
      await form.getByLabel("Reminder").fill(wallTime(2));
      await form.getByRole("button", { name: "Create task" }).click();
      await expectToast(page, "Task created");

      const stored = await service
        .from("tasks")
        .select("id, owner_id, assignee_id, status, priority")
        .eq("title", title)
        .single();
      expect(stored.data).toMatchObject({
        owner_id: owner.id,
        assignee_id: assignee.id,
        status: "todo",
        priority: "high",
      });
      const id = (stored.data as { id: string }).id;
      const note = await service
        .from("notifications")
        .select("kind, link")
        .eq("user_id", assignee.id)
        .eq("record_id", id);
      expect(note.data, "the database notified the assignee").toEqual([
        { kind: "task_assigned", link: recordPath("tasks", id) },
      ]);

      // The assignee's bell counts it live and the new notification toasts; "Open" opens the task.
      const bell = colleague.page.getByTestId("notification-bell");
      await expect.poll(async () => (await bell.getAttribute("aria-label")) ?? "").toMatch(/1 unread/);
      const toast = colleague.page
        .locator("[data-sonner-toast]")
        .filter({ hasText: `Task for you: ${title}` });
      await toast.getByRole("button", { name: "Open" }).click();
      await waitForPath(colleague.page, `/tasks/${id}`);
      const taskForm = colleague.page.getByRole("form", { name: "Task details" });
      await taskForm.waitFor();
      expect(await taskForm.getByRole("combobox", { name: "Priority" }).inputValue()).toBe("high");
      await expectAccessible(colleague.page, "task page (assignee)");
      expect(colleague.errors).toEqual([]);
    } catch (e) {
      await screenshot(colleague.page, "tasks-assignee");
      await screenshot(creator.page, "tasks-creator");
      throw e;
    } finally {
      await colleague.context.close();
      await creator.context.close();
    }
  });
});
