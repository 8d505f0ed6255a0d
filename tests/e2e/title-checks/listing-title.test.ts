/**
 * Title due diligence on a listing end to end (issue 16 item 2 "Done when"): from the listing's
 * page in properties admin an admin opens its checklist, states the title facts (freehold, Land
 * Title Certificate, private land: five required checks), attaches each document (a wrong type
 * refused) to the private title-documents bucket, records the Lands Commission search's reference
 * and date, verifies every check — and the public listing shows "Title documents verified" with the
 * date (never the documents). A later change withdraws the badge.
 */
import crypto from "node:crypto";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, openPage, screenshot, SITE, signedInPage } from "#tests/support/browser.ts";
import { createTestUser, deleteTestUser, type TestUser } from "#tests/support/supabase.ts";
import {
  createListingInForm,
  listingRow,
  removeListings,
  service,
  toast,
} from "../properties-admin/helpers.ts";

let browser: Browser;
let admin: TestUser;
const created: string[] = [];
const tag = crypto.randomUUID().slice(0, 6);

beforeAll(async () => {
  browser = await launchBrowser();
  admin = await createTestUser({ role: "admin" });
});
afterAll(async () => {
  for (const id of created) {
    const file = (await service.from("title_files").select("id").eq("property_id", id).maybeSingle())
      .data as { id: string } | null;
    if (file) {
      const docs = ((await service.from("title_checks").select("document_path").eq("file_id", file.id))
        .data ?? []) as { document_path: string | null }[];
      const paths = docs.map((d) => d.document_path).filter((p): p is string => p !== null);
      if (paths.length) await service.storage.from("title-documents").remove(paths);
      await service.from("title_files").delete().eq("id", file.id);
    }
  }
  await removeListings(created);
  await browser?.close();
  if (admin) await deleteTestUser(admin.id);
});

const pdf = (name: string) => ({
  name,
  mimeType: "application/pdf",
  buffer: Buffer.from(`%PDF-1.4\n% ${name}\n%%EOF\n`),
});
const check = (page: Page, label: string) => page.getByRole("listitem", { name: label, exact: true });

const REQUIRED = [
  "Site plan",
  "Lands Commission official search",
  "Land Title Certificate",
  "Survey and boundary check",
  "Encumbrances (mortgages, caveats, disputes)",
];

describe("a listing's title due diligence", () => {
  it("an admin verifies every required check and the public listing shows the badge, until a change withdraws it", async () => {
    const { page } = await signedInPage(browser, admin, "/properties-admin");
    try {
      const title = `Title e2e 3-bedroom house, Ho ${tag}`;
      const id = await createListingInForm(page, {
        title,
        city: "Ho",
        price: "950,000",
        status: "Available",
      });
      created.push(id);
      await service.from("properties").update({ published_at: new Date().toISOString() }).eq("id", id);
      const { slug } = await listingRow(id);

      // ── From the listing's page to its checklist ──
      await page.getByTestId("listing-title-link").click();
      await page.getByRole("heading", { name: `Title due diligence: ${title}` }).waitFor();
      const facts = page.getByRole("form", { name: "Title facts" });
      await facts.getByRole("combobox", { name: "Tenure" }).selectOption({ label: "Freehold" });
      await facts
        .getByRole("combobox", { name: "Title type" })
        .selectOption({ label: "Land Title Certificate" });
      await facts.getByRole("combobox", { name: "Land source" }).selectOption({ label: "Private owner" });
      await facts.getByRole("button", { name: "Start due diligence" }).click();
      await toast(page, "Due diligence started").waitFor();
      await page.getByTestId("title-progress").getByText("0 of 5 required checks verified").waitFor();

      // ── A wrong file is refused before sending ──
      await page
        .getByLabel("Document for Site plan")
        .setInputFiles({ name: "plan.exe", mimeType: "application/x-msdownload", buffer: Buffer.from("MZ") });
      await check(page, "Site plan").getByTestId("document-refused").waitFor();

      // ── The documents, then the search's reference and date ──
      for (const label of REQUIRED) {
        await page.getByLabel(`Document for ${label}`).setInputFiles(pdf(`${label.slice(0, 12)}.pdf`));
        await check(page, label)
          .getByRole("button", { name: `Open document (${label})` })
          .waitFor();
      }
      const search = check(page, "Lands Commission official search");
      await search.getByRole("button", { name: "Edit Lands Commission official search" }).click();
      const searchForm = page.getByRole("form", { name: "Edit Lands Commission official search" });
      await searchForm.getByLabel("Date").fill("2026-11-20");
      await searchForm.getByRole("textbox", { name: "Reference" }).fill(`LC/GAR/2026/${tag}`);
      await searchForm.getByRole("button", { name: "Save check" }).click();
      await toast(page, "Lands Commission official search saved").waitFor();

      // ── Verify each ──
      for (const label of REQUIRED) {
        const verify = check(page, label).getByRole("button", { name: `Verify ${label}` });
        await expect.poll(() => verify.isEnabled()).toBe(true);
        await verify.click();
        await expect.poll(() => check(page, label).getAttribute("data-status")).toBe("verified");
      }
      await page.getByTestId("title-progress").getByText("Title documents verified on").waitFor();
      const verifiedAt = (await service.from("properties").select("title_verified_at").eq("id", id).single())
        .data as { title_verified_at: string | null };
      expect(verifiedAt.title_verified_at).not.toBeNull();

      // ── The public listing shows the badge and never the documents ──
      const pub = await openPage(browser);
      await pub.page.goto(`${SITE}/property/${slug}`);
      await pub.page.getByRole("heading", { level: 1, name: title }).waitFor();
      await pub.page.getByTestId("title-verified").getByText("Title documents verified on").waitFor();
      const html = await pub.page.content();
      expect(html).not.toContain("title-documents");
      const anon = await fetch(`${SITE}/property/${slug}`);
      expect(anon.status).toBe(200);

      // ── A later change withdraws it ──
      const plan = check(page, "Site plan");
      await plan.getByRole("button", { name: "Edit Site plan" }).click();
      const planForm = page.getByRole("form", { name: "Edit Site plan" });
      await planForm
        .getByRole("textbox", { name: "Notes" })
        .fill("Surveyor's stamp is faint; ask for a certified copy.");
      await planForm.getByRole("button", { name: "Save check" }).click();
      await toast(page, "Site plan saved").waitFor();
      await expect
        .poll(
          async () =>
            (
              (await service.from("properties").select("title_verified_at").eq("id", id).single()).data as {
                title_verified_at: string | null;
              }
            ).title_verified_at,
        )
        .toBeNull();
      await page.getByTestId("title-progress").getByText("4 of 5 required checks verified").waitFor();
      await pub.page.reload();
      await pub.page.getByRole("heading", { level: 1, name: title }).waitFor();
      expect(await pub.page.getByTestId("title-verified").count()).toBe(0);
      await pub.context.close();
    } catch (err) {
      await screenshot(page, "title-due-diligence");
      throw err;
    } finally {
      await page.context().close();
    }
  });
});
