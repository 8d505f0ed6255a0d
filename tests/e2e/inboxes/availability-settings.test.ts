/**
 * Issue 13 item 2, the staff side of real availability on /booking-management?view=availability:
 * a staff member sets their weekly hours and a day off (stored for them alone; the event types
 * are read-only to them), and an admin tunes an event type's rules and its hosts.
 */
import crypto from "node:crypto";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, signedInPage } from "#tests/support/browser.ts";
import { createTestUser, deleteTestUser, type TestUser } from "#tests/support/supabase.ts";
import { service, toast } from "./helpers.ts";

let browser: Browser;
let staff: TestUser;
let admin: TestUser;
const tag = crypto.randomUUID().slice(0, 6);
const typeName = `E2E site visit ${tag}`;
let typeId = "";

beforeAll(async () => {
  browser = await launchBrowser();
  [staff, admin] = await Promise.all([createTestUser({ role: "staff" }), createTestUser({ role: "admin" })]);
  await service
    .from("profiles")
    .update({ first_name: "Kojo", last_name: `Host ${tag}` })
    .eq("user_id", staff.id);
  // Inactive: visitors never see it, so no other file's free times change.
  const { data } = await service
    .from("booking_event_types")
    .insert({ slug: `e2e-site-visit-${tag}`, kind: "viewing", name: typeName, active: false })
    .select("id")
    .single();
  typeId = (data as { id: string }).id;
});
afterAll(async () => {
  if (typeId) await service.from("booking_event_types").delete().eq("id", typeId);
  await browser?.close();
  await Promise.all([staff, admin].filter(Boolean).map((u) => deleteTestUser(u.id)));
});

describe("availability settings", () => {
  it("a staff member sets their working hours and time off", async () => {
    const { page, context, errors } = await signedInPage(
      browser,
      staff,
      "/booking-management?view=availability",
    );
    try {
      const hours = page.getByRole("form", { name: "Weekly working hours" });
      await hours.waitFor();
      await hours.getByRole("button", { name: "Add hours on Monday" }).click();
      await hours.getByLabel("Monday until").fill("12:30");
      await hours.getByRole("button", { name: "Add hours on Saturday" }).click();
      await hours.getByLabel("Saturday from").fill("10:00");
      await hours.getByLabel("Saturday until").fill("09:00");
      await hours.getByRole("button", { name: "Save hours" }).click();
      await hours
        .getByRole("alert")
        .getByText("Saturday: the end must be after the start (HH:MM).")
        .waitFor();
      await hours.getByLabel("Saturday until").fill("13:00");
      await hours.getByRole("button", { name: "Save hours" }).click();
      await toast(page, "Working hours saved").waitFor();
      const stored = (
        await service
          .from("staff_working_hours")
          .select("weekday, start_time, end_time")
          .eq("user_id", staff.id)
          .order("weekday")
      ).data;
      expect(stored).toEqual([
        { weekday: 1, start_time: "09:00:00", end_time: "12:30:00" },
        { weekday: 6, start_time: "10:00:00", end_time: "13:00:00" },
      ]);

      const off = page.getByRole("form", { name: "Add time off" });
      await off.getByLabel("From").fill("2027-01-11T08:00");
      await off.getByLabel("Until").fill("2027-01-15T18:00");
      await off.getByLabel("Reason (optional)").fill("Family visit to Ho");
      await off.getByRole("button", { name: "Add time off" }).click();
      await toast(page, "Time off saved").waitFor();
      await page
        .getByRole("list", { name: "Upcoming time off" })
        .getByText(/Family visit to Ho/)
        .waitFor();
      expect((await service.from("staff_time_off").select("reason").eq("user_id", staff.id)).data).toEqual([
        { reason: "Family visit to Ho" },
      ]);

      // Event types are the admins' to change.
      const type = page.getByRole("form", { name: typeName });
      expect(await type.getByLabel("Buffer after").isDisabled()).toBe(true);
      expect(await type.getByRole("button", { name: /^Save / }).count()).toBe(0);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it("an admin changes an event type's rules and hosts", async () => {
    const { page, context, errors } = await signedInPage(
      browser,
      admin,
      "/booking-management?view=availability",
    );
    try {
      const type = page.getByRole("form", { name: typeName });
      await type.waitFor();
      await type.getByLabel("Buffer after").fill("20");
      await type.getByLabel("Minimum notice (min)").fill("180");
      await type.getByLabel("Confirmation").selectOption("auto");
      await type.getByRole("button", { name: `Save ${typeName.toLowerCase()}` }).click();
      await toast(page, `${typeName} saved`).waitFor();
      await page
        .getByRole("form", { name: typeName })
        .getByRole("checkbox", { name: `Kojo Host ${tag}` })
        .click();
      await expect
        .poll(
          async () =>
            (await service.from("booking_event_type_hosts").select("user_id").eq("event_type_id", typeId))
              .data,
        )
        .toEqual([{ user_id: staff.id }]);
      const stored = (
        await service
          .from("booking_event_types")
          .select("buffer_after_minutes, min_notice_minutes, confirmation")
          .eq("id", typeId)
          .single()
      ).data;
      expect(stored).toEqual({ buffer_after_minutes: 20, min_notice_minutes: 180, confirmation: "auto" });
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
