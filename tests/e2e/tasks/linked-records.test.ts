/**
 * Tasks linked to CRM records in Chromium: from a contact's Tasks tab a staff
 * member opens a new task already linked to the contact, picks a deal in the deal picker (search
 * under their RLS: a colleague's deal is not offered), and saves; the task is stored with both
 * links, is listed on the contact's and the deal's Tasks tabs, shows its links when opened, and
 * its link is on the contact's timeline.
 */
import crypto from "node:crypto";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, navigateInApp, openPage, signInOnPage } from "#tests/support/browser.ts";
import { createTestUser, deleteTestUser, serviceClient, type TestUser } from "#tests/support/supabase.ts";
import { expectToast, waitForPath } from "../shell/helpers.ts";

let browser: Browser;
let staff: TestUser;
let colleague: TestUser;
const service = serviceClient();
const tag = crypto.randomUUID().slice(0, 6);
const title = `Send the valuation report ${tag}`;
const ids = { contact: "", deal: "", hiddenDeal: "" };

async function insert(table: string, row: Record<string, unknown>): Promise<string> {
  const { data, error } = await service.from(table).insert(row).select("id").single();
  if (error) throw new Error(`${table}: ${error.message}`);
  return (data as { id: string }).id;
}

beforeAll(async () => {
  browser = await launchBrowser();
  [staff, colleague] = await Promise.all([
    createTestUser({ role: "staff" }),
    createTestUser({ role: "staff" }),
  ]);
  ids.contact = await insert("contacts", {
    first_name: "Nii",
    last_name: `Lartey ${tag}`,
    stage: "prospect",
    owner_id: staff.id,
  });
  const pipeline = (await service.from("deal_pipelines").select("id").eq("key", "sale").single()).data as {
    id: string;
  };
  const stage = (
    await service
      .from("deal_stages")
      .select("id")
      .eq("pipeline_id", pipeline.id)
      .eq("outcome", "open")
      .order("position")
      .limit(1)
      .single()
  ).data as { id: string };
  const deal = { pipeline_id: pipeline.id, stage_id: stage.id, value: 850000, currency: "GHS" };
  ids.deal = await insert("deals", {
    ...deal,
    title: `Labone townhouse ${tag}`,
    contact_id: ids.contact,
    owner_id: staff.id,
  });
  ids.hiddenDeal = await insert("deals", {
    ...deal,
    title: `Labone penthouse ${tag}`,
    owner_id: colleague.id,
  });
});
afterAll(async () => {
  await service.from("tasks").delete().like("title", `%${tag}`);
  await service.from("deals").delete().in("id", [ids.deal, ids.hiddenDeal].filter(Boolean));
  if (ids.contact) {
    await service.from("contact_activities").delete().eq("contact_id", ids.contact);
    await service.from("contacts").delete().eq("id", ids.contact);
  }
  await browser?.close();
  for (const u of [staff, colleague]) if (u) await deleteTestUser(u.id);
});

describe("a task about a contact and a deal", () => {
  it("is created from the contact's page, picks a deal it may see, and shows on both pages", async () => {
    const { page, context, errors } = await openPage(browser);
    try {
      await signInOnPage(page, staff, `/business-contacts/${ids.contact}?tab=tasks`, { host: null });
      const tab = page.getByTestId("linked-tasks");
      await tab.getByText("No tasks about this contact that you can see.").waitFor();
      await tab.getByRole("link", { name: "New task" }).click();

      const form = page.getByRole("form", { name: "New task" });
      await form.waitFor();
      // Already linked to the contact it came from.
      await expect
        .poll(() => form.getByRole("combobox", { name: "Contact" }).inputValue())
        .toBe(`Nii Lartey ${tag}`);
      await form.getByRole("textbox", { name: "Title", exact: true }).fill(title);
      const dealPicker = form.getByRole("combobox", { name: "Deal" });
      await dealPicker.fill(tag);
      await page.getByRole("option", { name: new RegExp(`Labone townhouse ${tag}`) }).waitFor();
      // The colleague's deal matches the words but is not theirs to see.
      expect(await page.getByRole("option", { name: new RegExp(`Labone penthouse ${tag}`) }).count()).toBe(0);
      await page.getByRole("option", { name: new RegExp(`Labone townhouse ${tag}`) }).click();
      await form.getByRole("button", { name: "Create task" }).click();
      await expectToast(page, "Task created");

      const stored = (
        await service.from("tasks").select("id, contact_id, deal_id").eq("title", title).single()
      ).data as { id: string; contact_id: string; deal_id: string };
      expect(stored).toMatchObject({ contact_id: ids.contact, deal_id: ids.deal });
      const timeline = (
        await service.from("contact_activities").select("summary, record_id").eq("contact_id", ids.contact)
      ).data;
      expect(timeline).toContainEqual({ summary: `Task: ${title}`, record_id: stored.id });

      // Listed on the deal's Tasks tab; opening it shows its links.
      await navigateInApp(page, `/deals/${ids.deal}?tab=tasks`);
      const onDeal = page.getByTestId("linked-tasks");
      await onDeal.getByRole("link", { name: title }).click();
      // The link opens the task's own page: its form shows the deal, its summary the contact.
      await waitForPath(page, `/tasks/${stored.id}`);
      const taskForm = page.getByRole("form", { name: "Task details" });
      await expect
        .poll(() => taskForm.getByRole("combobox", { name: "Deal" }).inputValue())
        .toBe(`Labone townhouse ${tag}`);
      await page.getByTestId("record-summary").locator('[data-fact="Contact"]').getByRole("link").click();
      await waitForPath(page, `/business-contacts/${ids.contact}`);
      await page.getByRole("tab", { name: "Tasks" }).click();
      await page.getByTestId("linked-tasks").getByRole("link", { name: title }).waitFor();
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
