/**
 * One walk of a staff member through the record screens' shared pieces: editing a contact's
 * phone adds a history entry naming who changed it and no value; the command palette finds a deal
 * by one word of its title and a consultation by the visitor's name; a booked viewing shows at
 * the same day and time on the events calendar and in booking management — with the browser on
 * Kiritimati (UTC+14, the next day there), so a time drawn in the browser's zone would fail.
 */
import crypto from "node:crypto";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accraDate, addDays, weekdayOf } from "#core/inbox/availability.ts";
import { hostUrl, launchBrowser, screenshot, signedInPage } from "#tests/support/browser.ts";
import { createTestUser, deleteTestUser, type TestUser } from "#tests/support/supabase.ts";
import { service, toast } from "../properties-admin/helpers.ts";
import { openPalette, waitForPath } from "./helpers.ts";

let browser: Browser;
let staff: TestUser;
const tag = crypto.randomUUID().slice(0, 6);
const word = `Kwabenya${tag}`;
const visitorName = `Adwoa Nyarko${tag}`;
const newLocal = `020${String(crypto.randomInt(1_000_000, 9_999_999))}`;
// Tomorrow (Accra) at an evening minute of this file's own: already the day after in Kiritimati.
const day = addDays(accraDate(new Date()), 1);
const time = `19:${String(5 * crypto.randomInt(1, 12)).padStart(2, "0")}`;
const ids = { contact: "", deal: "", consultation: "", booking: "" };
let listing = { id: "", slug: "", title: "" };

async function insert(table: string, row: Record<string, unknown>): Promise<string> {
  const { data, error } = await service.from(table).insert(row).select("id").single();
  if (error) throw new Error(`${table}: ${error.message}`);
  return (data as { id: string }).id;
}

beforeAll(async () => {
  browser = await launchBrowser();
  staff = await createTestUser({ role: "staff" });
  await service
    .from("profiles")
    .update({ first_name: "Esi", last_name: `Walker ${tag}` })
    .eq("user_id", staff.id);
  const stage = (
    await service.from("deal_stages").select("id, pipeline_id").eq("outcome", "open").limit(1).single()
  ).data as { id: string; pipeline_id: string };
  listing =
    // A seeded listing no other file books or edits: its viewing must not meet another's.
    (
      await service
        .from("properties")
        .select("id, slug, title")
        .eq("slug", "4-bedroom-house-kumasi-ahodwo")
        .single()
    ).data as typeof listing;
  ids.contact = await insert("contacts", {
    kind: "person",
    first_name: "Yaw",
    last_name: `Mensah-${tag}`,
    phone: "+233244000000",
    owner_id: staff.id,
  });
  ids.deal = await insert("deals", {
    title: `Dodowa plot — ${word} family`,
    pipeline_id: stage.pipeline_id,
    stage_id: stage.id,
    owner_id: staff.id,
  });
  const appointment = {
    preferred_date: day,
    time_slot: time,
    starts_at: `${day}T${time}:00Z`,
    email: `walk-${tag}@example.com`,
    phone: "+233200000001",
    consent_at: new Date().toISOString(),
    status: "confirmed",
    assignee_id: staff.id,
  };
  ids.consultation = await insert("consultations", {
    ...appointment,
    service: "property-valuation",
    full_name: visitorName,
    starts_at: `${day}T08:00:00Z`,
    preferred_date: day,
    time_slot: "08:00",
  });
  ids.booking = await insert("bookings", {
    ...appointment,
    property_id: listing.id,
    property_slug: listing.slug,
    full_name: `Viewer ${tag}`,
  });
});

afterAll(async () => {
  await service.from("bookings").delete().eq("id", ids.booking);
  await service.from("consultations").delete().eq("id", ids.consultation);
  await service.from("deals").delete().eq("id", ids.deal);
  await service.from("contacts").delete().eq("id", ids.contact);
  await browser?.close();
  if (staff) await deleteTestUser(staff.id);
});

describe("history, search and the one calendar", () => {
  it("a phone edit in the history without its value; the palette finds a deal and a consultation; a viewing at one time everywhere", async () => {
    const { page, context, errors } = await signedInPage(
      browser,
      staff,
      `/business-contacts/${ids.contact}?tab=details`,
    );
    try {
      // The phone, edited: History says who changed it, never the number.
      const form = page.getByRole("form", { name: "Contact details" });
      await form.getByRole("textbox", { name: "Phone", exact: true }).fill(newLocal);
      await form.getByRole("button", { name: "Save changes" }).click();
      await toast(page, "Contact saved").waitFor();
      await page.getByRole("tab", { name: "History" }).click();
      const history = page.getByTestId("record-history");
      const edit = history.locator('li[data-action="update"]').first();
      await edit.waitFor();
      expect(await edit.textContent()).toMatch(new RegExp(`^Esi Walker ${tag} changed .*Phone`));
      await edit.locator('[data-field="phone"] [data-redacted="true"]').waitFor();
      const shown = (await history.textContent()) ?? "";
      for (const digits of [newLocal.slice(1), "244000000"]) expect(shown).not.toContain(digits);

      // The palette: a deal by one word of its title, a consultation by the visitor's name.
      let input = await openPalette(page);
      await input.fill(word.toLowerCase());
      await page.getByRole("option", { name: new RegExp(`Dodowa plot — ${word} family`) }).click();
      await waitForPath(page, `/deals/${ids.deal}`);
      input = await openPalette(page);
      await input.fill(visitorName.split(" ").reverse().join(" "));
      // The consultation itself: the demo follow-up plan may also have given its visitor a contact and a task.
      await page
        .locator('[cmdk-item][data-value^="consultations:"]')
        .filter({ hasText: new RegExp(visitorName) })
        .click();
      await waitForPath(page, `/consultations/${ids.consultation}`);

      // The same viewing on both calendars, read from Kiritimati.
      const cdp = await context.newCDPSession(page);
      await cdp.send("Emulation.setTimezoneOverride", { timezoneId: "Pacific/Kiritimati" });
      await page.goto(hostUrl("crm", `/events?view=day&date=${day}`));
      expect(await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone)).toBe(
        "Pacific/Kiritimati",
      );
      const onEvents = page.locator(`[data-day="${day}"] [data-calendar-entry="${ids.booking}"]`);
      await onEvents.waitFor();
      const eventsText = (await onEvents.textContent()) ?? "";
      expect(eventsText).toBe(`${time}Viewing: ${listing.title}`);
      expect(await page.getByTestId("calendar-period").textContent()).toContain(
        new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "long", timeZone: "UTC" }).format(
          new Date(`${day}T12:00:00Z`),
        ),
      );

      await page.goto(hostUrl("crm", "/booking-management?view=calendar"));
      const calendar = page.getByTestId("staff-calendar");
      await calendar.waitFor();
      const mondayOf = (d: string) => addDays(d, -((weekdayOf(d) + 6) % 7));
      if (mondayOf(day) !== mondayOf(accraDate(new Date())))
        await page.getByRole("button", { name: "Next week" }).click();
      const column = calendar.locator("section").nth((weekdayOf(day) + 6) % 7);
      const onBookings = column.locator(`[data-calendar-entry="${ids.booking}"]`);
      await onBookings.waitFor();
      const bookingText = (await onBookings.textContent()) ?? "";
      expect(bookingText.startsWith(`${time} Viewer ${tag}`), bookingText).toBe(true);
      expect(bookingText).toContain(`Viewing: ${listing.title}`);
      expect(bookingText).not.toContain(listing.slug);
      expect(errors).toEqual([]);
    } catch (e) {
      await screenshot(page, `history-search-calendar-${tag}`);
      throw e;
    } finally {
      await context.close();
    }
  });
});
