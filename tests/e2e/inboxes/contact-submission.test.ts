/**
 * A contact submission worked end to end on /contact-submissions: it is
 * assigned to a colleague (who is notified), gets an internal note, is answered by e-mail from a
 * template with its merge fields (the mail leaves through the outbox), offers WhatsApp with the
 * visitor's number, and is converted into a business contact whose timeline holds the message
 * and the reply; a second message from the same phone is linked to that contact, not duplicated.
 */
import crypto from "node:crypto";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, signedInPage } from "#tests/support/browser.ts";
import { createTestUser, deleteTestUser, uniqueEmail, type TestUser } from "#tests/support/supabase.ts";
import { detailPane, kickJobsAs, mailTo, service, toast } from "./helpers.ts";

let browser: Browser;
let staff: TestUser;
let colleague: TestUser;
const tag = crypto.randomUUID().slice(0, 6);
const visitor = {
  first: "Abena",
  name: `Abena Ofori ${tag}`,
  email: uniqueEmail("abena"),
  phone: `+23324${String(Date.now()).slice(-7)}`,
};
const template = `Call-back e2e ${tag}`;
const ids: string[] = [];

beforeAll(async () => {
  browser = await launchBrowser();
  [staff, colleague] = await Promise.all([
    createTestUser({ role: "staff" }),
    createTestUser({ role: "staff" }),
  ]);
  await service
    .from("profiles")
    .update({ first_name: "Esi", last_name: `Colleague ${tag}` })
    .eq("user_id", colleague.id);
  await service.from("inbox_reply_templates").insert({
    inbox: "contact_submissions",
    channel: "email",
    name: template,
    subject: "Your message to {{company_name}}",
    body: "Dear {{first_name}},\n\nThank you. I will call you on {{phone}}.\n\n{{agent_name}}",
  });
  for (const message of [
    "I would like to sell my 3-bedroom house in Spintex. Please call me.",
    "Following up on my message about the Spintex house.",
  ]) {
    const { data } = await service
      .from("contact_submissions")
      .insert({
        full_name: visitor.name,
        email: visitor.email,
        phone: visitor.phone,
        subject: `Selling in Spintex ${tag}`,
        message,
        consent_at: new Date().toISOString(),
      })
      .select("id")
      .single();
    ids.push((data as { id: string }).id);
  }
});
afterAll(async () => {
  const { data } = await service.from("contact_submissions").select("contact_id").in("id", ids);
  await service.from("contact_submissions").delete().in("id", ids);
  const contacts = [
    ...new Set(
      (data ?? []).map((r: { contact_id: string | null }) => r.contact_id).filter((x): x is string => !!x),
    ),
  ];
  if (contacts.length) await service.from("contacts").delete().in("id", contacts);
  await service.from("inbox_reply_templates").delete().eq("name", template);
  await browser?.close();
  await Promise.all([staff, colleague].filter(Boolean).map((u) => deleteTestUser(u.id)));
});

describe("a contact submission", () => {
  it("is assigned, noted, replied to from a template, and converted into a de-duplicated contact", async () => {
    const { page, context, errors } = await signedInPage(browser, staff, `/contact-submissions/${ids[0]}`);
    try {
      const pane = detailPane(page);
      await page.getByRole("heading", { name: visitor.name, level: 1 }).waitFor();

      // Assign → the colleague is notified.
      await pane.getByLabel("Assignee").selectOption({ label: `Esi Colleague ${tag}` });
      await toast(page, `Assigned to Esi Colleague ${tag}`).waitFor();
      await expect
        .poll(async () =>
          (
            await service
              .from("notifications")
              .select("kind")
              .eq("user_id", colleague.id)
              .eq("record_id", ids[0]!)
          ).data?.map((n) => n.kind),
        )
        .toEqual(["inbox_assigned"]);
      expect(
        (await service.from("contact_submissions").select("status").eq("id", ids[0]!).single()).data?.status,
      ).toBe("assigned");

      // An internal note.
      await pane.getByRole("textbox", { name: "Note" }).fill("Owner wants a valuation first.");
      await pane.getByRole("form", { name: "Add a note" }).getByRole("button").first().click();
      await pane.getByRole("list", { name: "Notes" }).getByText("Owner wants a valuation first.").waitFor();

      // WhatsApp with the visitor's number.
      await pane.getByRole("button", { name: "WhatsApp" }).click();
      const wa = await page.getByRole("menuitem", { name: "An empty message" }).getAttribute("href");
      expect(wa).toContain(`wa.me/${visitor.phone.slice(1)}`);
      await page.keyboard.press("Escape");

      // Reply from the template: merge fields filled, the mail leaves through the outbox.
      await pane.getByRole("button", { name: "Reply by e-mail" }).click();
      const dialog = page.getByRole("dialog");
      await dialog.getByLabel("Template").selectOption({ label: template });
      expect(await dialog.getByRole("textbox", { name: "Message" }).inputValue()).toContain(
        `Dear ${visitor.first},`,
      );
      await dialog.getByRole("button", { name: "Send reply" }).click();
      await toast(page, "Reply sent").waitFor();
      const mail = await mailTo(visitor.email, /^Your message to /, () => kickJobsAs(staff));
      expect(mail.text ?? mail.html).toContain(visitor.phone);
      await pane
        .getByRole("list", { name: "E-mails sent" })
        .getByText(/^Your message to /)
        .waitFor();

      // Convert → a contact, with the message and the reply on its timeline.
      await pane.getByRole("button", { name: "Convert" }).click();
      await page.getByRole("menuitem", { name: "A business contact" }).click();
      await toast(page, "Contact created").waitFor();
      const linked = (
        await service.from("contact_submissions").select("contact_id").eq("id", ids[0]!).single()
      ).data as { contact_id: string };
      const contact = (
        await service
          .from("contacts")
          .select("first_name, email, phone, owner_id, source")
          .eq("id", linked.contact_id)
          .single()
      ).data;
      expect(contact).toMatchObject({
        first_name: "Abena",
        email: visitor.email.toLowerCase(),
        phone: visitor.phone,
        owner_id: staff.id,
        source: "website_form",
      });
      const timeline =
        (
          await service
            .from("contact_activities")
            .select("kind, direction")
            .eq("contact_id", linked.contact_id)
        ).data ?? [];
      expect(timeline).toEqual(
        expect.arrayContaining([
          { kind: "form_submission", direction: "inbound" },
          { kind: "email", direction: "outbound" },
        ]),
      );
      await pane.getByRole("button", { name: "Convert" }).click();
      await page.getByRole("menuitem", { name: "Open the contact" }).waitFor();
      await page.keyboard.press("Escape");

      // The second message from the same phone joins that contact.
      await page.goto(page.url().replace(ids[0]!, ids[1]!));
      await page.getByRole("heading", { name: visitor.name, level: 1 }).waitFor();
      await pane.getByRole("button", { name: "Convert" }).click();
      await page.getByRole("menuitem", { name: "A business contact" }).click();
      await toast(page, "Linked to the existing contact").waitFor();
      expect(
        (await service.from("contact_submissions").select("contact_id").eq("id", ids[1]!).single()).data
          ?.contact_id,
      ).toBe(linked.contact_id);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
