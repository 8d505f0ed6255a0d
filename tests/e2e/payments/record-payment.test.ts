/**
 * Payments end to end: a staff member records a mobile money payment against
 * their own issued invoice from its page — the invoice becomes partially paid, the receipt
 * (RCP-YYYY-NNNN) has its page, a real PDF and an e-mail with that PDF attached; a payment above
 * what is still owed is refused until the excess is held as credit explicitly (here: lowered
 * instead), and a bank transfer for the rest makes the invoice paid.
 */
import crypto from "node:crypto";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { todayInAccra } from "#core/form-fields.ts";
import { launchBrowser, signedInPage } from "#tests/support/browser.ts";
import { createTestUser, deleteTestUser, type TestUser } from "#tests/support/supabase.ts";
import {
  accessToken,
  download,
  invoiceFigures,
  isPdf,
  issuedInvoice,
  paymentsOf,
  toast,
  waitForMail,
} from "../invoices-receipts/helpers.ts";

let browser: Browser;
let staff: TestUser;
const tag = crypto.randomUUID().slice(0, 6);
const client = { name: `Kojo Boateng ${tag}`, email: `kojo-${tag}@tests.example` };

beforeAll(async () => {
  browser = await launchBrowser();
  staff = await createTestUser({ role: "staff" });
});
afterAll(async () => {
  await browser?.close();
  if (staff) await deleteTestUser(staff.id);
});

describe("a staff member records the client's payments", () => {
  it("MoMo part-payment → partially paid with a receipt (page, PDF, e-mail); an over-payment refused; the rest → paid", async () => {
    const inv = await issuedInvoice(staff.id, client);
    const year = todayInAccra().slice(0, 4);
    const { page, context, errors } = await signedInPage(browser, staff, `/invoices-receipts/${inv.id}`);
    try {
      await page.getByTestId("document-number").getByText(inv.number).waitFor();
      await page.getByRole("link", { name: "Record a payment" }).click();
      const form = page.getByRole("form", { name: "Record a payment" });
      await form.getByText(inv.number, { exact: true }).waitFor();
      const amount = form.getByRole("textbox", { name: "Amount received (GHS)" });
      // The whole balance is proposed; the client paid part of it by MTN MoMo.
      await expect.poll(() => amount.inputValue()).toBe("18500.00");
      await amount.fill("8,500.00");
      await form.getByRole("combobox", { name: "Method", exact: true }).selectOption("mobile_money");
      await form.getByRole("combobox", { name: "Network", exact: true }).selectOption("mtn");
      await form.getByRole("textbox", { name: "Reference", exact: true }).fill(`MP${tag}.1234`);
      await form.getByRole("button", { name: "Record payment and issue receipt" }).click();

      await toast(page, new RegExp(`^Receipt RCP-${year}-\\d{4,} issued`)).waitFor();
      await page.waitForFunction(
        () => /^\/payments\/[0-9a-f-]{36}$/.test(window.location.pathname),
        undefined,
      );
      const receiptNumber = (await page.getByTestId("receipt-number").innerText()).trim();
      expect(receiptNumber).toMatch(new RegExp(`^RCP-${year}-\\d{4,}$`));
      expect(await page.getByTestId("receipt-amount").innerText()).toMatch(/8,500\.00/);
      expect(await invoiceFigures(inv.id)).toMatchObject({
        status: "partially_paid",
        amount_paid: 850_000,
        total: 1_850_000,
      });
      expect(await paymentsOf(inv.id)).toEqual([
        expect.objectContaining({
          number: receiptNumber,
          method: "mobile_money",
          momo_network: "mtn",
          amount: 850_000,
        }),
      ]);

      const pdf = await download(page, () => page.getByRole("link", { name: "Download PDF" }).click());
      expect(pdf.name).toBe(`${receiptNumber}.pdf`);
      expect(isPdf(pdf.bytes), "the receipt is a PDF").toBe(true);

      const mail = await waitForMail(
        client.email,
        new RegExp(`^Receipt ${receiptNumber} from Ghana Realty$`),
        await accessToken(staff),
      );
      expect(mail.attachments.map((a) => [a.filename, a.content_type])).toEqual([
        [`${receiptNumber}.pdf`, "application/pdf"],
      ]);
      expect(isPdf(Buffer.from(mail.attachments[0]!.content, "base64"))).toBe(true);

      // ── The rest by bank transfer: first too much, refused without an explicit credit ──
      await page.goto(new URL(`/payments/new?invoice=${inv.id}`, page.url()).toString());
      const again = page.getByRole("form", { name: "Record a payment" });
      await expect
        .poll(() => again.getByRole("textbox", { name: "Amount received (GHS)" }).inputValue())
        .toBe("10000.00");
      await again.getByRole("textbox", { name: "Amount received (GHS)" }).fill("11000");
      await again.getByRole("combobox", { name: "Method", exact: true }).selectOption("bank_transfer");
      await again.getByRole("button", { name: "Record payment and issue receipt" }).click();
      await page
        .getByTestId("payment-form-error")
        .getByText(/more than its invoices still owe/)
        .waitFor();
      expect((await invoiceFigures(inv.id)).amount_paid, "nothing recorded").toBe(850_000);

      await again.getByRole("textbox", { name: "Amount received (GHS)" }).fill("10000");
      await again.getByRole("button", { name: "Record payment and issue receipt" }).click();
      await toast(page, new RegExp(`^Receipt RCP-${year}-\\d{4,} issued`)).waitFor();
      await page.waitForFunction(
        () => /^\/payments\/[0-9a-f-]{36}$/.test(window.location.pathname),
        undefined,
      );
      const second = (await page.getByTestId("receipt-number").innerText()).trim();
      expect(Number(second.split("-")[2])).toBeGreaterThan(Number(receiptNumber.split("-")[2]));
      expect(await invoiceFigures(inv.id)).toMatchObject({ status: "paid", amount_paid: 1_850_000 });

      // The invoice's page says so.
      await page.goto(new URL(`/invoices-receipts/${inv.id}`, page.url()).toString());
      await page.getByTestId("document-balance").getByText("0.00").waitFor();
      await page.getByTestId("document-view").locator('[data-status="paid"]').waitFor();
      const paid = page.getByRole("region", { name: "Payments and credits" });
      await paid.getByRole("link", { name: receiptNumber }).waitFor();
      await paid.getByRole("link", { name: second }).waitFor();
      // Recorded payments offer no further payment.
      expect(await page.getByRole("link", { name: "Record a payment" }).count()).toBe(0);

      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
