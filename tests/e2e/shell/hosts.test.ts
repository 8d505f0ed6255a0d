/**
 * Host-dependent routing in the SPA (spec §2): "/" per host kind, and /properties as the protected
 * back-office screen on the CRM host.
 */
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEXT } from "#core/constants.ts";
import { hostUrl, launchBrowser, openPage, screenshot } from "#tests/support/browser.ts";
import { createTestUser, deleteTestUser, type TestUser } from "#tests/support/supabase.ts";
import { fillCredentials, waitForPath } from "./helpers.ts";

let browser: Browser;
let staff: TestUser;
beforeAll(async () => {
  browser = await launchBrowser();
  staff = await createTestUser({ role: "staff" });
});
afterAll(async () => {
  await browser?.close();
  if (staff) await deleteTestUser(staff.id);
});

describe("host-dependent routes", () => {
  it("CRM host: / goes to the dashboard (sign-in first), /properties is the protected back-office screen", async () => {
    const { page, context } = await openPage(browser);
    try {
      await page.goto(hostUrl("crm", "/"));
      await page.getByRole("heading", { name: TEXT.signInHeading }).waitFor();
      expect(new URL(page.url()).searchParams.get("redirectTo")).toBe("/dashboard");

      await page.goto(hostUrl("crm", "/properties"));
      await page.getByRole("heading", { name: TEXT.signInHeading }).waitFor();
      expect(new URL(page.url()).searchParams.get("redirectTo")).toBe("/properties");
      await fillCredentials(page, staff.email, staff.password);
      await waitForPath(page, "/properties");
      await page.getByRole("navigation", { name: "Back-office modules" }).waitFor();
      expect(new URL(page.url()).hostname).toBe("crm.localhost");
    } catch (e) {
      await screenshot(page, "hosts-crm");
      throw e;
    } finally {
      await context.close();
    }
  });

  it("an unknown host is sent to the main site", async () => {
    const { page, context } = await openPage(browser);
    try {
      await page.goto(hostUrl("unknown-brand", "/"));
      await page.waitForURL((u) => u.hostname === new URL(hostUrl(null)).hostname);
    } catch (e) {
      await screenshot(page, "hosts-other");
      throw e;
    } finally {
      await context.close();
    }
  });

  it("the main host's / is the public homepage, without back-office code", async () => {
    const { page, context } = await openPage(browser);
    const scripts: string[] = [];
    page.on("request", (r) => {
      if (r.resourceType() === "script") scripts.push(new URL(r.url()).pathname);
    });
    try {
      await page.goto(hostUrl(null, "/"));
      await page.waitForLoadState("networkidle");
      expect(new URL(page.url()).pathname).toBe("/");
      expect(await page.getByRole("navigation", { name: "Back-office modules" }).count()).toBe(0);
      const backOffice = scripts.filter((p) =>
        /dashboard-layout|settings-page|dashboard-page|team-chat|not-built-page/.test(p),
      );
      expect(backOffice).toEqual([]);
    } catch (e) {
      await screenshot(page, "hosts-main");
      throw e;
    } finally {
      await context.close();
    }
  });
});
