/**
 * Email marketing (/email-marketing): an admin builds a segment of consenting contacts by tag,
 * writes a template with merge fields, previews the campaign as a recipient, and sends it; the
 * mails reach the outbox with List-Unsubscribe + List-Unsubscribe-Post (RFC 8058) and a visible
 * unsubscribe link. Opening the link changes nothing (link scanners); the recipient's one button
 * press unsubscribes; a tampered one-click POST changes nothing. The campaign's figures show the
 * unsubscribe, and the next campaign to the same segment skips that recipient.
 */
import crypto from "node:crypto";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { waitUntil } from "#tests/support/wait.ts";
import { OUTBOX_MESSAGES_PATH } from "#core/schemas/email.ts";
import { SUPABASE_URL } from "#scripts/local-env.ts";
import { launchBrowser, openPage, screenshot, signedInPage } from "#tests/support/browser.ts";
import { createTestUser, deleteTestUser, type TestUser } from "#tests/support/supabase.ts";
import { expectAccessible } from "../shell/helpers.ts";
import { clearToasts, service, toast } from "../properties-admin/helpers.ts";

let browser: Browser;
let admin: TestUser;
const tag = crypto.randomUUID().slice(0, 6);
const address = (name: string) => `${name}.${tag}@example.com`;

interface OutboxMail {
  to: string;
  subject: string;
  html: string;
  headers: Record<string, string>;
}

async function mailsTo(to: string): Promise<OutboxMail[]> {
  const res = await fetch(`${SUPABASE_URL}${OUTBOX_MESSAGES_PATH}?to=${encodeURIComponent(to)}`);
  return ((await res.json()) as { messages: OutboxMail[] }).messages;
}

beforeAll(async () => {
  browser = await launchBrowser();
  admin = await createTestUser({ role: "admin" });
  const now = new Date().toISOString();
  const people = [
    {
      first_name: "Abena",
      last_name: "Asante",
      email: address("abena"),
      city: "Kumasi",
      marketing_consent: true,
      consent_status: "given",
      consent_at: now,
    },
    {
      first_name: "Kwesi",
      last_name: "Appiah",
      email: address("kwesi"),
      city: "Takoradi",
      marketing_consent: true,
      consent_status: "given",
      consent_at: now,
    },
    {
      first_name: "Esi",
      last_name: "Quaye",
      email: address("esi"),
      city: "Accra",
      marketing_consent: false,
      consent_status: "unknown",
      consent_at: null,
    },
  ];
  const inserted = await service
    .from("contacts")
    .insert(people.map((p) => ({ ...p, tags: [`diaspora-${tag}`], owner_id: admin.id })));
  if (inserted.error) throw new Error(inserted.error.message);
});
afterAll(async () => {
  const campaigns = ((await service.from("email_campaigns").select("id").like("name", `%${tag}%`)).data ??
    []) as { id: string }[];
  for (const c of campaigns)
    await service.from("outgoing_emails").delete().like("dedup_key", `campaign/${c.id}/%`);
  await service.from("email_campaigns").delete().like("name", `%${tag}%`);
  await service.from("email_templates").delete().like("name", `%${tag}%`);
  await service.from("email_lists").delete().like("name", `%${tag}%`);
  await service.from("email_suppressions").delete().like("email", `%.${tag}@example.com`);
  await service.from("contacts").delete().like("email", `%.${tag}@example.com`);
  await browser?.close();
  if (admin) await deleteTestUser(admin.id);
});

describe("email marketing", () => {
  it("sends a campaign to a segment; one button unsubscribes; the next send skips them", async () => {
    const { page } = await signedInPage(browser, admin, "/email-marketing?tab=lists");
    try {
      // A segment of consenting contacts by tag.
      const segment = `Diaspora investors ${tag}`;
      await page.getByLabel("List name").fill(segment);
      await page.getByLabel("Tags (any of, comma-separated)").fill(`diaspora-${tag}`);
      await page.getByRole("button", { name: "Create list" }).click();
      await toast(page, `Segment “${segment}” created`).waitFor();
      await page
        .getByRole("table", { name: "Lists and segments" })
        .locator(`tr[data-list="${segment}"]`)
        .getByTestId("reach")
        .filter({ hasText: "2 (0 suppressed)" })
        .waitFor();

      // A template with merge fields.
      await page.getByRole("tab", { name: "Templates" }).click();
      await page.getByLabel("Template name").fill(`Land in Ghana ${tag}`);
      await page.getByLabel("Subject").fill("{{first_name}}, land titles explained");
      await page
        .getByLabel("Message")
        .fill("Dear {{full_name}},\nHere is how to check a land title from {{city}}.");
      await page.getByRole("button", { name: "Create template" }).click();
      await toast(page, "Template created").waitFor();

      // The campaign from the template, previewed, then sent.
      await page.getByRole("tab", { name: "Campaigns" }).click();
      const campaign = `November diaspora ${tag}`;
      await page.getByLabel("Campaign name").fill(campaign);
      await page.getByLabel("Send to").selectOption({ label: segment });
      await page.getByLabel("Start from a template").selectOption({ label: `Land in Ghana ${tag}` });
      await expect
        .poll(() => page.getByLabel("Subject").inputValue())
        .toBe("{{first_name}}, land titles explained");
      await page.getByRole("button", { name: "Save draft" }).click();
      await toast(page, `Campaign “${campaign}” saved as a draft`).waitFor();
      const row = page.getByRole("table", { name: "Campaigns" }).locator(`tr[data-campaign="${campaign}"]`);
      await row.getByRole("button", { name: `Preview ${campaign}` }).click();
      const preview = page.getByRole("dialog", { name: `Preview “${campaign}”` });
      await preview.getByTestId("preview-subject").waitFor();
      expect(await preview.getByTestId("preview-subject").textContent()).toMatch(
        /^.*, land titles explained$/,
      );
      expect(await preview.getByTestId("preview-subject").textContent()).not.toContain("{{");
      await page.keyboard.press("Escape");
      await clearToasts(page);
      await expectAccessible(page, "email marketing campaigns");

      await row.getByRole("button", { name: `Send ${campaign}` }).click();
      const confirm = page.getByRole("dialog", { name: `Send “${campaign}”?` });
      await confirm.getByText(/reaches 2 consenting people; 0 suppressed are skipped/).waitFor();
      await confirm.getByRole("button", { name: "Send now" }).click();
      await toast(page, "Campaign queued to 2 people").waitFor();

      // Both mails reach the outbox, each with the one-click headers and a visible link.
      const [abena] = await waitUntil("Abena's mail", async () =>
        (await mailsTo(address("abena"))).length ? mailsTo(address("abena")) : null,
      );
      const [kwesi] = await waitUntil("Kwesi's mail", async () =>
        (await mailsTo(address("kwesi"))).length ? mailsTo(address("kwesi")) : null,
      );
      expect((await mailsTo(address("esi"))).length).toBe(0);
      expect(abena!.subject).toBe("Abena, land titles explained");
      expect(abena!.headers["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
      const link = /^<(.+)>$/.exec(abena!.headers["List-Unsubscribe"]!)![1]!;
      expect(abena!.html).toContain(`href="${link}"`);
      await row.getByTestId("figures").filter({ hasText: "2 recipients · 2 sent" }).waitFor();

      // Opening the link (as a scanner would) changes nothing; the button press unsubscribes.
      const visitor = await openPage(browser);
      await visitor.page.goto(link);
      await visitor.page.getByRole("heading", { name: "Unsubscribe from our e-mails?" }).waitFor();
      await visitor.page.getByText(/^a•••@example\.com will receive no more news/).waitFor();
      expect(
        (await service.from("email_suppressions").select("email").eq("email", address("abena"))).data,
      ).toEqual([]);
      await visitor.page.getByRole("button", { name: "Unsubscribe" }).click();
      await visitor.page.getByRole("heading", { name: "You are unsubscribed" }).waitFor();
      await visitor.context.close();
      expect(
        (await service.from("email_suppressions").select("reason").eq("email", address("abena"))).data,
      ).toEqual([{ reason: "unsubscribed" }]);

      // A tampered one-click POST (as a mail provider would send it) changes nothing.
      const kwesiLink = new URL(/^<(.+)>$/.exec(kwesi!.headers["List-Unsubscribe"]!)![1]!);
      const token = kwesiLink.searchParams.get("token")!;
      kwesiLink.searchParams.set("token", `${token.slice(0, -2)}${token.endsWith("xx") ? "yy" : "xx"}`);
      const tampered = await fetch(kwesiLink, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: "List-Unsubscribe=One-Click",
      });
      expect(tampered.status).toBe(400);
      expect(
        (await service.from("email_suppressions").select("email").eq("email", address("kwesi"))).data,
      ).toEqual([]);

      await page.reload();
      await row.getByTestId("figures").filter({ hasText: "1 unsubscribed" }).waitFor();

      // The next campaign to the segment reaches Kwesi only.
      const second = `December diaspora ${tag}`;
      await page.getByLabel("Campaign name").fill(second);
      await page.getByLabel("Send to").selectOption({ label: segment });
      await page.getByLabel("Subject").fill("Year-end viewings");
      await page.getByLabel("Message").fill("Hello {{first_name}}, viewings continue until 20 December.");
      await page.getByRole("button", { name: "Save draft" }).click();
      const row2 = page.getByRole("table", { name: "Campaigns" }).locator(`tr[data-campaign="${second}"]`);
      await row2.getByRole("button", { name: `Send ${second}` }).click();
      await page
        .getByRole("dialog", { name: `Send “${second}”?` })
        .getByText(/reaches 1 consenting person; 0 suppressed are skipped/)
        .waitFor();
      await page.getByRole("button", { name: "Send now" }).click();
      await toast(page, "Campaign queued to 1 person").waitFor();
      await waitUntil("Kwesi's second mail", async () => (await mailsTo(address("kwesi"))).length === 2);
      expect((await mailsTo(address("abena"))).length).toBe(1);
    } catch (err) {
      await screenshot(page, "email-marketing-campaign");
      throw err;
    }
  });
});
