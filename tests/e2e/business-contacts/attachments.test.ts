/**
 * Files attached to a contact and a deal show on their pages (attachments on
 * record pages): the "Files" tab lists what the user may see of file_attachments, read through
 * RLS; a trashed file is left out, and a record without files says how to attach one.
 */
import crypto from "node:crypto";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, navigateInApp, screenshot, signedInPage } from "#tests/support/browser.ts";
import { createTestUser, deleteTestUser, type TestUser } from "#tests/support/supabase.ts";
import { service } from "../properties-admin/helpers.ts";

let browser: Browser;
let staff: TestUser;
const tag = crypto.randomUUID().slice(0, 6);
const SALE = "00000000-0000-4000-d100-000000000001";
const NEW_ENQUIRY = "00000000-0000-4000-d200-000000000101";
const ids = { contact: "", deal: "", bare: "" };

async function file(name: string, trashed = false): Promise<string> {
  const { data, error } = await service
    .from("files")
    .insert({
      name,
      storage_path: `${staff.id}/${tag}-${name}`,
      mime_type: "application/pdf",
      size_bytes: 48_213,
      owner_id: staff.id,
      deleted_at: trashed ? new Date().toISOString() : null,
    })
    .select("id")
    .single();
  if (error) throw new Error(error.message);
  return (data as { id: string }).id;
}

beforeAll(async () => {
  browser = await launchBrowser();
  staff = await createTestUser({ role: "staff" });
  const contacts = await service
    .from("contacts")
    .insert([
      { kind: "person", first_name: "Abena", last_name: `Sarpong ${tag}`, owner_id: staff.id },
      { kind: "person", first_name: "Yaw", last_name: `Nkansah ${tag}`, owner_id: staff.id },
    ])
    .select("id, first_name");
  if (contacts.error) throw new Error(contacts.error.message);
  for (const c of contacts.data as { id: string; first_name: string }[])
    ids[c.first_name === "Abena" ? "contact" : "bare"] = c.id;
  const deal = await service
    .from("deals")
    .insert({
      title: `Sarpong purchase ${tag}`,
      pipeline_id: SALE,
      stage_id: NEW_ENQUIRY,
      value: 1_200_000,
      currency: "GHS",
      owner_id: staff.id,
    })
    .select("id")
    .single();
  if (deal.error) throw new Error(deal.error.message);
  ids.deal = (deal.data as { id: string }).id;
  const [id1, id2, trashed] = await Promise.all([
    file(`Ghana card ${tag}.pdf`),
    file(`Offer letter ${tag}.pdf`),
    file(`Old draft ${tag}.pdf`, true),
  ]);
  const { error } = await service.from("file_attachments").insert([
    { file_id: id1, record_type: "contact", record_id: ids.contact, created_by: staff.id },
    { file_id: trashed, record_type: "contact", record_id: ids.contact, created_by: staff.id },
    { file_id: id2, record_type: "deal", record_id: ids.deal, created_by: staff.id },
  ]);
  if (error) throw new Error(error.message);
});
afterAll(async () => {
  await service.from("files").delete().like("storage_path", `%/${tag}/%`);
  await service.from("deals").delete().eq("id", ids.deal);
  await service.from("contacts").delete().like("last_name", `%${tag}`);
  await browser?.close();
  if (staff) await deleteTestUser(staff.id);
});

describe("attachments on record pages", () => {
  it("the contact's and the deal's Files tabs list their files, not trashed ones", async () => {
    const { page, errors } = await signedInPage(
      browser,
      staff,
      `/business-contacts/${ids.contact}?tab=files`,
    );
    try {
      const list = page.getByRole("list", { name: "Attached files" });
      await list.locator(`[data-attachment="Ghana card ${tag}.pdf"]`).waitFor();
      expect(await list.locator("[data-attachment]").count()).toBe(1);
      await list.getByRole("button", { name: `Open Ghana card ${tag}.pdf` }).waitFor();

      await navigateInApp(page, `/business-contacts/${ids.bare}?tab=files`);
      await page.getByText("No files attached to this contact").waitFor();

      await navigateInApp(page, `/deals/${ids.deal}?tab=files`);
      await page
        .getByRole("list", { name: "Attached files" })
        .locator(`[data-attachment="Offer letter ${tag}.pdf"]`)
        .waitFor();
      expect(errors).toEqual([]);
    } catch (e) {
      await screenshot(page, `contact-attachments-${tag}`);
      throw e;
    }
  });
});
