/**
 * Guards per role on an admin-only, an admin-or-staff and a login-only route;
 * return-to after sign-in; the not-found page.
 */
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEXT } from "#core/constants.ts";
import { launchBrowser, openPage, screenshot } from "#tests/support/browser.ts";
import { createTestUser, deleteTestUser, type TestUser } from "#tests/support/supabase.ts";
import {
  completeTwoFactor,
  expectAccessible,
  expectToast,
  fillCredentials,
  signIn,
  url,
  waitForPath,
} from "./helpers.ts";

const ADMIN_ONLY = "/admin/sitemaps";
const STAFF_ONLY = "/property-requests";
const LOGIN_ONLY = "/deals";

let browser: Browser;
const users: Record<"admin" | "staff" | "none", TestUser> = {} as never;

beforeAll(async () => {
  browser = await launchBrowser();
  users.admin = await createTestUser({ role: "admin" });
  users.staff = await createTestUser({ role: "staff" });
  users.none = await createTestUser({ role: null });
});
afterAll(async () => {
  await browser?.close();
  for (const u of Object.values(users)) if (u) await deleteTestUser(u.id);
});

type Outcome = "module" | "no-access" | "sign-in";

async function outcomeOf(page: Page, path: string): Promise<Outcome> {
  await page.goto(url(path));
  // The frame (sidebar) renders before the page inside it: wait for the page's own heading.
  const moduleHeading = page.locator("main#content h1");
  const noAccess = page.getByRole("heading", { name: "You don't have access to this page" });
  const signInForm = page.getByRole("heading", { name: TEXT.signInHeading });
  await moduleHeading.or(noAccess).or(signInForm).first().waitFor();
  if (await signInForm.isVisible()) return "sign-in";
  if (await noAccess.isVisible()) return "no-access";
  return "module";
}

const EXPECTED: Record<"signed-out" | "none" | "staff" | "admin", Record<string, Outcome>> = {
  "signed-out": { [LOGIN_ONLY]: "sign-in", [STAFF_ONLY]: "sign-in", [ADMIN_ONLY]: "sign-in" },
  // No back-office data without a back-office role, even behind a login-only guard.
  none: { [LOGIN_ONLY]: "no-access", [STAFF_ONLY]: "no-access", [ADMIN_ONLY]: "no-access" },
  staff: { [LOGIN_ONLY]: "module", [STAFF_ONLY]: "module", [ADMIN_ONLY]: "no-access" },
  admin: { [LOGIN_ONLY]: "module", [STAFF_ONLY]: "module", [ADMIN_ONLY]: "module" },
};

/** The outcome of each guarded route for `actor`, as EXPECTED says. */
async function expectOutcomes(page: Page, actor: keyof typeof EXPECTED): Promise<void> {
  const got: Record<string, Outcome> = {};
  for (const path of Object.keys(EXPECTED[actor])) got[path] = await outcomeOf(page, path);
  expect(got, actor).toEqual(EXPECTED[actor]);
}

describe("guards", () => {
  it("signed-out: every guarded route asks to sign in; signing in returns to the requested page; staff: login-only and admin-or-staff routes, and the sidebar lists only what the role may open", async () => {
    const { page, context } = await openPage(browser);
    try {
      await expectOutcomes(page, "signed-out");
      expect(new URL(page.url()).searchParams.get("redirectTo")).toBe(ADMIN_ONLY);

      // Signing in from a guard's redirect returns to the requested page, query included.
      await page.goto(url(`${STAFF_ONLY}?status=new`));
      await waitForPath(page, "/auth");
      expect(new URL(page.url()).searchParams.get("redirectTo")).toBe(`${STAFF_ONLY}?status=new`);
      await fillCredentials(page, users.staff.email, users.staff.password);
      await waitForPath(page, STAFF_ONLY);
      expect(new URL(page.url()).search).toBe("?status=new");
      await expectToast(page, TEXT.welcomeBack);

      await expectOutcomes(page, "staff");
      // The sidebar lists the built modules the role may open, nothing more.
      await page.goto(url(LOGIN_ONLY));
      const nav = page.getByRole("navigation", { name: "Back-office modules" });
      await nav.waitFor();
      expect(await nav.getByRole("link", { name: "Dashboard" }).count()).toBe(1);
      expect(await nav.getByRole("link", { name: "Team Chat" }).count()).toBe(0);
      expect(await nav.getByRole("link", { name: "Sitemaps" }).count()).toBe(0);
      await page.getByRole("heading", { name: "Deals" }).waitFor();
      expect(await page.getByText("not built yet").count(), "the deals module has landed").toBe(0);
    } catch (e) {
      await screenshot(page, "guards-signed-out-staff");
      throw e;
    } finally {
      await context.close();
    }
  });

  it("none: a return path on another origin is ignored; no back-office route opens without a role", async () => {
    const { page, context } = await openPage(browser);
    try {
      await signIn(page, users.none.email, users.none.password, "//evil.example/");
      await waitForPath(page, "/");
      expect(new URL(page.url()).host).toBe(new URL(url("/")).host);
      await expectToast(page, TEXT.welcomeBack);
      await expectOutcomes(page, "none");
    } catch (e) {
      await screenshot(page, "guards-none");
      throw e;
    } finally {
      await context.close();
    }
  });

  it("admin: login-only, admin-or-staff and admin-only routes", async () => {
    const { page, context } = await openPage(browser);
    try {
      await signIn(page, users.admin.email, users.admin.password);
      await completeTwoFactor(page, users.admin.email);
      await expectToast(page, TEXT.welcomeBack);
      await expectOutcomes(page, "admin");
    } catch (e) {
      await screenshot(page, "guards-admin");
      throw e;
    } finally {
      await context.close();
    }
  });
});

describe("not-found page", () => {
  it("shows the attempted path, the buttons and the links", async () => {
    const { page, context } = await openPage(browser);
    try {
      await page.goto(url("/no-such-page/here?x=1"));
      await page.getByRole("heading", { name: TEXT.notFoundTitle }).waitFor();
      expect(await page.getByTestId("attempted-path").textContent()).toBe("/no-such-page/here?x=1");
      for (const name of ["Go Home", "Go Back", "Browse Properties"]) {
        expect(await page.getByRole("main").getByText(name, { exact: true }).count(), name).toBeGreaterThan(
          0,
        );
      }
      const links = page.getByRole("navigation", { name: "Helpful links" });
      for (const name of ["About Us", "Services", "Contact", "Book Consultation"]) {
        expect(await links.getByRole("link", { name }).count(), name).toBe(1);
      }
      await expectAccessible(page, "not-found page");
      await page.getByRole("link", { name: "Browse Properties" }).click();
      await waitForPath(page, "/properties");
    } catch (e) {
      await screenshot(page, "not-found");
      throw e;
    } finally {
      await context.close();
    }
  });
});
