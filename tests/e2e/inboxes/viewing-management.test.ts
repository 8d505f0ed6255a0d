/**
 * The staff side of viewings on /booking-management: a viewing a visitor booked is
 * moved by staff to another free time (the visitor gets the "New time" mail with an updated
 * .ics), and a second one is declined (the visitor is told).
 * Bookings are made the way the edge makes them (book_appointment with the secret key).
 */
import crypto from "node:crypto";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, signedInPage } from "#tests/support/browser.ts";
import { createTestUser, deleteTestUser, uniqueEmail, type TestUser } from "#tests/support/supabase.ts";
import { detailPane, kickJobsAs, mailTo, service, toast } from "./helpers.ts";

let browser: Browser;
let staff: TestUser;
const tag = crypto.randomUUID().slice(0, 6);
const emails: string[] = [];

/** Books the n-th free viewing time of a published listing, as the edge would; returns the booking id. */
async function bookViewing(name: string, nth: number): Promise<{ id: string; email: string }> {
  const email = uniqueEmail("viewer");
  emails.push(email);
  const { data: prop } = await service
    .from("properties")
    .select("id, slug")
    // A seeded listing of this file's own: two files booking the same listing's slots would clash.
    .eq("slug", "4-bedroom-townhouse-labone")
    .single();
  const p = prop as { id: string; slug: string };
  const { data: slots } = await service.rpc("available_slots", { kind: "viewing", property: p.id, days: 14 });
  const slot = new Date((slots as Array<{ starts_at: string }>)[nth]!.starts_at).toISOString();
  const { data, error } = await service.rpc("book_appointment", {
    kind: "viewing",
    fields: {
      property_id: p.id,
      property_slug: p.slug,
      attendees: 2,
      preferred_date: slot.slice(0, 10),
      time_slot: slot.slice(11, 16),
      full_name: name,
      email,
      phone: "+233501234567",
      consent_at: new Date().toISOString(),
    },
  });
  if (error) throw new Error(error.message);
  return { id: (data as { id: string }).id, email };
}

beforeAll(async () => {
  browser = await launchBrowser();
  staff = await createTestUser({ role: "staff" });
});
afterAll(async () => {
  if (emails.length) await service.from("bookings").delete().in("email", emails);
  await browser?.close();
  if (staff) await deleteTestUser(staff.id);
});

describe("viewings in booking management", () => {
  it("staff move a viewing to another free time and decline another; the visitors are told", async () => {
    const moved = await bookViewing(`Nana Yeboah ${tag}`, 3);
    const declined = await bookViewing(`Adjoa Quaye ${tag}`, 7);
    const before = (
      await service.from("bookings").select("starts_at, ics_sequence").eq("id", moved.id).single()
    ).data as { starts_at: string; ics_sequence: number };
    const { page, context, errors } = await signedInPage(browser, staff, `/booking-management/${moved.id}`);
    try {
      const pane = detailPane(page);
      await page.getByRole("heading", { name: `Nana Yeboah ${tag}`, level: 1 }).waitFor();
      await pane.getByRole("button", { name: "Reschedule" }).click();
      const dialog = page.getByRole("dialog");
      await dialog.getByRole("group", { name: "Day" }).getByRole("button").nth(1).click();
      await dialog.getByRole("group", { name: "Time" }).getByRole("button").first().click();
      await dialog.getByRole("button", { name: "Move appointment" }).click();
      await toast(page, "Moved").waitFor();
      const after = (
        await service.from("bookings").select("starts_at, ics_sequence, status").eq("id", moved.id).single()
      ).data as { starts_at: string; ics_sequence: number; status: string };
      expect(after.starts_at).not.toBe(before.starts_at);
      expect(after.ics_sequence).toBeGreaterThan(before.ics_sequence);
      const mail = await mailTo(moved.email, /^New time: /, () => kickJobsAs(staff));
      expect(Buffer.from(mail.attachments[0]!.content, "base64").toString("utf8")).toContain(
        `SEQUENCE:${after.ics_sequence}`,
      );

      await page.goto(page.url().replace(moved.id, declined.id));
      await page.getByRole("heading", { name: `Adjoa Quaye ${tag}`, level: 1 }).waitFor();
      await pane.getByRole("button", { name: "Decline" }).click();
      await toast(page, "Declined").waitFor();
      expect(
        (await service.from("bookings").select("status").eq("id", declined.id).single()).data?.status,
      ).toBe("declined");
      await mailTo(declined.email, /^We cannot make /, () => kickJobsAs(staff));
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
