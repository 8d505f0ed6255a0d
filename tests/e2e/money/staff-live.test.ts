/**
 * A staff member's expense reaches an admin's open finance screen without a reload (issue 14
 * item 4): the staff tab may not send finance frames through the hub, so it asks the edge worker,
 * which checks the write in the audit log and relays a financial_update (ids only) to admins; the
 * admin's /finances refetches through RLS. Two browser contexts, real stack.
 */
import crypto from "node:crypto";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, screenshot } from "#tests/support/browser.ts";
import { createTestUser, deleteTestUser, type TestUser } from "#tests/support/supabase.ts";
import { service, signInOnCrm, toast } from "./helpers.ts";

let browser: Browser;
let staff: TestUser;
let admin: TestUser;
const tag = crypto.randomUUID().slice(0, 6);
const description = `Taxi to Spintex viewing ${tag}`;

beforeAll(async () => {
  browser = await launchBrowser();
  [staff, admin] = await Promise.all([createTestUser({ role: "staff" }), createTestUser({ role: "admin" })]);
});
afterAll(async () => {
  await browser?.close();
  await service.from("finance_entries").delete().eq("description", description);
  await Promise.all([staff, admin].filter(Boolean).map((u) => deleteTestUser(u.id)));
});

describe("staff's expense on an admin's open finances", () => {
  it("appears in the admin's entries list, unreloaded, once the staff member records it", async () => {
    const a = await signInOnCrm(browser, admin, `/finances?tab=entries&q=${tag}`);
    const s = await signInOnCrm(browser, staff, "/finances?tab=entries");
    try {
      const table = a.page.getByRole("table", { name: "Finance entries" });
      await a.page.getByRole("heading", { name: "Finances" }).waitFor({ timeout: 20_000 });
      await a.page.getByRole("searchbox", { name: "Search descriptions" }).waitFor();
      expect(await table.getByText(description).count()).toBe(0);
      const navigations: string[] = [];
      a.page.on("framenavigated", (f) => {
        if (f === a.page.mainFrame()) navigations.push(f.url());
      });

      await s.page.getByRole("button", { name: "Record an entry" }).click();
      const form = s.page.getByRole("form", { name: "Record an entry" });
      await form
        .getByRole("combobox", { name: "Category", exact: true })
        .selectOption({ label: "Transport and fuel" });
      await form.getByRole("textbox", { name: "Amount", exact: true }).fill("85.00");
      await form.getByRole("textbox", { name: "Paid to / received from" }).fill("Bolt, Spintex Road");
      await form.getByRole("textbox", { name: "Description", exact: true }).fill(description);
      await form.getByRole("button", { name: "Record" }).click();
      await toast(s.page, "Entry recorded: it waits for an admin's approval").waitFor({ timeout: 20_000 });

      // The admin's list, untouched, shows the pending expense.
      await table.getByText(description).waitFor({ timeout: 30_000 });
      expect(navigations, "the admin's page was not reloaded").toEqual([]);
      expect([...a.errors, ...s.errors]).toEqual([]);
    } catch (e) {
      await screenshot(a.page, `money-staff-live-admin-${tag}`);
      await screenshot(s.page, `money-staff-live-staff-${tag}`);
      throw e;
    } finally {
      await a.context.close();
      await s.context.close();
    }
  }, 90_000);
});
