/**
 * Email marketing (/email-marketing?tab=campaigns): an admin previews a draft (its tracked links
 * listed), sends it "to me" — one copy,
 * subject "[Test] …", reaches their own address in the outbox and no recipient is recorded —,
 * schedules it for a date and time entered in Accra (the stored instant is that wall-clock time,
 * GMT all year), sees it listed as scheduled, and cancels the schedule: it is a draft again.
 */
import crypto from "node:crypto";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { OUTBOX_MESSAGES_PATH } from "#core/schemas/email.ts";
import { SUPABASE_URL } from "#scripts/local-env.ts";
import { launchBrowser, screenshot, signedInPage } from "#tests/support/browser.ts";
import { createTestUser, deleteTestUser, type TestUser } from "#tests/support/supabase.ts";
import { expectAccessible } from "../shell/helpers.ts";
import { clearToasts, service, toast } from "../properties-admin/helpers.ts";

let browser: Browser;
let admin: TestUser;
const tag = crypto.randomUUID().slice(0, 6);
const campaign = `Cantonments open house ${tag}`;
let campaignId = "";

async function mailsTo(to: string): Promise<{ subject: string; html: string }[]> {
  const res = await fetch(`${SUPABASE_URL}${OUTBOX_MESSAGES_PATH}?to=${encodeURIComponent(to)}`);
  return ((await res.json()) as { messages: { subject: string; html: string }[] }).messages;
}

beforeAll(async () => {
  browser = await launchBrowser();
  admin = await createTestUser({ role: "admin" });
  // The test copy is merged with the sender's own name.
  const named = await service
    .from("profiles")
    .update({ first_name: "Kwabena", last_name: "Ofori" })
    .eq("user_id", admin.id);
  if (named.error) throw new Error(named.error.message);
  const contact = await service.from("contacts").insert({
    first_name: "Efua",
    last_name: "Mensah",
    email: `efua.${tag}@example.com`,
    city: "Accra",
    tags: [`open-house-${tag}`],
    owner_id: admin.id,
    marketing_consent: true,
    consent_status: "given",
    consent_at: new Date().toISOString(),
  });
  if (contact.error) throw new Error(contact.error.message);
  const list = await service
    .from("email_lists")
    .insert({
      name: `Open house ${tag}`,
      kind: "segment",
      filter: { tags: [`open-house-${tag}`] },
      owner_id: admin.id,
    })
    .select("id")
    .single();
  if (list.error) throw new Error(list.error.message);
  const row = await service
    .from("email_campaigns")
    .insert({
      name: campaign,
      list_id: (list.data as { id: string }).id,
      subject: "{{first_name}}, open house on Saturday",
      body: "Dear {{first_name}},\nSee https://ghanarealty.example/listings/cantonments before Saturday.",
      owner_id: admin.id,
    })
    .select("id")
    .single();
  if (row.error) throw new Error(row.error.message);
  campaignId = (row.data as { id: string }).id;
});
afterAll(async () => {
  await service.from("outgoing_emails").delete().like("dedup_key", `campaign-test/${campaignId}/%`);
  await service.from("email_campaigns").delete().like("name", `%${tag}%`);
  await service.from("email_lists").delete().like("name", `%${tag}%`);
  await service.from("contacts").delete().like("email", `%.${tag}@example.com`);
  await browser?.close();
  if (admin) await deleteTestUser(admin.id);
});

describe("email marketing: test send and schedule", () => {
  it("sends a test to me, schedules in Accra time, cancels the schedule", async () => {
    const { page } = await signedInPage(browser, admin, "/email-marketing?tab=campaigns");
    try {
      const row = page.getByRole("table", { name: "Campaigns" }).locator(`tr[data-campaign="${campaign}"]`);
      // The preview names the links counted when clicked (in both parts of each recipient's mail).
      await row.getByRole("button", { name: `Preview ${campaign}` }).click();
      const preview = page.getByRole("dialog", { name: `Preview “${campaign}”` });
      await expect
        .poll(() => preview.getByTestId("preview-links").textContent())
        .toBe(
          "Counted when clicked, in the HTML and the plain-text part (1): https://ghanarealty.example/listings/cantonments",
        );
      await page.keyboard.press("Escape");
      await preview.waitFor({ state: "detached" });
      await row.getByRole("button", { name: `Send a test to me (${campaign})` }).click();
      await toast(page, `Test sent to ${admin.email.toLowerCase()}`).waitFor();
      // Only the test itself: an admin also gets the team's notices by mail (another file's partner
      // registering a buyer, a new message), which are not this campaign's.
      const testMails = async () =>
        (await mailsTo(admin.email.toLowerCase())).filter((m) => m.subject.startsWith("[Test]"));
      await expect
        .poll(async () => (await testMails()).map((m) => m.subject))
        .toEqual(["[Test] Kwabena, open house on Saturday"]);
      const [mail] = await testMails();
      expect(mail!.html).toContain(`href="https://ghanarealty.example/listings/cantonments"`);
      expect(
        (await service.from("email_campaign_recipients").select("id").eq("campaign_id", campaignId)).data,
      ).toEqual([]);
      await row.getByText("Draft", { exact: true }).waitFor();

      // Tomorrow at 09:30 in Accra.
      const day = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
      await row.getByRole("button", { name: `Schedule ${campaign}` }).click();
      const dialog = page.getByRole("dialog", { name: `Schedule “${campaign}”` });
      await dialog.getByLabel("Send on (Accra time)").fill(`${day}T09:30`);
      await dialog.getByRole("button", { name: "Schedule" }).click();
      await toast(page, new RegExp(`scheduled for .* 09:30 \\(Accra\\)`)).waitFor();
      await row.getByText(/^Scheduled for .* 09:30 \(Accra\)$/).waitFor();
      const stored = (
        await service.from("email_campaigns").select("status, scheduled_at").eq("id", campaignId).single()
      ).data as { status: string; scheduled_at: string };
      expect(stored.status).toBe("scheduled");
      expect(new Date(stored.scheduled_at).toISOString()).toBe(`${day}T09:30:00.000Z`);
      await clearToasts(page);
      await expectAccessible(page, "email marketing scheduled campaign");

      await row.getByRole("button", { name: `Cancel schedule of ${campaign}` }).click();
      await toast(page, `“${campaign}” is a draft again`).waitFor();
      await row.getByText("Draft", { exact: true }).waitFor();
      expect(
        (
          (await service.from("email_campaigns").select("status").eq("id", campaignId).single()).data as {
            status: string;
          }
        ).status,
      ).toBe("draft");
    } catch (err) {
      await screenshot(page, "email-marketing-test-send-schedule");
      throw err;
    }
  });
});
