/**
 * Invoices end to end: an admin drafts an invoice with a standard-rated
 * commission line and an exempt line, the form shows Ghana's 2026 taxes as they are typed
 * (15 % VAT + 2.5 % NHIL + 2.5 % GETFund on the same base), the draft has no number, issuing it
 * gives INV-YYYY-NNNN, the PDF downloads as a real PDF, and "Send by e-mail" lands in the outbox
 * with that PDF attached.
 */
import crypto from "node:crypto";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { todayInAccra } from "#core/form-fields.ts";
import { launchBrowser, signedInPage } from "#tests/support/browser.ts";
import { createTestUser, deleteTestUser, type TestUser } from "#tests/support/supabase.ts";
import { clearToasts } from "../properties-admin/helpers.ts";
import { accessToken, download, invoiceFigures, isPdf, service, toast, waitForMail } from "./helpers.ts";

let browser: Browser;
let admin: TestUser;
const tag = crypto.randomUUID().slice(0, 6);
const client = { name: `Efua Asante ${tag}`, email: `efua-${tag}@tests.example` };

beforeAll(async () => {
  browser = await launchBrowser();
  admin = await createTestUser({ role: "admin" });
});
afterAll(async () => {
  await browser?.close();
  // Issued documents are never deleted (gapless numbering); only a leftover draft goes.
  await service.from("invoices").delete().eq("bill_to_name", client.name).eq("status", "draft");
  if (admin) await deleteTestUser(admin.id);
});

describe("an admin's invoice, from draft to the client's inbox", () => {
  it("drafts with live taxes, issues INV-YYYY-NNNN, downloads the PDF and e-mails it attached", async () => {
    const { page, context, errors } = await signedInPage(browser, admin, "/invoices-receipts/new");
    try {
      const form = page.getByRole("form", { name: "New document" });
      await form.waitFor();
      await form.getByRole("textbox", { name: "Client name", exact: true }).fill(client.name);
      await form.getByRole("textbox", { name: "Client e-mail", exact: true }).fill(client.email);
      const line1 = form.getByRole("group", { name: "Line 1" });
      await line1
        .getByRole("textbox", { name: "Description", exact: true })
        .fill("Commission: sale of 3-bedroom house, East Legon");
      await line1.getByRole("textbox", { name: "Unit price", exact: true }).fill("12,500.00");
      await line1.getByRole("combobox", { name: "Tax class", exact: true }).selectOption("standard");
      await form.getByRole("button", { name: "Add a line" }).click();
      const line2 = form.getByRole("group", { name: "Line 2" });
      await line2
        .getByRole("textbox", { name: "Description", exact: true })
        .fill("Residential rent collected (exempt)");
      await line2.getByRole("textbox", { name: "Quantity", exact: true }).fill("2");
      await line2.getByRole("textbox", { name: "Unit price", exact: true }).fill("1750");
      await line2.getByRole("combobox", { name: "Tax class", exact: true }).selectOption("exempt");

      // The live figures: 12,500 standard-rated → VAT 1,875 + NHIL 312.50 + GETFund 312.50; 3,500 exempt.
      const totals = page.getByTestId("draft-totals");
      await totals.getByText("18,500.00").waitFor();
      const shown = await totals.innerText();
      expect(shown).toMatch(/Subtotal\s+GHS\s?16,000\.00/);
      expect(shown).toMatch(/VAT 15\s?%\s+GHS\s?1,875\.00/);
      expect(shown).toMatch(/NHIL 2\.5\s?%\s+GHS\s?312\.50/);
      expect(shown).toMatch(/GETFund Levy 2\.5\s?%\s+GHS\s?312\.50/);

      await form.getByRole("button", { name: "Create draft" }).click();
      await toast(page, "Draft saved").waitFor();
      await page.waitForFunction(
        () => /^\/invoices-receipts\/[0-9a-f-]{36}$/.test(window.location.pathname),
        undefined,
      );
      const id = new URL(page.url()).pathname.split("/").pop()!;
      // The database kept the same figures from the lines; a draft has no number yet.
      expect(await invoiceFigures(id)).toMatchObject({
        number: null,
        status: "draft",
        subtotal: 1_600_000,
        tax_total: 250_000,
        total: 1_850_000,
      });

      // ── Issue: the database gives the next number of the year's series ──
      // The save's toast sits over the page's top-right actions until it fades.
      await clearToasts(page);
      await page.getByRole("button", { name: "Issue", exact: true }).click();
      await page.getByRole("alertdialog").getByRole("button", { name: "Issue", exact: true }).click();
      const year = todayInAccra().slice(0, 4);
      await toast(page, new RegExp(`^Invoice INV-${year}-\\d{4,} issued`)).waitFor();
      const number = (await page.getByTestId("document-number").innerText()).trim();
      expect(number).toMatch(new RegExp(`^INV-${year}-\\d{4,}$`));
      expect(await invoiceFigures(id)).toMatchObject({ number, status: "sent", total: 1_850_000 });
      await page.getByTestId("document-total").getByText("18,500.00").waitFor();
      // Issued: no form any more, and the database refuses an edit (tests/rls/invoices-receipts.test.ts).
      expect(await page.getByRole("form", { name: "Edit draft" }).count()).toBe(0);

      // ── PDF: a real file named after the number ──
      const pdf = await download(page, () =>
        page
          .getByRole("toolbar", { name: "Document actions" })
          .getByRole("link", { name: "Download PDF" })
          .click(),
      );
      expect(pdf.name).toBe(`${number}.pdf`);
      expect(isPdf(pdf.bytes), "a PDF file").toBe(true);

      // ── E-mail with the PDF attached ──
      await page.getByRole("button", { name: "Send by e-mail" }).click();
      const send = page.getByRole("form", { name: "Send by e-mail" });
      expect(await send.getByRole("textbox", { name: "To", exact: true }).inputValue()).toBe(client.email);
      await send.getByRole("textbox", { name: "Message (optional)" }).fill("Thank you for choosing us.");
      await send.getByRole("button", { name: "Send" }).click();
      await toast(page, `${number} is on its way to ${client.email}`).waitFor();
      const mail = await waitForMail(
        client.email,
        new RegExp(`^Invoice ${number} from Ghana Realty$`),
        await accessToken(admin),
      );
      expect(mail.html).toContain("Thank you for choosing us.");
      expect(mail.html).toContain(`/invoice/${id}`);
      expect(mail.attachments.map((a) => [a.filename, a.content_type])).toEqual([
        [`${number}.pdf`, "application/pdf"],
      ]);
      const attached = Buffer.from(mail.attachments[0]!.content, "base64");
      expect(isPdf(attached), "the attachment is a PDF").toBe(true);
      await page.getByText(`Sent to ${client.email}`).waitFor();

      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
