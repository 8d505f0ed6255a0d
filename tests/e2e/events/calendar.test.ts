/**
 * Events end to end in Chromium: a staff member creates a meeting with a
 * colleague and is warned that the colleague is already booked then (a warning: it still
 * saves); the colleague's open week shows it live and they answer; the organiser downloads it
 * as an .ics file (parsed with ical.js); the colleague's private feed URL answers with it, and
 * after revoking answers 404. The week is a random one most of a year ahead, so no other file's
 * events share it.
 */
import crypto from "node:crypto";
import ICAL from "ical.js";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  launchBrowser,
  openPage,
  screenshot,
  SITE,
  signInOnPage,
  downloadedBytes,
} from "#tests/support/browser.ts";
import { createTestUser, deleteTestUser, serviceClient, type TestUser } from "#tests/support/supabase.ts";
import { expectAccessible, expectToast } from "../shell/helpers.ts";

let browser: Browser;
let organiser: TestUser;
let colleague: TestUser;
const service = serviceClient();
const tag = crypto.randomUUID().slice(0, 6);
// A random day 200–380 days ahead: inside the feed's window (400 days), past the demo data.
const day = new Date(Date.now() + (200 + crypto.randomInt(180)) * 86_400_000).toISOString().slice(0, 10);
const busy = `Viewing prep at Cantonments ${tag}`;
const title = `Landlord meeting, Airport Residential ${tag}`;
const colleagueName = `Yaa Boakye ${tag}`;

beforeAll(async () => {
  browser = await launchBrowser();
  [organiser, colleague] = await Promise.all([
    createTestUser({ role: "staff" }),
    createTestUser({ role: "staff" }),
  ]);
  await service
    .from("profiles")
    .update({ first_name: "Yaa", last_name: `Boakye ${tag}` })
    .eq("user_id", colleague.id);
  // The colleague is already booked 09:30–10:30 that day (Africa/Accra is UTC).
  const ev = await service
    .from("events")
    .insert({
      title: busy,
      kind: "meeting",
      starts_at: `${day}T09:30:00Z`,
      ends_at: `${day}T10:30:00Z`,
      owner_id: colleague.id,
    })
    .select("id")
    .single();
  expect(ev.error).toBeNull();
  expect(
    (
      await service
        .from("event_attendees")
        .insert({ event_id: (ev.data as { id: string }).id, user_id: colleague.id, response: "accepted" })
    ).error,
  ).toBeNull();
});
afterAll(async () => {
  await service.from("events").delete().in("title", [busy, title]);
  await browser?.close();
  for (const u of [organiser, colleague]) if (u) await deleteTestUser(u.id);
});

describe("a meeting with a colleague", () => {
  it("warns of the clash, shows live on the colleague's calendar, downloads as .ics, and the colleague's feed has it", async () => {
    const guest = await openPage(browser);
    const host = await openPage(browser);
    const week = `/events?view=week&date=${day}`;
    try {
      await signInOnPage(guest.page, colleague, week, { host: null });
      const guestWeek = guest.page.getByRole("list", { name: "Company calendar" });
      await guestWeek.getByRole("button", { name: new RegExp(`^${busy}`) }).waitFor();

      const { page } = host;
      await signInOnPage(page, organiser, week, { host: null });
      await page.getByRole("list", { name: "Company calendar" }).waitFor();
      await page.getByRole("button", { name: "New event" }).click();
      const form = page.getByRole("form", { name: "New event" });
      await form.waitFor();
      await form.getByRole("textbox", { name: "Title", exact: true }).fill(title);
      await form.getByRole("textbox", { name: "Location" }).fill("Airport Residential, Accra");
      // A new event starts on the day shown, 09:00–10:00: it overlaps the colleague's 09:30.
      expect(await form.getByLabel("Starts").inputValue()).toBe(`${day}T09:00`);
      await form.getByRole("checkbox", { name: colleagueName }).click();
      const warning = page.getByTestId("event-conflicts");
      await warning.getByText(`${colleagueName} is at “${busy}”`).waitFor();
      // Moved after the clash, the warning goes.
      await form.getByLabel("Starts").fill(`${day}T11:00`);
      await form.getByLabel("Ends").fill(`${day}T12:00`);
      await warning.waitFor({ state: "detached" });
      await form.getByLabel("Starts").fill(`${day}T09:00`);
      await form.getByLabel("Ends").fill(`${day}T10:00`);
      await warning.waitFor();
      await form.getByRole("button", { name: "Create event" }).click();
      await expectToast(page, "Event created");

      const saved = await service
        .from("events")
        .select("id, owner_id, starts_at, ends_at, event_attendees(user_id, response)")
        .eq("title", title)
        .single();
      expect(saved.error).toBeNull();
      const row = saved.data as {
        id: string;
        owner_id: string;
        starts_at: string;
        ends_at: string;
        event_attendees: { user_id: string; response: string }[];
      };
      expect(row.owner_id).toBe(organiser.id);
      expect(Date.parse(row.starts_at)).toBe(Date.parse(`${day}T09:00:00Z`));
      expect(row.event_attendees.map((a) => a.user_id).sort()).toEqual([organiser.id, colleague.id].sort());

      // Live on the colleague's open week; they open it and answer.
      const chip = guestWeek.getByRole("button", { name: new RegExp(`^${title}`) });
      await chip.waitFor();
      await chip.click();
      const sheet = guest.page.getByRole("dialog", { name: title });
      await sheet
        .getByRole("group", { name: "Your answer" })
        .getByRole("button", { name: "Going", exact: true })
        .click();
      await expect
        .poll(
          async () =>
            (
              await service
                .from("event_attendees")
                .select("response")
                .eq("event_id", row.id)
                .eq("user_id", colleague.id)
                .single()
            ).data?.response,
        )
        .toBe("accepted");
      // axe checks the resting page: the pointer still hovers the answer just clicked (a lighter hover shade).
      await guest.page.mouse.move(0, 0);
      await expectAccessible(guest.page, "event sheet (attendee)");

      // The organiser's sheet (open after saving): the .ics download is a valid calendar.
      const hostSheet = page.getByRole("dialog", { name: title });
      await hostSheet.getByRole("region", { name: "Attendees" }).getByText(colleagueName).waitFor();
      const [download] = await Promise.all([
        page.waitForEvent("download"),
        hostSheet.getByRole("button", { name: "Download .ics" }).click(),
      ]);
      expect(download.suggestedFilename()).toMatch(/\.ics$/);
      const ics = (await downloadedBytes(download)).toString("utf8");
      const vevent = new ICAL.Component(ICAL.parse(ics)).getFirstSubcomponent("vevent")!;
      const event = new ICAL.Event(vevent);
      expect(event.summary).toBe(title);
      expect(event.startDate.toJSDate().toISOString()).toBe(new Date(`${day}T09:00:00Z`).toISOString());
      expect(event.location).toBe("Airport Residential, Accra");

      // The colleague's private feed: made, read by a "calendar app", revoked.
      await guest.page.keyboard.press("Escape");
      await guest.page.getByRole("button", { name: "Calendar feed" }).click();
      const feedDialog = guest.page.getByRole("dialog", { name: "Your calendar feed" });
      await feedDialog.getByRole("button", { name: "Make my feed URL" }).click();
      const feedUrl = new URL(await feedDialog.getByRole("textbox", { name: "Feed URL" }).inputValue());
      expect(feedUrl.pathname).toMatch(/^\/api\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
      // The edge serves the feed on every host; the test asks the one it can resolve.
      const feed = await fetch(`${SITE}${feedUrl.pathname}`);
      expect(feed.status).toBe(200);
      expect(feed.headers.get("content-type")).toMatch(/^text\/calendar/);
      const summaries = new ICAL.Component(ICAL.parse(await feed.text()))
        .getAllSubcomponents("vevent")
        .map((v) => v.getFirstPropertyValue("summary"));
      expect(summaries).toEqual(expect.arrayContaining([title, busy]));

      await guest.page.keyboard.press("Escape");
      await guest.page.getByRole("button", { name: "Calendar feed" }).click();
      await feedDialog.getByRole("button", { name: "Revoke" }).click();
      await expectToast(guest.page, "Feed revoked");
      expect((await fetch(`${SITE}${feedUrl.pathname}`)).status, "a revoked feed answers nothing").toBe(404);
      expect(guest.errors).toEqual([]);
    } catch (e) {
      await screenshot(guest.page, "events-guest");
      await screenshot(host.page, "events-host");
      throw e;
    } finally {
      await guest.context.close();
      await host.context.close();
    }
  });
});
