/**
 * Business contacts end to end for a staff member: create a contact with a
 * phone typed the Ghanaian way (the database stores E.164, the page shows the network and a
 * click-to-WhatsApp link), log a call from the contact's page and see it on the timeline; typing
 * the same phone on a new contact offers the existing one; a colleague who neither owns nor is
 * assigned the contact cannot open it (the denied case, decided by RLS).
 */
import crypto from "node:crypto";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  launchBrowser,
  navigateInApp,
  screenshot,
  signedInPage,
  signInOnPage,
} from "#tests/support/browser.ts";
import { createTestUser, deleteTestUser, type TestUser } from "#tests/support/supabase.ts";
import { service, toast } from "../properties-admin/helpers.ts";

let browser: Browser;
let staff: TestUser;
let colleague: TestUser;
const tag = crypto.randomUUID().slice(0, 6);
// A fresh MTN number (024 prefix) per run, so no other file's contact matches it.
const local = `024${String(crypto.randomInt(1_000_000, 9_999_999))}`;
const e164 = `+233${local.slice(1)}`;
const lastName = `Boakye-${tag}`;

beforeAll(async () => {
  browser = await launchBrowser();
  [staff, colleague] = await Promise.all([
    createTestUser({ role: "staff" }),
    createTestUser({ role: "staff" }),
  ]);
});
afterAll(async () => {
  await service.from("contacts").delete().like("last_name", `%${tag}`);
  await browser?.close();
  for (const u of [staff, colleague]) if (u) await deleteTestUser(u.id);
});

describe("a staff member's contact", () => {
  it("creates it, sees the network and WhatsApp link, logs a call, and is offered it again on a duplicate phone", async () => {
    const { page, errors } = await signedInPage(browser, staff, "/business-contacts");
    try {
      await page.getByRole("table", { name: "Contacts" }).waitFor();
      await page.getByRole("link", { name: "New contact" }).first().click();
      const form = page.getByRole("form", { name: "New contact" });
      await form.waitFor();
      await form.getByRole("textbox", { name: "First name", exact: true }).fill("Akosua");
      await form.getByRole("textbox", { name: "Last name", exact: true }).fill(lastName);
      await form
        .getByRole("textbox", { name: "Phone", exact: true })
        .fill(`${local.slice(0, 3)} ${local.slice(3, 6)} ${local.slice(6)}`);
      await form.getByRole("textbox", { name: "E-mail", exact: true }).fill(`Akosua.${tag}@Example.COM`);
      await form.getByRole("button", { name: "Create contact" }).click();
      await toast(page, "Contact created").waitFor();
      await page.waitForFunction(
        () => /\/business-contacts\/[0-9a-f-]{36}$/.test(window.location.pathname),
        undefined,
      );
      const id = new URL(page.url()).pathname.split("/").pop()!;

      const stored = (await service.from("contacts").select("phone, email, owner_id").eq("id", id).single())
        .data as { phone: string; email: string; owner_id: string };
      expect(stored, "the database normalises whatever the client typed").toEqual({
        phone: e164,
        email: `akosua.${tag}@example.com`,
        owner_id: staff.id,
      });

      await page.getByRole("heading", { level: 1, name: `Akosua ${lastName}` }).waitFor();
      expect(await page.getByTestId("phone-network").first().textContent()).toContain("MTN");
      expect(await page.getByRole("link", { name: /WhatsApp/ }).getAttribute("href")).toBe(
        `https://wa.me/${e164.slice(1)}`,
      );

      // Quick log: a call, then it heads the timeline.
      const log = page.getByRole("form", { name: "Log an activity" });
      await log.getByRole("button", { name: "Log a call" }).click();
      await log.getByRole("textbox", { name: "Summary" }).fill(`Wants a 3-bed in East Legon ${tag}`);
      await log.getByRole("button", { name: "Save to timeline" }).click();
      await toast(page, "logged").waitFor();
      await page.getByTestId("contact-timeline").getByText(`Wants a 3-bed in East Legon ${tag}`).waitFor();
      // The summary's last contact follows.
      await page
        .getByTestId("record-summary")
        .locator('[data-fact="Last contact"]')
        .getByText(`Call`, { exact: true })
        .waitFor();
      const acts = (await service.from("contact_activities").select("kind, actor_id").eq("contact_id", id))
        .data as { kind: string; actor_id: string }[];
      expect(acts.filter((a) => a.kind === "call")).toEqual([{ kind: "call", actor_id: staff.id }]);

      // The same number typed in another format on a new contact: the existing one is offered.
      await navigateInApp(page, "/business-contacts/new");
      const again = page.getByRole("form", { name: "New contact" });
      await again.getByRole("textbox", { name: "First name", exact: true }).fill("Kojo");
      await again.getByRole("textbox", { name: "Phone", exact: true }).fill(e164);
      await again.getByRole("textbox", { name: "E-mail", exact: true }).focus();
      const notice = page.getByTestId("duplicate-notice");
      await notice.waitFor();
      await notice.getByRole("link", { name: `Open Akosua ${lastName}` }).click();
      // Leaving the half-filled form asks first.
      await page.getByRole("alertdialog").getByRole("button", { name: "Discard changes" }).click();
      await page.waitForFunction((p) => window.location.pathname === p, `/business-contacts/${id}`);
      expect(
        (await service.from("contacts").select("id").eq("phone", e164)).data,
        "no second contact was created",
      ).toHaveLength(1);
      expect(errors).toEqual([]);

      // Denied: a colleague who neither owns nor is assigned it, signed in on the same computer.
      await signInOnPage(page, colleague, `/business-contacts/${id}`);
      await page.getByText("This contact does not exist or you may not see it.").waitFor();
      await page.getByRole("link", { name: "All contacts" }).first().waitFor();
    } catch (e) {
      await screenshot(page, `contacts-staff-${tag}`);
      throw e;
    } finally {
      await page.context().close();
    }
  });
});
