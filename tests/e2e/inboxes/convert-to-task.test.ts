/**
 * An inbox record converted into a task, in Chromium: a staff member converts a contact
 * submission (assigned to a colleague) into a task from the detail pane. The task is stored once
 * (a second conversion says so), about the de-duplicated contact (the visitor's phone matches a
 * contact already on file: no new contact), titled with the submission's summary, assigned to
 * the record's assignee (notified), due the next working day at 09:00 Africa/Accra; a toast
 * confirms it and opens it; the record's notes and the contact's timeline say what happened.
 */
import crypto from "node:crypto";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { nextWorkingDayAt } from "#core/tasks/follow-up.ts";
import { launchBrowser, signedInPage } from "#tests/support/browser.ts";
import { createTestUser, deleteTestUser, uniqueEmail, type TestUser } from "#tests/support/supabase.ts";
import { detailPane, service, toast } from "./helpers.ts";

let browser: Browser;
let staff: TestUser;
let colleague: TestUser;
const tag = crypto.randomUUID().slice(0, 6);
const phone = `+23324${String(Date.now()).slice(-7)}`;
const visitor = { name: `Kwame Boateng ${tag}`, email: uniqueEmail("kwame") };
const ids = { submission: "", contact: "" };

beforeAll(async () => {
  browser = await launchBrowser();
  [staff, colleague] = await Promise.all([
    createTestUser({ role: "staff" }),
    createTestUser({ role: "staff" }),
  ]);
  await service
    .from("profiles")
    .update({ first_name: "Efua", last_name: `Mensah ${tag}` })
    .eq("user_id", colleague.id);
  // The visitor is on file already (same phone, another address): the conversion links them.
  const c = await service
    .from("contacts")
    .insert({
      first_name: "Kwame",
      last_name: `Boateng ${tag}`,
      phone,
      stage: "prospect",
      owner_id: staff.id,
    })
    .select("id")
    .single();
  ids.contact = (c.data as { id: string }).id;
  const s = await service
    .from("contact_submissions")
    .insert({
      full_name: visitor.name,
      email: visitor.email,
      phone,
      subject: `Land in Tema ${tag}`,
      message: "Please send me the site plan of the Tema plot.",
      consent_at: new Date().toISOString(),
      assignee_id: colleague.id,
      status: "assigned",
    })
    .select("id")
    .single();
  if (s.error) throw new Error(s.error.message);
  ids.submission = (s.data as { id: string }).id;
});
afterAll(async () => {
  await service.from("tasks").delete().eq("origin_id", ids.submission);
  await service.from("contact_submissions").delete().eq("id", ids.submission);
  await service.from("contact_activities").delete().eq("contact_id", ids.contact);
  await service.from("contacts").delete().eq("id", ids.contact);
  await browser?.close();
  await Promise.all([staff, colleague].filter(Boolean).map((u) => deleteTestUser(u.id)));
});

describe("convert into a task", () => {
  it("creates one task about the contact for the record's assignee, with a toast, a note and a timeline entry", async () => {
    const { page, context, errors } = await signedInPage(
      browser,
      staff,
      `/contact-submissions/${ids.submission}`,
    );
    try {
      const pane = detailPane(page);
      await page.getByRole("heading", { name: visitor.name, level: 1 }).waitFor();
      const before = new Date();
      await pane.getByRole("button", { name: "Convert" }).click();
      await page.getByRole("menuitem", { name: "A task" }).click();
      const created = toast(page, "Task created");
      await created.hover();
      await created.waitFor();

      const title = `Message from ${visitor.name}: Land in Tema ${tag}`;
      const tasks =
        (
          await service
            .from("tasks")
            .select("id, title, description, contact_id, assignee_id, owner_id, due_at")
            .eq("origin", "contact_submissions")
            .eq("origin_id", ids.submission)
        ).data ?? [];
      expect(tasks).toHaveLength(1);
      const [task] = tasks as Array<{
        id: string;
        title: string;
        description: string;
        contact_id: string;
        assignee_id: string;
        owner_id: string;
        due_at: string;
      }>;
      expect(task).toMatchObject({
        title,
        description: "Please send me the site plan of the Tema plot.",
        contact_id: ids.contact,
        assignee_id: colleague.id,
        owner_id: staff.id,
      });
      const off = ((await service.from("public_holidays").select("holiday_date")).data ?? []).map(
        (h: { holiday_date: string }) => h.holiday_date,
      );
      expect([nextWorkingDayAt(before, off), nextWorkingDayAt(new Date(), off)]).toContain(
        new Date(task!.due_at).toISOString(),
      );
      await expect
        .poll(async () =>
          (
            await service
              .from("notifications")
              .select("kind")
              .eq("user_id", colleague.id)
              .eq("record_id", task!.id)
          ).data?.map((n) => n.kind),
        )
        .toEqual(["task_assigned"]);

      // The record's notes and the contact's timeline say so.
      await pane.getByRole("list", { name: "Notes" }).getByText(`Converted into a task: ${title}`).waitFor();
      const timeline =
        (await service.from("contact_activities").select("kind, summary").eq("contact_id", ids.contact))
          .data ?? [];
      expect(timeline).toEqual(
        expect.arrayContaining([
          { kind: "task", summary: `Task: ${title}` },
          { kind: "form_submission", summary: `Message: Land in Tema ${tag}` },
        ]),
      );

      // A second conversion makes no second task; its toast opens the first on its page.
      await pane.getByRole("button", { name: "Convert" }).click();
      await page.getByRole("menuitem", { name: "A task" }).click();
      const again = toast(page, "This record already has its task");
      await again.hover();
      await again.getByRole("button", { name: "Open the task" }).click();
      await page.getByRole("heading", { level: 1, name: title }).waitFor();
      expect(new URL(page.url()).pathname).toBe(`/tasks/${task!.id}`);
      expect((await service.from("tasks").select("id").eq("origin_id", ids.submission)).data).toHaveLength(1);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
