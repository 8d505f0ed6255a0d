/**
 * Corrections and quotes end to end: an issued invoice is never edited — an
 * admin drafts a credit note from it, keeps the part being credited (the commission reduced by
 * GHS 2,500 + taxes), issues it as CRN-YYYY-NNNN, and the invoice shows what was credited and
 * what is left to pay. A quotation converts into a draft invoice that refers to it.
 */
import crypto from "node:crypto";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { todayInAccra } from "#core/form-fields.ts";
import { launchBrowser, screenshot } from "#tests/support/browser.ts";
import { createTestUser, deleteTestUser, type TestUser } from "#tests/support/supabase.ts";
import { inAppPage } from "../support/in-app-page.ts";
import { COMMISSION, invoiceFigures, issuedInvoice, service, toast } from "./helpers.ts";

let browser: Browser;
let admin: TestUser;
// One page of the admin member, shared by the file's tests; each later one opens in the app.
let adminPage: ReturnType<typeof inAppPage>;
const tag = crypto.randomUUID().slice(0, 6);
const client = { name: `Yaa Asantewaa ${tag}`, email: `yaa-${tag}@tests.example` };

beforeAll(async () => {
  browser = await launchBrowser();
  admin = await createTestUser({ role: "admin" });
  adminPage = inAppPage(admin);
});
afterAll(async () => {
  await adminPage?.close();
  await browser?.close();
  await service.from("invoices").delete().eq("bill_to_name", client.name).eq("status", "draft");
  if (admin) await deleteTestUser(admin.id);
});

describe("credit notes and quotes", () => {
  it("a credit note reverses part of an issued invoice", async () => {
    const inv = await issuedInvoice(admin.id, client);
    const year = todayInAccra().slice(0, 4);
    const { page, errors } = await adminPage.open(browser, `/invoices-receipts/${inv.id}`);
    try {
      await page.getByTestId("document-number").getByText(inv.number).waitFor();
      await page.getByRole("button", { name: "Credit note" }).click();
      const dialog = page.getByRole("form", { name: `Credit note for ${inv.number}` });
      await dialog.getByRole("textbox", { name: "Reason" }).fill("Commission reduced by agreement");
      await dialog.getByRole("button", { name: "Draft the credit note" }).click();
      await page.getByRole("heading", { name: `Credit note (draft) for ${inv.number}` }).waitFor();
      const noteId = new URL(page.url()).pathname.split("/").pop()!;

      // Keep only the commission, at GHS 2,500: 2,500 + 20 % = 3,000 credited.
      const form = page.getByRole("form", { name: "Credit note" });
      await form.getByRole("button", { name: "Remove line 2" }).click();
      await form
        .getByRole("group", { name: "Line 1" })
        .getByRole("textbox", { name: "Unit price", exact: true })
        .fill("2500");
      await page.getByTestId("draft-total").getByText("3,000.00").waitFor();
      await form.getByRole("button", { name: "Save draft" }).click();
      await toast(page, "Draft saved").waitFor();
      await expect.poll(async () => (await invoiceFigures(noteId)).total).toBe(300_000);

      await page.getByRole("button", { name: "Issue", exact: true }).click();
      await page.getByRole("alertdialog").getByRole("button", { name: "Issue", exact: true }).click();
      await toast(page, new RegExp(`^Credit note CRN-${year}-\\d{4,} issued`)).waitFor();
      const crn = (await page.getByTestId("document-number").innerText()).trim();
      expect(crn).toMatch(new RegExp(`^CRN-${year}-\\d{4,}$`));
      expect(await invoiceFigures(inv.id)).toMatchObject({
        status: "sent",
        total: 1_850_000,
        amount_credited: 300_000,
      });

      // The invoice: credited, balance 15,500, the credit note listed; still not editable.
      await page.goto(new URL(`/invoices-receipts/${inv.id}`, page.url()).toString());
      await page.getByTestId("document-balance").getByText("15,500.00").waitFor();
      await page
        .getByRole("region", { name: "Payments and credits" })
        .getByRole("link", { name: crn })
        .waitFor();
      const edit = await service.from("invoice_items").update({ unit_price: 1 }).eq("invoice_id", inv.id);
      expect(edit.error?.message).toBe(
        `${inv.number} has been issued and cannot be edited: issue a credit note instead.`,
      );
      expect(errors).toEqual([]);
    } catch (e) {
      await screenshot(page, "money-credit-note");
      throw e;
    }
  });

  it("a quotation converts into a draft invoice", async () => {
    const ins = await service
      .from("invoices")
      .insert({ kind: "quote", bill_to_name: client.name, bill_to_email: client.email, owner_id: admin.id })
      .select("id")
      .single();
    if (ins.error) throw new Error(ins.error.message);
    const quoteId = (ins.data as { id: string }).id;
    await service.from("invoice_items").insert({ invoice_id: quoteId, position: 1, ...COMMISSION });
    const issued = await service.rpc("issue_invoice", { invoice_id: quoteId });
    expect(issued.data).toMatch(/^QUO-\d{4}-\d{4,}$/);
    const { page, errors } = await adminPage.open(browser, `/invoices-receipts/${quoteId}`);
    try {
      await page.getByRole("button", { name: "Convert to invoice" }).click();
      await toast(page, "Invoice drafted from the quote").waitFor();
      await page.waitForFunction(
        (q) =>
          /^\/invoices-receipts\/[0-9a-f-]{36}$/.test(window.location.pathname) &&
          !window.location.pathname.endsWith(q),
        quoteId,
      );
      const invoiceId = new URL(page.url()).pathname.split("/").pop()!;
      await page.getByRole("form", { name: "Edit draft" }).waitFor();
      const { data } = await service
        .from("invoices")
        .select("kind, status, number, converted_from_id, total")
        .eq("id", invoiceId)
        .single();
      expect(data).toMatchObject({
        kind: "invoice",
        status: "draft",
        number: null,
        converted_from_id: quoteId,
      });
      expect((await invoiceFigures(quoteId)).status).toBe("converted");
      expect(errors).toEqual([]);
    } catch (e) {
      await screenshot(page, "money-quotation");
      throw e;
    }
  });
});
