/**
 * Money screens live (live totals through the hub's financial_update): one admin
 * issues an invoice and records its payment; a second admin — two browser contexts, two tabs —
 * sees, without reloading, the invoice get its number and then show paid in the open invoices
 * list, and the payment's income appear in the finances entries. Then a staff member records an
 * expense: the staff tab may not send finance frames through the hub, so it asks the edge worker,
 * which checks the write in the audit log and relays a financial_update to admins — the watcher's
 * entries show it too, unreloaded. The frames carry ids only; each tab refetches through RLS.
 */
import crypto from "node:crypto";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  launchBrowser,
  navigateInApp,
  screenshot,
  signedInPage,
  signInOnPage,
} from "#tests/support/browser.ts";
import { createTestUser, deleteTestUser, type TestUser } from "#tests/support/supabase.ts";
import {
  COMMISSION,
  EXEMPT_RENT,
  invoiceFigures,
  recordTransportExpense,
  service,
  toast,
} from "./helpers.ts";

let browser: Browser;
let actor: TestUser;
let watcher: TestUser;
let staff: TestUser;
const tag = crypto.randomUUID().slice(0, 6);
const client = { name: `Live client ${tag}`, email: `live-${tag}@tests.example` };
const expense = `Taxi to Spintex viewing ${tag}`;

beforeAll(async () => {
  browser = await launchBrowser();
  [actor, watcher, staff] = await Promise.all([
    createTestUser({ role: "admin" }),
    createTestUser({ role: "admin" }),
    createTestUser({ role: "staff" }),
  ]);
});
afterAll(async () => {
  await browser?.close();
  await service.from("invoices").delete().eq("bill_to_name", client.name).eq("status", "draft");
  await service.from("finance_entries").delete().eq("description", expense);
  for (const u of [actor, watcher, staff]) if (u) await deleteTestUser(u.id);
});

describe("a colleague's money screens follow by themselves", () => {
  it("issuing, a payment and a staff member's expense refresh another admin's invoices list and finance entries (financial_update)", async () => {
    const draft = await service
      .from("invoices")
      .insert({ bill_to_name: client.name, bill_to_email: client.email, owner_id: actor.id })
      .select("id")
      .single();
    expect(draft.error).toBeNull();
    const id = (draft.data as { id: string }).id;
    expect(
      (
        await service
          .from("invoice_items")
          .insert([COMMISSION, EXEMPT_RENT].map((l, i) => ({ invoice_id: id, position: i + 1, ...l })))
      ).error,
    ).toBeNull();

    const [watch, act] = await Promise.all([
      signedInPage(browser, watcher, `/invoices-receipts?q=${tag}`),
      signedInPage(browser, actor, `/invoices-receipts/${id}`),
    ]);
    const entries = await watch.context.newPage();
    const pages = [watch.page, act.page, entries];
    try {
      const list = watch.page.getByRole("table");
      const row = list.getByRole("row").filter({ hasText: client.name });
      await row.getByRole("link", { name: "Draft" }).waitFor();
      await entries.goto(new URL("/finances?tab=entries&sort=-created_at", watch.page.url()).toString());
      await entries.getByRole("heading", { name: "Finances" }).waitFor();

      // ── The actor issues the draft ──
      await act.page.getByRole("button", { name: "Issue", exact: true }).click();
      await act.page.getByRole("alertdialog").getByRole("button", { name: "Issue", exact: true }).click();
      await toast(act.page, /^Invoice INV-\d{4}-\d{4,} issued$/).waitFor();
      const { number } = await invoiceFigures(id);
      expect(number).toMatch(/^INV-\d{4}-\d{4,}$/);
      // The watcher's list, untouched, shows the number.
      await row.getByRole("link", { name: number! }).waitFor();

      // ── The actor records the client's payment in full ──
      await navigateInApp(act.page, `/payments/new?invoice=${id}`);
      const form = act.page.getByRole("form", { name: "Record a payment" });
      await expect
        .poll(() => form.getByRole("textbox", { name: "Amount received (GHS)" }).inputValue())
        .toBe("18500.00");
      await form.getByRole("combobox", { name: "Method", exact: true }).selectOption("bank_transfer");
      await form.getByRole("textbox", { name: "Reference", exact: true }).fill(`LIVE${tag}`);
      await form.getByRole("button", { name: "Record payment and issue receipt" }).click();
      await act.page.waitForFunction(
        () => /^\/payments\/[0-9a-f-]{36}$/.test(window.location.pathname),
        undefined,
      );
      expect(await invoiceFigures(id)).toMatchObject({ status: "paid" });

      // The watcher's list shows it paid, and the finance entries the income — both unreloaded.
      await row.locator('[data-status="paid"]').waitFor();
      await entries.getByRole("table").getByRole("row").filter({ hasText: client.name }).first().waitFor();

      // ── A staff member records an expense: it reaches the watcher's entries through the edge ──
      const navigations: string[] = [];
      entries.on("framenavigated", (f) => {
        if (f === entries.mainFrame()) navigations.push(f.url());
      });
      expect(await entries.getByRole("table").getByText(expense).count()).toBe(0);
      // On the actor's computer, done with: its cache holds the back-office's scripts.
      expect([...watch.errors, ...act.errors]).toEqual([]);
      await signInOnPage(act.page, staff, "/finances?tab=entries");
      const staffPage = act;
      await recordTransportExpense(staffPage.page, {
        amount: "85.00",
        paidTo: "Bolt, Spintex Road",
        description: expense,
      });
      await toast(staffPage.page, "Entry recorded: it waits for an admin's approval").waitFor();
      await entries.getByRole("table").getByText(expense).waitFor();
      expect(navigations, "the watcher's entries were not reloaded").toEqual([]);

      expect([...watch.errors, ...staffPage.errors]).toEqual([]);
    } catch (e) {
      for (const [i, p] of pages.entries()) await screenshot(p, `money-live-${i}-${tag}`);
      throw e;
    } finally {
      await watch.context.close();
      await act.context.close();
    }
  });
});
