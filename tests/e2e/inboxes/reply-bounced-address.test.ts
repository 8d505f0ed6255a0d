/**
 * A reply to an address that bounced is flagged, for a bounce the provider reports
 * through its webhook: before the bounce the reply dialog shows no warning; the provider's signed
 * POST /api/email/events marks the address bounced; the dialog then warns before sending, and the
 * reply sent anyway is stored flagged (inbox_replies.address_had_bounced) and toasted as such.
 */
import crypto from "node:crypto";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EMAIL_EVENTS_PATH, LOCAL_EMAIL_WEBHOOK_SECRET, signWebhook } from "#core/email-marketing/sending.ts";
import { launchBrowser, SITE, signedInPage } from "#tests/support/browser.ts";
import { createTestUser, deleteTestUser, uniqueEmail, type TestUser } from "#tests/support/supabase.ts";
import { detailPane, service, toast } from "./helpers.ts";

let browser: Browser;
let staff: TestUser;
const tag = crypto.randomUUID().slice(0, 6);
const visitor = { name: `Kwesi Quaye ${tag}`, email: uniqueEmail("bounced") };
let id = "";

/** The provider's bounce event, signed as Resend/Svix sign it with the local webhook secret. */
async function reportBounce(address: string): Promise<Response> {
  const body = JSON.stringify({
    type: "email.bounced",
    created_at: new Date().toISOString(),
    data: { email_id: `re_${tag}`, to: [address] },
  });
  const ts = String(Math.floor(Date.now() / 1000));
  const msgId = `msg_${tag}`;
  return fetch(`${SITE}${EMAIL_EVENTS_PATH}`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      "svix-id": msgId,
      "svix-timestamp": ts,
      "svix-signature": await signWebhook(LOCAL_EMAIL_WEBHOOK_SECRET, msgId, ts, body),
    },
    body,
  });
}

beforeAll(async () => {
  browser = await launchBrowser();
  staff = await createTestUser({ role: "staff" });
  const { data, error } = await service
    .from("contact_submissions")
    .insert({
      full_name: visitor.name,
      email: visitor.email,
      phone: "+233 20 555 0199",
      subject: `Renting in Osu ${tag}`,
      message: "Is the Osu flat still free?",
      consent_at: new Date().toISOString(),
      assignee_id: staff.id,
    })
    .select("id")
    .single();
  if (error) throw new Error(error.message);
  id = (data as { id: string }).id;
});
afterAll(async () => {
  if (id) await service.from("contact_submissions").delete().eq("id", id);
  await service.from("email_suppressions").delete().eq("email", visitor.email.toLowerCase());
  await service.from("outgoing_emails").delete().eq("to_address", visitor.email.toLowerCase());
  await browser?.close();
  if (staff) await deleteTestUser(staff.id);
});

describe("replying to an address the provider reported bounced", () => {
  it("warns in the reply dialog before sending, and flags the reply sent anyway", async () => {
    const { page, context, errors } = await signedInPage(browser, staff, `/contact-submissions/${id}`);
    try {
      const pane = detailPane(page);
      await page.getByRole("heading", { name: visitor.name, level: 1 }).waitFor();

      // Before the bounce: the dialog names the address and warns of nothing.
      await pane.getByRole("button", { name: "Reply by e-mail" }).click();
      const dialog = page.getByRole("dialog", { name: "Reply by e-mail" });
      await dialog.getByText(visitor.email.toLowerCase()).waitFor();
      expect(await dialog.getByTestId("bounce-warning").count()).toBe(0);
      await dialog.getByRole("button", { name: "Cancel" }).click();
      await dialog.waitFor({ state: "hidden" });

      // The provider reports the bounce through its signed webhook.
      const res = await reportBounce(visitor.email);
      expect(res.status, await res.clone().text()).toBe(200);
      expect(await res.json()).toEqual({ recorded: 1, event: "bounced" });

      // A fresh look at the record: the dialog now warns before anything is sent.
      await page.reload();
      await page.getByRole("heading", { name: visitor.name, level: 1 }).waitFor();
      await pane.getByRole("button", { name: "Reply by e-mail" }).click();
      const warning = dialog.getByTestId("bounce-warning");
      await warning.waitFor();
      expect(await warning.textContent()).toMatch(
        /Mail to this address bounced on .+Check the address with the visitor/,
      );

      await dialog.getByLabel("Subject").fill(`About the Osu flat ${tag}`);
      await dialog
        .getByLabel("Message")
        .fill("Dear Kwesi, the flat is still free. Please call us on +233 30 000 0000.");
      await dialog.getByRole("button", { name: "Send reply" }).click();
      await toast(page, "Reply queued — but mail to this address bounced before").waitFor();
      await expect
        .poll(
          async () =>
            (
              await service
                .from("inbox_replies")
                .select("address_had_bounced")
                .eq("record_id", id)
                .eq("kind", "reply")
            ).data,
        )
        .toEqual([{ address_had_bounced: true }]);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
