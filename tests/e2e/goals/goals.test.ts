/**
 * Goals end to end: an admin sets a staff member's "deals won" goal for this
 * month through the form; the staff member's deal is won (the data, not a typed number), and the
 * staff member sees the progress and its chart. Staff set goals only for themselves (the form
 * offers "Me"; the one they add appears), and do not see a colleague's goal (the denied case).
 */
import crypto from "node:crypto";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accraToday, periodStart } from "#core/goals/goal-schema.ts";
import { launchBrowser, screenshot, signedInPage } from "#tests/support/browser.ts";
import { createTestUser, deleteTestUser, type TestUser } from "#tests/support/supabase.ts";
import { service, toast } from "../properties-admin/helpers.ts";

let browser: Browser;
let admin: TestUser;
let staff: TestUser;
let colleague: TestUser;
const tag = crypto.randomUUID().slice(0, 6);
const month = periodStart("month", accraToday());

beforeAll(async () => {
  browser = await launchBrowser();
  [admin, staff, colleague] = await Promise.all([
    createTestUser({ role: "admin" }),
    createTestUser({ role: "staff" }),
    createTestUser({ role: "staff" }),
  ]);
});
afterAll(async () => {
  await service.from("deals").delete().like("title", `%${tag}`);
  await browser?.close();
  // Goals go with their users (on delete cascade).
  for (const u of [admin, staff, colleague]) if (u) await deleteTestUser(u.id);
});

describe("goals", () => {
  it("an admin sets a staff member's goal; progress comes from a won deal; staff see only theirs", async () => {
    const a = await signedInPage(browser, admin, "/goals");
    try {
      await a.page.getByRole("button", { name: "New goal" }).click();
      const form = a.page.getByRole("form", { name: "New goal" });
      await form.getByRole("combobox", { name: "What to count" }).selectOption("deals_won");
      await form.getByRole("textbox", { name: "Target" }).fill("2");
      await form.getByRole("combobox", { name: "Whose goal" }).selectOption(staff.id);
      await form.getByRole("button", { name: "Add goal" }).click();
      await toast(a.page, "Goal added").waitFor();
      const goals = (
        await service
          .from("goals")
          .select("metric, target, period_start, user_id, owner_id")
          .eq("user_id", staff.id)
      ).data as Record<string, unknown>[];
      expect(goals.map((g) => ({ ...g, target: Number(g.target) }))).toEqual([
        { metric: "deals_won", target: 2, period_start: month, user_id: staff.id, owner_id: admin.id },
      ]);
      expect(a.errors).toEqual([]);
    } catch (e) {
      await screenshot(a.page, `goals-admin-${tag}`);
      throw e;
    } finally {
      await a.page.context().close();
    }

    // The data: one of the staff member's deals is won today; a colleague has a goal of their own.
    const deal = (
      await service
        .from("deals")
        .insert({
          title: `Goal deal ${tag}`,
          pipeline_id: "00000000-0000-4000-d100-000000000001",
          stage_id: "00000000-0000-4000-d200-000000000101",
          value: 600000,
          currency: "GHS",
          owner_id: staff.id,
        })
        .select("id")
        .single()
    ).data as { id: string };
    await service
      .from("deals")
      .update({ stage_id: "00000000-0000-4000-d200-000000000106" })
      .eq("id", deal.id);
    await service.from("goals").insert({
      metric: "viewings_held",
      target: 9,
      period_type: "month",
      period_start: month,
      user_id: colleague.id,
      owner_id: colleague.id,
      notes: `colleague ${tag}`,
    });

    const s = await signedInPage(browser, staff, "/goals");
    try {
      // Cards of this staff member (the demo data has team goals too).
      const mine = s.page.getByTestId("goal-card").filter({ hasText: staff.email });
      const card = mine.filter({ hasText: "Deals won" });
      await card.getByTestId("goal-progress").filter({ hasText: "1 of 2 (50 %)" }).waitFor();
      await card.getByTestId("goal-chart").waitFor();
      expect(
        await s.page.getByTestId("goal-card").filter({ hasText: colleague.email }).count(),
        "a colleague's goal stays hidden",
      ).toBe(0);

      // Staff set goals for themselves only.
      await s.page.getByRole("button", { name: "New goal" }).click();
      const form = s.page.getByRole("form", { name: "New goal" });
      // The form's code loads when it is opened.
      await form.getByRole("combobox", { name: "Whose goal" }).waitFor();
      expect(
        await form.getByRole("combobox", { name: "Whose goal" }).locator("option").allTextContents(),
      ).toEqual(["Me"]);
      await form.getByRole("combobox", { name: "What to count" }).selectOption("leads_contacted");
      await form.getByRole("textbox", { name: "Target" }).fill("1.5");
      await form.getByRole("button", { name: "Add goal" }).click();
      await form.getByText("Count targets are whole numbers").waitFor();
      await form.getByRole("textbox", { name: "Target" }).fill("25");
      await form.getByRole("button", { name: "Add goal" }).click();
      await toast(s.page, "Goal added").waitFor();
      await mine
        .filter({ hasText: "Leads contacted" })
        .getByTestId("goal-progress")
        .filter({ hasText: "0 of 25" })
        .waitFor();
      expect(s.errors).toEqual([]);
    } catch (e) {
      await screenshot(s.page, `goals-staff-${tag}`);
      throw e;
    } finally {
      await s.page.context().close();
    }
  });
});
