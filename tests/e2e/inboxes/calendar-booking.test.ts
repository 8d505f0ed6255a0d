/**
 * A booking becomes an event in the staff member's calendar: a visitor books a consultation on
 * the consultation host; the staff member who hosts it opens the staff calendar
 * (/booking-management?view=calendar) and finds it on the booked Accra day at the booked Accra
 * time — with their browser in Tokyo (UTC+9), so a time shown in the browser's zone would fail.
 * Own event type (an unused service, this file's host only) so no other file's free times change.
 */
import crypto from "node:crypto";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accraDate, addDays, weekdayOf } from "#core/inbox/availability.ts";
import { hostUrl, launchBrowser, openPage, signedInPage } from "#tests/support/browser.ts";
import { createTestUser, deleteTestUser, uniqueEmail, type TestUser } from "#tests/support/supabase.ts";
import { service } from "./helpers.ts";

const SERVICE = "land-banking";
let browser: Browser;
let host: TestUser;
const tag = crypto.randomUUID().slice(0, 6);
const visitor = { name: `Akua Tetteh ${tag}`, email: uniqueEmail("calendar") };
let typeId = "";

const mondayOf = (date: string) => addDays(date, -((weekdayOf(date) + 6) % 7));

beforeAll(async () => {
  browser = await launchBrowser();
  host = await createTestUser({ role: "staff" });
  await service
    .from("profiles")
    .update({ first_name: "Kwabena", last_name: `Host ${tag}` })
    .eq("user_id", host.id);
  // A crashed earlier run may have left its type active (one active type per service).
  await service.from("booking_event_types").delete().like("slug", "e2e-calendar-%");
  const { data, error } = await service
    .from("booking_event_types")
    .insert({
      slug: `e2e-calendar-${tag}`,
      kind: "consultation",
      service: SERVICE,
      name: `Land banking consultation ${tag}`,
      duration_minutes: 30,
      buffer_before_minutes: 0,
      buffer_after_minutes: 0,
      min_notice_minutes: 60,
      booking_window_days: 14,
      daily_cap: 8,
      slot_interval_minutes: 30,
      confirmation: "auto",
      active: true,
    })
    .select("id")
    .single();
  if (error) throw new Error(error.message);
  typeId = (data as { id: string }).id;
  await service.from("booking_event_type_hosts").insert({ event_type_id: typeId, user_id: host.id });
  await service.from("staff_working_hours").insert(
    Array.from({ length: 7 }, (_, weekday) => ({
      user_id: host.id,
      weekday,
      start_time: "06:00",
      end_time: "21:00",
    })),
  );
});
afterAll(async () => {
  await service.from("consultations").delete().eq("email", visitor.email);
  if (typeId) await service.from("booking_event_types").delete().eq("id", typeId);
  await browser?.close();
  if (host) await deleteTestUser(host.id);
});

describe("a booked consultation in the host's calendar", () => {
  it("shows on the booked Accra day at the booked Accra time", async () => {
    const visit = await openPage(browser);
    let picked: string;
    try {
      await visit.page.goto(hostUrl("consult", `/?service=${SERVICE}`));
      await visit.page.getByRole("heading", { level: 1, name: "Book a consultation" }).waitFor();
      const times = visit.page.getByRole("group", { name: "Time (Accra, GMT)" }).getByRole("radio");
      await times.first().waitFor({ state: "attached" });
      const day = (await visit.page
        .getByRole("group", { name: "Day" })
        .getByRole("radio", { checked: true })
        .getAttribute("value"))!;
      // The last free time of the day: an evening one, a different day in Tokyo.
      const time = (await times.last().getAttribute("value"))!;
      picked = `${day}T${time}`;
      await times.last().check({ force: true });
      await visit.page.getByLabel("Full name").fill(visitor.name);
      await visit.page.getByLabel("Phone or WhatsApp number").fill("+233 27 555 0163");
      await visit.page.getByLabel("Email").fill(visitor.email);
      await visit.page.getByRole("checkbox", { name: /I agree/ }).check();
      await visit.page.getByRole("button", { name: "Book consultation" }).click();
      await visit.page.getByRole("heading", { name: "Your consultation is booked" }).waitFor();
      expect(visit.errors).toEqual([]);
    } finally {
      await visit.context.close();
    }

    const { data } = await service
      .from("consultations")
      .select("id, starts_at, assignee_id, status")
      .eq("email", visitor.email)
      .single();
    const booked = data as { id: string; starts_at: string; assignee_id: string; status: string };
    expect(booked.assignee_id).toBe(host.id);
    expect(booked.status).toBe("confirmed");
    // Accra is UTC+0 all year: the picked wall-clock time is the stored instant.
    expect(new Date(booked.starts_at).toISOString().slice(0, 16)).toBe(picked);
    const day = picked.slice(0, 10);

    const { page, context, errors } = await signedInPage(browser, host, "/booking-management?view=calendar");
    try {
      // The host reads their calendar from Tokyo: times must still be Accra's.
      const cdp = await context.newCDPSession(page);
      await cdp.send("Emulation.setTimezoneOverride", { timezoneId: "Asia/Tokyo" });
      await page.reload();
      expect(await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone)).toBe("Asia/Tokyo");
      const calendar = page.getByTestId("staff-calendar");
      await calendar.waitFor();
      const weeks =
        (Date.parse(mondayOf(day)) - Date.parse(mondayOf(accraDate(new Date())))) / (7 * 86_400_000);
      for (let i = 0; i < weeks; i++) await page.getByRole("button", { name: "Next week" }).click();

      // Monday first: the booked day's column holds the entry, at the booked time.
      const column = calendar.locator("section").nth((weekdayOf(day) + 6) % 7);
      const entry = column.locator(`[data-calendar-entry="${booked.id}"]`);
      await entry.waitFor();
      const text = (await entry.textContent()) ?? "";
      expect(text.startsWith(`${picked.slice(11)} ${visitor.name}`), text).toBe(true);
      expect(text).toContain(`Consultation: Land banking · Kwabena Host ${tag}`);
      expect(await entry.getByText("To confirm").count()).toBe(0);
      // The host's own calendar (the filter) shows it too; the entry opens the consultation.
      await page.getByLabel("Calendar of").selectOption({ label: "Me" });
      await entry.click();
      await page.waitForURL((u) => u.pathname === `/consultations/${booked.id}`);
      await page.getByRole("heading", { level: 1, name: visitor.name }).waitFor();
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
