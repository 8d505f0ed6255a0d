/**
 * The back-office frame of the platform in Chromium: grouped and
 * collapsible navigation showing only what the role may open, the command palette (Ctrl-K),
 * the notification bell, the dashboard's slots per role, and Settings → Organisation switching
 * a module's record-level access (and RLS following it).
 */
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, navigateInApp, openPage, screenshot, signInOnPage } from "#tests/support/browser.ts";
import { createTestUser, deleteTestUser, serviceClient, type TestUser } from "#tests/support/supabase.ts";
import { expectAccessible, expectToast, openPalette, waitForPath } from "../shell/helpers.ts";

let browser: Browser;
let admin: TestUser;
let staff: TestUser;
const service = serviceClient();

beforeAll(async () => {
  browser = await launchBrowser();
  [admin, staff] = await Promise.all([createTestUser({ role: "admin" }), createTestUser({ role: "staff" })]);
});
afterAll(async () => {
  await browser?.close();
  await service.from("module_access").update({ mode: "own" }).eq("module", "expenses");
  for (const u of [admin, staff]) if (u) await deleteTestUser(u.id);
});

describe("back-office frame", () => {
  it("groups the navigation, collapses a group and remembers it, and hides admin modules and the Organisation section from staff", async () => {
    const { page, context, errors } = await openPage(browser);
    try {
      await signInOnPage(page, staff, "/dashboard", { host: null });
      const nav = page.getByRole("navigation", { name: "Back-office modules" });
      await nav.getByRole("link", { name: "Dashboard" }).waitFor();
      expect(await nav.getByRole("link", { name: "Team Chat" }).count(), "team chat is admin-only").toBe(0);
      const group = nav.getByRole("button", { name: "Overview" });
      expect(await group.getAttribute("aria-expanded")).toBe("true");
      await group.click();
      expect(await group.getAttribute("aria-expanded")).toBe("false");
      expect(await nav.getByRole("link", { name: "Dashboard" }).isVisible()).toBe(false);
      await page.reload();
      await nav.getByRole("button", { name: "Overview" }).waitFor();
      expect(
        await nav.getByRole("button", { name: "Overview" }).getAttribute("aria-expanded"),
        "remembered after a reload",
      ).toBe("false");
      await page.getByRole("heading", { name: /Welcome/ }).waitFor();
      // Staff see their own slots, filled by the modules that own them.
      await page.locator('[data-slot-id="my-viewings"]').waitFor();
      expect(await page.getByText(/^Arrives with /).count(), "every slot's module has landed").toBe(0);
      expect(
        await page.locator('[data-slot-id="pipeline"]').count(),
        "admin figures are not shown to staff",
      ).toBe(0);
      await expectAccessible(page, "dashboard (staff)");
      expect(errors).toEqual([]);

      // Settings without the Organisation section.
      await navigateInApp(page, "/settings");
      await page.getByRole("heading", { name: "Settings" }).waitFor();
      await page.getByRole("heading", { name: "Password" }).waitFor();
      expect(await page.getByText("Organisation: who sees which records").count()).toBe(0);
    } catch (e) {
      await screenshot(page, "platform-nav");
      throw e;
    } finally {
      await context.close();
    }
  });

  it("the command palette (Ctrl-K) jumps to a screen by keyboard; Settings → Organisation switches a module to company-wide and back", async () => {
    const { page, context } = await openPage(browser);
    try {
      await signInOnPage(page, admin, "/dashboard", { host: null });
      await page.getByRole("heading", { name: /Welcome/ }).waitFor();
      const input = await openPalette(page);
      await input.fill("team");
      await page.getByRole("option", { name: /Team Chat/ }).waitFor();
      await page.keyboard.press("Enter");
      await waitForPath(page, "/admin/team");
      // A screen opened inside the app names itself in the tab, as the edge names a full load.
      await page.waitForFunction(() => document.title === "Team Chat | Ghana Realty");
      // Admin slots: the online widget is live; the pipeline shows the open deals' value by stage.
      await navigateInApp(page, "/dashboard");
      await page.locator('[data-slot-id="team-online"]').waitFor();
      await page
        .locator('[data-slot-id="pipeline"]')
        .getByRole("list", { name: "Pipeline value by stage" })
        .waitFor();

      await navigateInApp(page, "/settings");
      const mode = page.getByRole("combobox", { name: /Expense entries/ });
      await mode.waitFor();
      expect(await mode.inputValue()).toBe("own");
      await mode.selectOption("all");
      await expectToast(page, "Every staff member now sees all records of this module");
      const row = await service.from("module_access").select("mode").eq("module", "expenses").single();
      expect(row.data?.mode, "stored in the database").toBe("all");
      await mode.selectOption("own");
      await expectToast(page, "Staff now see only their own and assigned records");
    } catch (e) {
      await screenshot(page, "platform-palette-organisation");
      throw e;
    } finally {
      await context.close();
    }
  });
});
