/**
 * Guards per role on an admin-only, an admin-or-staff and a login-only route; return-to after
 * sign-in; the not-found page. Which role may open which kind of route is canAccess and
 * requiredAccess's (core/routes.test.ts): here each person's browser meets each outcome the
 * guards give them once — the sign-in redirect, the module, the no-access page.
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
  [users.admin, users.staff, users.none] = await Promise.all([
    createTestUser({ role: "admin" }),
    createTestUser({ role: "staff" }),
    createTestUser({ role: null }),
  ]);
});
afterAll(async () => {
  await browser?.close();
  for (const u of Object.values(users)) if (u) await deleteTestUser(u.id);
});

type Outcome = "module" | "no-access" | "sign-in";

async function outcomeOf(page: Page, path: string): Promise<Outcome> {
  await page.goto(url(path));
  return outcomeOn(page);
}

/** What the page shows, once it shows one of the outcomes. */
async function outcomeOn(page: Page): Promise<Outcome> {
  // The frame (sidebar) renders before the page inside it: wait for the page's own heading.
  const moduleHeading = page.locator("main#content h1");
  const noAccess = page.getByRole("heading", { name: "You don't have access to this page" });
  const signInForm = page.getByRole("heading", { name: TEXT.signInHeading });
  await moduleHeading.or(noAccess).or(signInForm).first().waitFor();
  if (await signInForm.isVisible()) return "sign-in";
  if (await noAccess.isVisible()) return "no-access";
  return "module";
}

describe("guards", () => {
  it("signed-out: the not-found page; a guarded route asks to sign in, and signing in returns to it; staff: a login-only route, the sidebar lists only what the role may open, an admin-only route is refused", async () => {
    const { page, context } = await openPage(browser);
    try {
      // The not-found page: the attempted path, the buttons and the links.
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

      // Signing in from a guard's redirect returns to the requested page, query included.
      expect(await outcomeOf(page, `${STAFF_ONLY}?status=new`)).toBe("sign-in");
      await waitForPath(page, "/auth");
      expect(new URL(page.url()).searchParams.get("redirectTo")).toBe(`${STAFF_ONLY}?status=new`);
      await fillCredentials(page, users.staff.email, users.staff.password);
      await waitForPath(page, STAFF_ONLY);
      expect(new URL(page.url()).search).toBe("?status=new");
      await expectToast(page, TEXT.welcomeBack);
      expect(await outcomeOn(page)).toBe("module");

      // The sidebar lists the built modules the role may open, nothing more.
      expect(await outcomeOf(page, LOGIN_ONLY)).toBe("module");
      const nav = page.getByRole("navigation", { name: "Back-office modules" });
      await nav.waitFor();
      expect(await nav.getByRole("link", { name: "Dashboard" }).count()).toBe(1);
      expect(await nav.getByRole("link", { name: "Team Chat" }).count()).toBe(0);
      expect(await nav.getByRole("link", { name: "Sitemaps" }).count()).toBe(0);
      await page.getByRole("heading", { name: "Deals" }).waitFor();
      expect(await page.getByText("not built yet").count(), "the deals module has landed").toBe(0);
      expect(await outcomeOf(page, ADMIN_ONLY)).toBe("no-access");
    } catch (e) {
      await screenshot(page, "guards-signed-out-staff");
      throw e;
    } finally {
      await context.close();
    }
  });

  it("none: a return path on another origin is ignored; a back-office route does not open without a role, even behind a login-only guard", async () => {
    const { page, context } = await openPage(browser);
    try {
      await signIn(page, users.none.email, users.none.password, "//evil.example/");
      await waitForPath(page, "/");
      expect(new URL(page.url()).host).toBe(new URL(url("/")).host);
      await expectToast(page, TEXT.welcomeBack);
      expect(await outcomeOf(page, LOGIN_ONLY)).toBe("no-access");
    } catch (e) {
      await screenshot(page, "guards-none");
      throw e;
    } finally {
      await context.close();
    }
  });

  it("admin: an admin-only route opens", async () => {
    const { page, context } = await openPage(browser);
    try {
      await signIn(page, users.admin.email, users.admin.password);
      await completeTwoFactor(page, users.admin.email);
      await expectToast(page, TEXT.welcomeBack);
      expect(await outcomeOf(page, ADMIN_ONLY)).toBe("module");
    } catch (e) {
      await screenshot(page, "guards-admin");
      throw e;
    } finally {
      await context.close();
    }
  });
});
