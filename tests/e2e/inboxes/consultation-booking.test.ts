/**
 * Booking a consultation: two visitors on the consultation host pick the same
 * free time; the first books it, the second is told "that time was just booked" with the next
 * free times (the database refused the second). Staff have /consultations open: the booking
 * appears without a reload (hub), they confirm it, and the visitor gets the confirmation e-mail
 * with its .ics and a signed link that moves the appointment once. Uses the valuation consultation (confirmed by staff, seeds/74).
 */
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SLOT_TAKEN_MESSAGE } from "#core/form-fields.ts";
import { hostUrl, launchBrowser, openPage, signedInPage } from "#tests/support/browser.ts";
import { createTestUser, deleteTestUser, uniqueEmail, type TestUser } from "#tests/support/supabase.ts";
import { kickJobsAs, mailTo, service, toast } from "./helpers.ts";

let browser: Browser;
let staff: TestUser;
const emails: string[] = [];

beforeAll(async () => {
  browser = await launchBrowser();
  staff = await createTestUser({ role: "staff" });
});
afterAll(async () => {
  if (emails.length) await service.from("consultations").delete().in("email", emails);
  await browser?.close();
  if (staff) await deleteTestUser(staff.id);
});

/** Opens the consultation host for the valuation service and picks the first free time; returns it. */
async function pickFirstFreeTime(page: Page): Promise<string> {
  await page.goto(hostUrl("consult", "/?service=property-valuation"));
  await page.getByRole("heading", { level: 1, name: "Book a consultation" }).waitFor();
  const times = page.getByRole("group", { name: "Time (Accra, GMT)" }).getByRole("radio");
  await times.first().waitFor({ state: "attached" });
  const day = await page
    .getByRole("group", { name: "Day" })
    .getByRole("radio", { checked: true })
    .getAttribute("value");
  await times.first().check({ force: true });
  return `${day} ${await times.first().getAttribute("value")}`;
}

async function fillVisitor(page: Page, name: string, email: string): Promise<void> {
  await page.getByLabel("Full name").fill(name);
  await page.getByLabel("Phone or WhatsApp number").fill("+233 24 555 0142");
  await page.getByLabel("Email").fill(email);
  await page.getByRole("checkbox", { name: /I agree/ }).check();
}

describe("a consultation booked at a free time", () => {
  it("goes to the first of two racing visitors; staff see it live, confirm it, and the visitor is mailed", async () => {
    const staffView = await signedInPage(browser, staff, "/consultations");
    const first = await openPage(browser);
    const second = await openPage(browser);
    try {
      await staffView.page.getByRole("heading", { level: 1, name: "Consultations" }).waitFor();
      const winner = { name: `Efua Asante ${Date.now().toString(36)}`, email: uniqueEmail("booker") };
      const loser = { name: `Kojo Mensah ${Date.now().toString(36)}`, email: uniqueEmail("racer") };
      emails.push(winner.email, loser.email);

      // Both see the same free time before either books it.
      const slotA = await pickFirstFreeTime(first.page);
      const slotB = await pickFirstFreeTime(second.page);
      expect(slotB).toBe(slotA);
      await fillVisitor(first.page, winner.name, winner.email);
      await fillVisitor(second.page, loser.name, loser.email);

      await first.page.getByRole("button", { name: "Book consultation" }).click();
      await first.page.getByRole("heading", { name: "Your consultation is requested" }).waitFor();
      await second.page.getByRole("button", { name: "Book consultation" }).click();
      await second.page.getByText(SLOT_TAKEN_MESSAGE).first().waitFor();
      await second.page.getByText("Next free times:").waitFor();
      expect(
        (await service.from("consultations").select("id").eq("email", loser.email)).data,
        "the database refused the second booking",
      ).toEqual([]);
      // The taken time is no longer offered to the second visitor.
      const offered = await second.page
        .getByRole("group", { name: "Time (Accra, GMT)" })
        .getByRole("radio")
        .evaluateAll((els) => els.map((e) => (e as HTMLInputElement).value));
      const [day, time] = slotA.split(" ");
      const secondDay = await second.page
        .getByRole("group", { name: "Day" })
        .getByRole("radio", { checked: true })
        .getAttribute("value");
      if (secondDay === day) expect(offered).not.toContain(time);

      // Staff: the booking arrives without a reload.
      const row = staffView.page
        .getByRole("option", { name: new RegExp(winner.name) })
        .or(staffView.page.getByText(winner.name))
        .first();
      await row.waitFor();
      await row.click();
      await staffView.page.getByRole("heading", { name: winner.name }).waitFor();
      await staffView.page.getByRole("button", { name: "Confirm", exact: true }).click();
      await toast(staffView.page, "Confirmed").waitFor();
      const stored = (
        await service.from("consultations").select("status, starts_at").eq("email", winner.email).single()
      ).data as { status: string; starts_at: string };
      expect(stored.status).toBe("confirmed");

      const mail = await mailTo(winner.email, /^Confirmed: /, () => kickJobsAs(staff));
      expect(mail.attachments.map((a) => a.filename)).toEqual([expect.stringMatching(/\.ics$/)]);
      const ics = Buffer.from(mail.attachments[0]!.content, "base64").toString("utf8");
      expect(ics).toContain("BEGIN:VEVENT");
      expect(ics).toContain(
        `DTSTART:${new Date(stored.starts_at)
          .toISOString()
          .replace(/[-:]/g, "")
          .replace(/\.\d{3}/, "")}`,
      );

      // The visitor's signed link: move the appointment to another day; the link then expires.
      const link = /https?:\/\/[^\s"<>]+\/appointment#[A-Za-z0-9._-]+/.exec(mail.text ?? mail.html)?.[0];
      expect(link, "manage link in the mail").toBeTruthy();
      await first.page.goto(link!);
      await first.page.getByTestId("appointment-summary").getByText("Confirmed").waitFor();
      const moveForm = first.page.getByRole("form", { name: "Choose a new time" });
      await moveForm.getByRole("group", { name: "Day" }).getByRole("radio").nth(1).check({ force: true });
      await moveForm
        .getByRole("group", { name: "Time (Accra, GMT)" })
        .getByRole("radio")
        .first()
        .check({ force: true });
      await moveForm.getByRole("button", { name: "Move my appointment" }).click();
      await first.page.getByText(/Your appointment is now on/).waitFor();
      const moved = (
        await service.from("consultations").select("starts_at").eq("email", winner.email).single()
      ).data as { starts_at: string };
      expect(moved.starts_at.slice(0, 10)).not.toBe(stored.starts_at.slice(0, 10));
      await first.page.goto("about:blank");
      await first.page.goto(link!);
      await first.page.getByText("This link cannot be used").waitFor();
      expect(staffView.errors).toEqual([]);
    } finally {
      await Promise.all([staffView.context.close(), first.context.close(), second.context.close()]);
    }
  });
});
