/**
 * An invoice's Files tab (the files module's AttachmentsPanel on the invoice page): a
 * staff member uploads a signed engagement letter on /files, attaches it to their issued invoice,
 * and the invoice's Files tab lists it and opens it — the very bytes, through a short-lived
 * signed link. Before any attachment the tab says how to attach one.
 */
import crypto from "node:crypto";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FILES_BUCKET } from "#core/files/files.ts";
import { launchBrowser, screenshot, signedInPage, downloadedBytes } from "#tests/support/browser.ts";
import { createTestUser, deleteTestUser, type TestUser } from "#tests/support/supabase.ts";
import { issuedInvoice, service, toast } from "./helpers.ts";

let browser: Browser;
let staff: TestUser;
const tag = crypto.randomUUID().slice(0, 6);
const fileName = `engagement-letter-${tag}.pdf`;
const client = { name: `Files client ${tag}`, email: `files-${tag}@tests.example` };
const pdfBytes = Buffer.from(
  `%PDF-1.4\n% Engagement letter ${tag}\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n`,
);
let invoice: { id: string; number: string };

beforeAll(async () => {
  browser = await launchBrowser();
  staff = await createTestUser({ role: "staff" });
  invoice = await issuedInvoice(staff.id, client);
});
afterAll(async () => {
  const objects = await service.storage.from(FILES_BUCKET).list(staff?.id ?? "none");
  if (objects.data?.length)
    await service.storage.from(FILES_BUCKET).remove(objects.data.map((o) => `${staff.id}/${o.name}`));
  await service
    .from("files")
    .delete()
    .eq("owner_id", staff?.id ?? "");
  await browser?.close();
  if (staff) await deleteTestUser(staff.id);
});

describe("an invoice's files", () => {
  it("a file uploaded and attached on /files is listed on the invoice's Files tab and opens", async () => {
    const { page, errors, context } = await signedInPage(
      browser,
      staff,
      `/invoices-receipts/${invoice.id}?tab=files`,
    );
    try {
      await page.getByText("No files attached to this invoice").waitFor();

      // Upload on /files and attach it to the invoice.
      await page.goto(new URL("/files", page.url()).toString());
      await page
        .locator('input[type="file"]')
        .setInputFiles([{ name: fileName, mimeType: "application/pdf", buffer: pdfBytes }]);
      const row = page.locator(`tr[data-file="${fileName}"]`);
      await row.waitFor();
      await row.getByRole("button", { name: `Actions for ${fileName}` }).click();
      await page.getByRole("menuitem", { name: "Attach to a record…" }).click();
      const attach = page.getByRole("dialog", { name: `Attach “${fileName}”` });
      await attach.getByLabel("Record").selectOption("invoice");
      await attach.getByLabel("Search").fill(invoice.number);
      await attach.getByRole("button", { name: "Find" }).click();
      await attach.getByRole("button", { name: `Attach to ${invoice.number} — ${client.name}` }).click();
      await toast(page, `${invoice.number}`).waitFor();
      await page.keyboard.press("Escape");

      // The invoice's Files tab lists it; Open downloads the very bytes.
      await page.goto(new URL(`/invoices-receipts/${invoice.id}`, page.url()).toString());
      await page.getByRole("heading", { name: `Invoice ${invoice.number}` }).waitFor();
      await page.getByRole("tab", { name: "Files" }).click();
      expect(new URL(page.url()).searchParams.get("tab")).toBe("files");
      const list = page.getByRole("list", { name: "Attached files" });
      await list.locator(`[data-attachment="${fileName}"]`).waitFor();
      const [download] = await Promise.all([
        page.waitForEvent("download"),
        list.getByRole("button", { name: `Open ${fileName}` }).click(),
      ]);
      expect(download.suggestedFilename()).toBe(fileName);
      expect((await downloadedBytes(download)).equals(pdfBytes)).toBe(true);
      expect(errors).toEqual([]);
    } catch (e) {
      await screenshot(page, `money-invoice-files-${tag}`);
      throw e;
    } finally {
      await context.close();
    }
  });
});
