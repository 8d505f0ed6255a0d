/**
 * A hunt's owner as a business contact (issue 16 item 1): "Add from the owner's details" reuses the
 * contact that already has the owner's phone (no duplicate) and the hunt page links to it; on a hunt
 * whose owner is new, the same button creates the contact (type owner) and links it.
 */
import crypto from "node:crypto";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hostUrl, launchBrowser, screenshot, signedInPage } from "#tests/support/browser.ts";
import { createTestUser, deleteTestUser, type TestUser } from "#tests/support/supabase.ts";
import { service, toast } from "../properties-admin/helpers.ts";

let browser: Browser;
let admin: TestUser;
const tag = crypto.randomUUID().slice(0, 6);
const digits = String(Date.now()).slice(-7);
const knownPhone = `+23320${digits}`;
const newPhone = `+23327${digits}`;
const hunts: string[] = [];
let knownContact = "";

async function seedHunt(title: string, owner: string, phone: string): Promise<string> {
  const { data, error } = await service
    .from("property_hunts")
    .insert({
      title: `${title} ${tag}`,
      city: "Accra",
      neighbourhood: "Spintex",
      owner_name: owner,
      owner_phone: phone,
    })
    .select("id")
    .single();
  if (error) throw new Error(error.message);
  hunts.push((data as { id: string }).id);
  return (data as { id: string }).id;
}

beforeAll(async () => {
  browser = await launchBrowser();
  admin = await createTestUser({ role: "admin" });
  const { data, error } = await service
    .from("contacts")
    .insert({ first_name: "Nii", last_name: `Armah ${tag}`, phone: knownPhone, type: "landlord" })
    .select("id")
    .single();
  if (error) throw new Error(error.message);
  knownContact = (data as { id: string }).id;
});
afterAll(async () => {
  if (hunts.length) await service.from("property_hunts").delete().in("id", hunts);
  await service.from("contacts").delete().in("phone", [knownPhone, newPhone]);
  await browser?.close();
  if (admin) await deleteTestUser(admin.id);
});

describe("the owner contact of a hunt", () => {
  it("reuses the contact with the owner's phone, and creates one for a new owner", async () => {
    const known = await seedHunt("Owner e2e plot, Spintex", "Nii Armah", knownPhone);
    const fresh = await seedHunt("Owner e2e house, Spintex", "Adjoa Tetteh", newPhone);
    const { page, context, errors } = await signedInPage(browser, admin, `/property-hunt/${known}`);
    try {
      const section = page.getByRole("region", { name: "Owner contact" });
      await section.getByRole("button", { name: "Add from the owner's details" }).click();
      await toast(page, "Linked to the existing contact with this phone").waitFor();
      await section.getByRole("link", { name: `Nii Armah ${tag}` }).waitFor();
      expect(await section.getByRole("link").getAttribute("href")).toBe(`/business-contacts/${knownContact}`);
      expect(
        ((await service.from("contacts").select("id").eq("phone", knownPhone)).data ?? []).length,
        "no duplicate",
      ).toBe(1);
      expect(
        (await service.from("property_hunts").select("owner_contact_id").eq("id", known).single()).data,
      ).toEqual({ owner_contact_id: knownContact });
      // The contact's page lists the hunt among its linked records, opening the hunt.
      await page.goto(hostUrl("crm", `/business-contacts/${knownContact}`));
      const huntLink = page
        .getByRole("region", { name: "Linked records" })
        .getByRole("link", { name: "Owner e2e plot, Spintex" });
      await huntLink.waitFor();
      expect(await huntLink.getAttribute("href")).toBe(`/property-hunt/${known}`);

      await page.goto(hostUrl("crm", `/property-hunt/${fresh}`));
      await section.getByRole("button", { name: "Add from the owner's details" }).click();
      await toast(page, "Owner added to business contacts").waitFor();
      await section.getByRole("link", { name: "Adjoa Tetteh" }).waitFor();
      const created = (
        await service.from("contacts").select("id, type, first_name, last_name").eq("phone", newPhone)
      ).data as { id: string; type: string; first_name: string; last_name: string }[];
      expect(created).toEqual([
        expect.objectContaining({ type: "owner", first_name: "Adjoa", last_name: "Tetteh" }),
      ]);
      expect(
        (await service.from("property_hunts").select("owner_contact_id").eq("id", fresh).single()).data,
      ).toEqual({ owner_contact_id: created[0]!.id });
      expect(errors).toEqual([]);
    } catch (err) {
      await screenshot(page, "hunt-owner-contact");
      throw err;
    } finally {
      await context.close();
    }
  });
});
