/**
 * Business contacts: CSV import and Act 843, end to end for an admin (issue 12 item 1). A file
 * with a bad row shows the row's error and imports nothing; the fixed file previews its rows (one
 * matching an existing contact by phone, merged by default) and imports them all at once. Then
 * the list's CSV export of the current search, a contact's full export (JSON) and anonymising it
 * on request (personal data gone, the contact kept).
 */
import crypto from "node:crypto";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hostUrl, launchBrowser, screenshot, signedInPage, downloadedBytes } from "#tests/support/browser.ts";
import { createTestUser, deleteTestUser, type TestUser } from "#tests/support/supabase.ts";
import { service, toast } from "../properties-admin/helpers.ts";

let browser: Browser;
let admin: TestUser;
const tag = crypto.randomUUID().slice(0, 6);
const phone = () => `020${String(crypto.randomInt(1_000_000, 9_999_999))}`;
const [p1, p2, pExisting] = [phone(), phone(), phone()];
const e164 = (local: string) => `+233${local.slice(1)}`;
let existingId = "";
const createdIds: string[] = [];

const csv = (thirdEmail: string) =>
  [
    "Name,Phone,Email,City",
    `Adwoa Tetteh-${tag},${p1},adwoa.${tag}@example.com,Tema`,
    `Kwabena Ofori-${tag},${p2},kwabena.${tag}@example.com,Kumasi`,
    `Efua Mensah-${tag},${pExisting},${thirdEmail},Takoradi`,
  ].join("\n");

beforeAll(async () => {
  browser = await launchBrowser();
  admin = await createTestUser({ role: "admin" });
  existingId = (
    (
      await service
        .from("contacts")
        .insert({ first_name: "Efua", last_name: `Existing-${tag}`, phone: pExisting, owner_id: admin.id })
        .select("id")
        .single()
    ).data as { id: string }
  ).id;
});
afterAll(async () => {
  if (createdIds.length) await service.from("contacts").delete().in("id", createdIds);
  await service.from("contacts").delete().like("last_name", `%${tag}`);
  await browser?.close();
  if (admin) await deleteTestUser(admin.id);
});

describe("importing, exporting and anonymising contacts", () => {
  it("refuses a file with a bad row, imports the fixed one (merging a duplicate), exports, anonymises", async () => {
    const { page, errors } = await signedInPage(browser, admin, "/business-contacts/import");
    try {
      const input = page.getByLabel("CSV file");
      await input.setInputFiles({
        name: "contacts.csv",
        mimeType: "text/csv",
        buffer: Buffer.from(csv("not-an-email")),
      });
      await page.getByRole("table", { name: "Column mapping" }).waitFor();
      expect(await page.getByRole("combobox", { name: "Import column Phone as" }).inputValue()).toBe("phone");
      await page.getByRole("button", { name: "Check the rows" }).click();
      const rowErrors = page.getByTestId("import-row-errors");
      await rowErrors.waitFor();
      expect(await rowErrors.textContent()).toMatch(/Row \d+:.*e-mail/i);
      expect(await page.getByRole("button", { name: /^Import \d+ contacts$/ }).isDisabled()).toBe(true);

      await input.setInputFiles({
        name: "contacts-fixed.csv",
        mimeType: "text/csv",
        buffer: Buffer.from(csv(`efua.${tag}@example.com`)),
      });
      await page.getByRole("button", { name: "Check the rows" }).click();
      await page
        .getByTestId("import-summary")
        .filter({ hasText: "3 of 3 rows are ready; 1 match existing contacts; 0 have problems" })
        .waitFor();
      await page.getByRole("button", { name: "Import 3 contacts" }).click();
      await toast(page, "Imported: 2 new, 1 merged").waitFor();
      const stored = (
        await service
          .from("contacts")
          .select("id, first_name, last_name, phone, email")
          .in("phone", [p1, p2, pExisting].map(e164))
      ).data as { id: string; phone: string; email: string | null }[];
      createdIds.push(...stored.map((c) => c.id));
      expect(stored).toHaveLength(3);
      expect(stored.find((c) => c.phone === e164(pExisting))).toMatchObject({
        id: existingId,
        email: `efua.${tag}@example.com`,
      });

      // The list's export of the current search.
      await page.goto(hostUrl("crm", `/business-contacts?q=${tag}`));
      await page.getByRole("table", { name: "Contacts" }).getByText(`Adwoa Tetteh-${tag}`).waitFor();
      const [listDownload] = await Promise.all([
        page.waitForEvent("download"),
        page.getByRole("button", { name: "Export CSV" }).click(),
      ]);
      const listCsv = (await downloadedBytes(listDownload)).toString("utf8");
      expect(listCsv).toContain(`Tetteh-${tag}`);
      expect(listCsv).toContain(`Ofori-${tag}`);

      // Act 843: everything held about Adwoa, then her personal data removed on request.
      const adwoa = stored.find((c) => c.phone === e164(p1))!.id;
      await page.goto(hostUrl("crm", `/business-contacts/${adwoa}?tab=privacy`));
      const [jsonDownload] = await Promise.all([
        page.waitForEvent("download"),
        page.getByRole("button", { name: "Export as JSON" }).click(),
      ]);
      const doc = JSON.parse((await downloadedBytes(jsonDownload)).toString("utf8")) as Record<
        string,
        unknown
      >;
      expect(JSON.stringify(doc)).toContain(`adwoa.${tag}@example.com`);
      await page.getByRole("button", { name: "Anonymise this contact" }).click();
      const dialog = page.getByRole("alertdialog");
      await dialog.getByRole("button", { name: "Anonymise" }).click();
      await dialog
        .getByText(/reason/i)
        .first()
        .waitFor();
      await dialog.getByRole("textbox", { name: "Reason" }).fill(`Request by e-mail ${tag}`);
      await dialog.getByRole("button", { name: "Anonymise" }).click();
      await toast(page, "Personal data removed").waitFor();
      const after = (
        await service.from("contacts").select("phone, email, anonymised_at").eq("id", adwoa).single()
      ).data as { phone: string | null; email: string | null; anonymised_at: string | null };
      expect(after.phone).toBeNull();
      expect(after.email).toBeNull();
      expect(after.anonymised_at).not.toBeNull();
      expect(errors).toEqual([]);
    } catch (e) {
      await screenshot(page, `contacts-import-${tag}`);
      throw e;
    } finally {
      await page.context().close();
    }
  });
});
