/**
 * Merging a duplicate from a contact's page, as the staff member who owns both:
 * the duplicate is picked by typing part of its name (the record picker, through search_contacts
 * under RLS), merged into the kept contact — its deal and timeline move over, it is deleted — and
 * a merge that would lose data (a third phone number) is refused with the reason, changing nothing.
 */
import crypto from "node:crypto";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, navigateInApp, screenshot, signedInPage } from "#tests/support/browser.ts";
import { createTestUser, deleteTestUser, type TestUser } from "#tests/support/supabase.ts";
import { service, toast } from "../properties-admin/helpers.ts";

let browser: Browser;
let staff: TestUser;
const tag = crypto.randomUUID().slice(0, 6);
const num = () => `+23326${String(crypto.randomInt(1_000_000, 9_999_999))}`;
const ids: Record<string, string> = {};

async function contact(first: string, last: string, extra: Record<string, unknown>): Promise<string> {
  const { data, error } = await service
    .from("contacts")
    .insert({ first_name: first, last_name: `${last}-${tag}`, owner_id: staff.id, ...extra })
    .select("id")
    .single();
  if (error) throw new Error(error.message);
  return (data as { id: string }).id;
}

async function pickDuplicate(page: Page, keep: string, typed: string, name: string): Promise<void> {
  await page.getByRole("button", { name: "Merge with…" }).click();
  const dialog = page.getByRole("dialog", { name: `Merge a duplicate into ${keep}` });
  await dialog.getByRole("combobox", { name: "The duplicate" }).fill(typed);
  await dialog.getByRole("option", { name: new RegExp(name) }).click();
  await dialog.getByRole("button", { name: `Merge into ${keep}` }).click();
}

beforeAll(async () => {
  browser = await launchBrowser();
  staff = await createTestUser({ role: "staff" });
  ids.keep = await contact("Yaw", "Asamoah", { phone: num(), city: "Kumasi" });
  ids.dup = await contact("Yaw", "Asamoah-Dup", { email: `yaw.${tag}@example.com` });
  ids.full = await contact("Kofi", "Twophones", { phone: num(), alt_phone: num() });
  ids.third = await contact("Kofi", "Thirdphone", { phone: num() });
  await service.from("deals").insert({
    title: `Merge deal ${tag}`,
    pipeline_id: "00000000-0000-4000-d100-000000000001",
    stage_id: "00000000-0000-4000-d200-000000000101",
    value: 500000,
    currency: "GHS",
    contact_id: ids.dup,
    owner_id: staff.id,
  });
});
afterAll(async () => {
  await service.from("deals").delete().like("title", `%${tag}`);
  await service.from("contacts").delete().like("last_name", `%${tag}`);
  await browser?.close();
  if (staff) await deleteTestUser(staff.id);
});

describe("merging contacts", () => {
  it("merges a duplicate picked by name, keeping its deal; refuses a merge that would lose a phone", async () => {
    const { page, errors } = await signedInPage(browser, staff, `/business-contacts/${ids.keep}`);
    try {
      const keep = `Yaw Asamoah-${tag}`;
      await page.getByRole("heading", { level: 1, name: keep }).waitFor();
      await pickDuplicate(page, keep, `Asamoah-Dup-${tag}`, `Yaw Asamoah-Dup-${tag}`);
      await toast(page, "Contacts merged").waitFor();
      expect(
        (await service.from("contacts").select("id").eq("id", ids.dup!)).data,
        "the duplicate is gone",
      ).toEqual([]);
      expect((await service.from("contacts").select("email").eq("id", ids.keep!).single()).data).toEqual({
        email: `yaw.${tag}@example.com`,
      });
      expect(
        (await service.from("deals").select("contact_id").like("title", `%${tag}`).single()).data,
      ).toEqual({ contact_id: ids.keep });
      // The moved deal shows among the kept contact's linked records (and on its timeline).
      await page
        .getByRole("region", { name: "Linked records" })
        .getByRole("link", { name: `Merge deal ${tag}`, exact: true })
        .waitFor();

      // Two phones already, a third would be lost: refused, nothing changes.
      await navigateInApp(page, `/business-contacts/${ids.full}`);
      const full = `Kofi Twophones-${tag}`;
      await page.getByRole("heading", { level: 1, name: full }).waitFor();
      await pickDuplicate(page, full, `Thirdphone-${tag}`, `Kofi Thirdphone-${tag}`);
      await page
        .getByRole("dialog")
        .getByRole("alert")
        .filter({ hasText: "three different phone numbers" })
        .waitFor();
      expect((await service.from("contacts").select("id").eq("id", ids.third!)).data).toHaveLength(1);
      // The refusal is also logged to the console (the query client logs failed mutations).
      expect(errors.filter((e) => !/phone numbers|400/.test(e))).toEqual([]);
    } catch (e) {
      await screenshot(page, `contacts-merge-${tag}`);
      throw e;
    } finally {
      await page.context().close();
    }
  });
});
