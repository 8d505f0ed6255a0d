/**
 * Events with business contacts (issue 12 item 6) in Chromium: a staff member creates a viewing
 * about a contact and invites that contact (picked by search under their RLS — a colleague's
 * contact is not offered) besides themselves; the sheet lists the contact as an attendee, the
 * organiser records the contact's answer, the .ics download has the contact as ATTENDEE (with
 * their e-mail and answer), and the invitation is on the contact's timeline. The database
 * refuses inviting a contact the caller may not read. Random day most of a year ahead.
 */
import crypto from "node:crypto";
import ICAL from "ical.js";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  launchBrowser,
  openPage,
  screenshot,
  signInOnPage,
  downloadedBytes,
} from "#tests/support/browser.ts";
import {
  createTestUser,
  deleteTestUser,
  serviceClient,
  signedInClient,
  type TestUser,
} from "#tests/support/supabase.ts";
import { expectToast } from "../shell/helpers.ts";

let browser: Browser;
let staff: TestUser;
let colleague: TestUser;
const service = serviceClient();
const tag = crypto.randomUUID().slice(0, 6);
const day = new Date(Date.now() + (200 + crypto.randomInt(180)) * 86_400_000).toISOString().slice(0, 10);
const title = `Viewing with Mrs Asante ${tag}`;
const client = { name: `Adwoa Asante ${tag}`, email: `adwoa.asante.${tag}@example.com` };
const ids = { contact: "", hidden: "", property: "" };

beforeAll(async () => {
  browser = await launchBrowser();
  [staff, colleague] = await Promise.all([
    createTestUser({ role: "staff" }),
    createTestUser({ role: "staff" }),
  ]);
  const c = await service
    .from("contacts")
    .insert({
      first_name: "Adwoa",
      last_name: `Asante ${tag}`,
      email: client.email,
      stage: "prospect",
      owner_id: staff.id,
    })
    .select("id")
    .single();
  ids.contact = (c.data as { id: string }).id;
  const h = await service
    .from("contacts")
    .insert({ first_name: "Adwoa", last_name: `Hidden ${tag}`, stage: "prospect", owner_id: colleague.id })
    .select("id")
    .single();
  ids.hidden = (h.data as { id: string }).id;
});
afterAll(async () => {
  await service.from("events").delete().like("title", `%${tag}`);
  await service.from("contact_activities").delete().in("contact_id", [ids.contact, ids.hidden]);
  await service.from("contacts").delete().in("id", [ids.contact, ids.hidden]);
  await browser?.close();
  for (const u of [staff, colleague]) if (u) await deleteTestUser(u.id);
});

describe("an event with a business contact", () => {
  it("invites the contact, records their answer, and puts them in the .ics", async () => {
    const { page, context, errors } = await openPage(browser);
    try {
      await signInOnPage(page, staff, `/events?view=week&date=${day}`, { host: null });
      await page.getByRole("list", { name: "Company calendar" }).waitFor();
      await page.getByRole("button", { name: "New event" }).click();
      const form = page.getByRole("form", { name: "New event" });
      await form.waitFor();
      await form.getByRole("textbox", { name: "Title", exact: true }).fill(title);
      await form.getByRole("combobox", { name: "Contact", exact: true }).fill(tag);
      await page.getByRole("option", { name: new RegExp(client.name) }).click();
      const invite = form.getByRole("combobox", { name: "Contact attendees" });
      await invite.fill(tag);
      await page.getByRole("option", { name: new RegExp(client.name) }).waitFor();
      // The tag matches both contacts; only the staff member's own is offered.
      expect(await page.getByRole("option", { name: new RegExp(`Adwoa Hidden ${tag}`) }).count()).toBe(0);
      await page.getByRole("option", { name: new RegExp(client.name) }).click();
      await form.getByRole("list", { name: "Invited contacts" }).getByText(client.name).waitFor();
      await form.getByRole("button", { name: "Create event" }).click();
      await expectToast(page, "Event created");

      const saved = (
        await service
          .from("events")
          .select("id, contact_id, event_attendees(user_id, contact_id, response)")
          .eq("title", title)
          .single()
      ).data as {
        id: string;
        contact_id: string;
        event_attendees: Array<{ user_id: string | null; contact_id: string | null; response: string }>;
      };
      expect(saved.contact_id).toBe(ids.contact);
      expect(saved.event_attendees).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ user_id: staff.id }),
          { user_id: null, contact_id: ids.contact, response: "pending" },
        ]),
      );
      const timeline = (
        await service.from("contact_activities").select("kind, record_id").eq("contact_id", ids.contact)
      ).data;
      expect(timeline).toContainEqual({ kind: "event", record_id: saved.id });

      // The sheet: the contact among the attendees; the organiser records their answer.
      const sheet = page.getByRole("dialog", { name: title });
      const attendees = sheet.getByRole("region", { name: "Attendees" });
      await attendees.getByRole("link", { name: client.name }).waitFor();
      await attendees
        .getByRole("combobox", { name: `Answer of ${client.name}` })
        .selectOption({ label: "Going" });
      await expect
        .poll(
          async () =>
            (
              await service
                .from("event_attendees")
                .select("response")
                .eq("event_id", saved.id)
                .eq("contact_id", ids.contact)
                .single()
            ).data?.response,
        )
        .toBe("accepted");

      const [download] = await Promise.all([
        page.waitForEvent("download"),
        sheet.getByRole("button", { name: "Download .ics" }).click(),
      ]);
      const ics = (await downloadedBytes(download)).toString("utf8");
      const vevent = new ICAL.Component(ICAL.parse(ics)).getFirstSubcomponent("vevent")!;
      const guest = vevent
        .getAllProperties("attendee")
        .find((p) => String(p.getFirstValue()).toLowerCase() === `mailto:${client.email}`);
      expect(guest, ics).toBeDefined();
      expect(guest!.getParameter("cn")).toBe(client.name);
      expect(guest!.getParameter("partstat")).toBe("ACCEPTED");

      // The database refuses a contact the caller may not read (past the picker).
      const api = await signedInClient(staff.email, staff.password);
      const refused = await api
        .from("event_attendees")
        .insert({ event_id: saved.id, contact_id: ids.hidden });
      expect(refused.error?.message).toBe("Choose a contact you can see.");
      expect(errors).toEqual([]);
    } catch (e) {
      await screenshot(page, "event-contacts");
      throw e;
    } finally {
      await context.close();
    }
  });
});
