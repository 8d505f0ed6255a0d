/**
 * Files (/files): a PDF previews in the page — "Preview" on a PDF opens a dialog whose frame shows
 * the very bytes that were uploaded (read through a short signed link; Storage serves PDFs as
 * downloads under a sandboxing CSP, so the frame shows the page's own copy typed as a PDF), and
 * an image still previews as a picture. The listing the PDF is attached to lists it in its
 * "Attachments" panel (the record kit's AttachmentsPanel in the listing page's panel slot); a
 * trashed file attached to it is not listed.
 */
import crypto from "node:crypto";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FILES_BUCKET } from "#core/files/files.ts";
import { launchBrowser, navigateInApp, screenshot, signedInPage } from "#tests/support/browser.ts";
import { createTestUser, deleteTestUser, type TestUser } from "#tests/support/supabase.ts";
import { expectAccessible } from "../shell/helpers.ts";
import { clearToasts, photoFile, service } from "../properties-admin/helpers.ts";

let browser: Browser;
let staff: TestUser;
let listingId = "";
const tag = crypto.randomUUID().slice(0, 6);
const pdfText = `%PDF-1.4\n% Site plan East Legon ${tag}\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n`;

beforeAll(async () => {
  browser = await launchBrowser();
  staff = await createTestUser({ role: "staff" });
  const listing = await service
    .from("properties")
    .insert({
      slug: `pdf-preview-${tag}`,
      title: `Preview e2e plot East Legon ${tag}`,
      property_type: "land",
      listing_type: "sale",
      price: 900000,
      city: "Accra",
      status: "draft",
      owner_id: staff.id,
    })
    .select("id")
    .single();
  if (listing.error) throw new Error(listing.error.message);
  listingId = (listing.data as { id: string }).id;
});
afterAll(async () => {
  const objects = await service.storage.from(FILES_BUCKET).list(staff?.id ?? "none");
  if (objects.data?.length)
    await service.storage.from(FILES_BUCKET).remove(objects.data.map((o) => `${staff.id}/${o.name}`));
  if (listingId) await service.from("properties").delete().eq("id", listingId);
  await browser?.close();
  if (staff) await deleteTestUser(staff.id);
});

describe("file preview", () => {
  it("shows a PDF in a frame and an image as a picture", async () => {
    const { page } = await signedInPage(browser, staff, "/files");
    try {
      const photo = await photoFile(`plot-${tag}.jpg`, [200, 160, 40]);
      await page
        .locator('input[type="file"]')
        .setInputFiles([
          { name: `site-plan-${tag}.pdf`, mimeType: "application/pdf", buffer: Buffer.from(pdfText) },
          photo,
        ]);
      const pdfRow = page.locator(`tr[data-file="site-plan-${tag}.pdf"]`);
      await pdfRow.waitFor();
      await page.locator(`tr[data-file="plot-${tag}.jpg"]`).waitFor();
      // The upload toasts fade behind each other (axe reads a faded one as low contrast).
      await clearToasts(page);

      await pdfRow.getByRole("button", { name: `Actions for site-plan-${tag}.pdf` }).click();
      // The page reads the PDF through a short signed link (the page's CSP keeps blob: out of
      // fetch, so the bytes are checked on the way in) and frames its own copy.
      const read = page.waitForResponse(
        (r) => r.url().includes(`/storage/v1/object/sign/${FILES_BUCKET}/`) && r.request().method() === "GET",
      );
      await page.getByRole("menuitem", { name: "Preview" }).click();
      const signed = await read;
      expect(new URL(signed.url()).searchParams.get("token")).toBeTruthy();
      expect(await signed.text()).toBe(pdfText);
      const dialog = page.getByRole("dialog", { name: `site-plan-${tag}.pdf` });
      const frame = dialog.locator(`iframe[title="Preview of site-plan-${tag}.pdf"]`);
      await frame.waitFor();
      const src = await frame.getAttribute("src");
      expect(src).toMatch(/^blob:/);
      await expect.poll(() => page.frames().some((f) => f.url() === src)).toBe(true);
      await expectAccessible(page, "files pdf preview");
      // The PDF frame may hold the keyboard focus: close with the dialog's button.
      await dialog.getByRole("button", { name: "Close" }).click();
      await dialog.waitFor({ state: "hidden" });

      await page
        .locator(`tr[data-file="plot-${tag}.jpg"]`)
        .getByRole("button", { name: `Actions for plot-${tag}.jpg` })
        .click();
      await page.getByRole("menuitem", { name: "Preview" }).click();
      const img = page
        .getByRole("dialog", { name: `plot-${tag}.jpg` })
        .getByRole("img", { name: `Preview of plot-${tag}.jpg` });
      await img.waitFor();
      await expect
        .poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0))
        .toBe(true);
      await page.keyboard.press("Escape");

      // Attached to a listing (the Files screen's own attach flow is tested in upload-attach-share):
      // the listing's page lists the PDF, and not the photo once it is in the trash.
      const stored = ((await service.from("files").select("id, name").eq("owner_id", staff.id)).data ??
        []) as { id: string; name: string }[];
      for (const f of stored) {
        const linked = await service
          .from("file_attachments")
          .insert({ file_id: f.id, record_type: "property", record_id: listingId, created_by: staff.id });
        if (linked.error) throw new Error(linked.error.message);
      }
      const trashed = await service
        .from("files")
        .update({ deleted_at: new Date().toISOString() })
        .eq("name", `plot-${tag}.jpg`);
      if (trashed.error) throw new Error(trashed.error.message);
      await navigateInApp(page, `/properties-admin/${listingId}`);
      const panel = page.locator('[data-record-panel="Attachments"]');
      const item = panel
        .getByRole("list", { name: "Attached files" })
        .locator(`li[data-attachment="site-plan-${tag}.pdf"]`);
      await item.waitFor();
      await item.getByRole("button", { name: `Open site-plan-${tag}.pdf` }).waitFor();
      expect(await panel.locator("li").count()).toBe(1);
    } catch (err) {
      await screenshot(page, "files-pdf-preview");
      throw err;
    }
  });
});
