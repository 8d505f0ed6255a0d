/**
 * Issue 13 item 1, "new submissions count on the dashboard": an admin has /dashboard open; a
 * visitor sends the contact form on the public site; the "New leads and requests this week"
 * widget's contact-submissions count goes up without a reload (the edge announces the submission
 * through the hub; the inboxes' live wiring refetches the counts) and agrees with the database.
 * Other files add and remove submissions meanwhile: the count is compared, not assumed.
 */
import crypto from "node:crypto";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, openPage, SITE, signedInPage } from "#tests/support/browser.ts";
import { createTestUser, deleteTestUser, uniqueEmail, type TestUser } from "#tests/support/supabase.ts";
import { service } from "./helpers.ts";

let browser: Browser;
let admin: TestUser;
const tag = crypto.randomUUID().slice(0, 6);
const visitor = { name: `Esi Appiah ${tag}`, email: uniqueEmail("dashboard") };

/** What the widget should say: contact submissions of the last 7 days, spam left out (inbox_new_counts). */
async function trueCount(): Promise<number> {
  const { count, error } = await service
    .from("contact_submissions")
    .select("id", { count: "exact", head: true })
    .gte("created_at", new Date(Date.now() - 7 * 86_400_000).toISOString())
    .neq("status", "spam");
  if (error) throw new Error(error.message);
  return count ?? 0;
}

beforeAll(async () => {
  browser = await launchBrowser();
  admin = await createTestUser({ role: "admin" });
});
afterAll(async () => {
  await service.from("contact_submissions").delete().eq("email", visitor.email);
  await browser?.close();
  if (admin) await deleteTestUser(admin.id);
});

describe("the dashboard's new-leads widget", () => {
  it("counts a visitor's new contact message live, without a reload", async () => {
    const { page, context, errors } = await signedInPage(browser, admin, "/dashboard");
    const visit = await openPage(browser);
    try {
      const shown = page.locator('[data-slot-id="new-leads"] [data-count="contact_submissions"]');
      await expect.poll(async () => /^\d+$/.test((await shown.textContent()) ?? "")).toBe(true);
      const before = Number(await shown.textContent());
      // Marks this document: a reload would lose it.
      await page.evaluate(() => Object.assign(window, { __sameDocument: true }));

      await visit.page.goto(`${SITE}/contact`);
      await visit.page.getByLabel("Full name").fill(visitor.name);
      await visit.page.getByLabel("Email").fill(visitor.email);
      await visit.page.getByLabel("Phone (optional)").fill("024 412 3456");
      await visit.page
        .getByRole("textbox", { name: "Message" })
        .fill("Please call me about renting out my flat in Labone.");
      await visit.page.getByRole("checkbox").check();
      await visit.page.getByRole("button", { name: "Send message" }).click();
      await visit.page.getByRole("heading", { name: "Thank you, your message is with us" }).waitFor();
      expect(
        (await service.from("contact_submissions").select("id").eq("email", visitor.email)).data,
      ).toHaveLength(1);

      // The shown count catches up with the database's, which now holds this message (compared
      // rather than before + 1: other files add and delete their own submissions meanwhile).
      expect(await trueCount()).not.toBe(before);
      await expect.poll(async () => Number(await shown.textContent()) === (await trueCount())).toBe(true);
      expect(
        await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument),
      ).toBe(true);
      expect(errors).toEqual([]);
    } finally {
      await Promise.all([context.close(), visit.context.close()]);
    }
  });
});
