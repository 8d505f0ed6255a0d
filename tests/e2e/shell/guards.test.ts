/**
 * The guards' outcomes in one browser: the sign-in redirect and the return to the requested page
 * after signing in, a module, the no-access page; the not-found page. Which role may open which
 * route (an admin the admin-only ones, nobody without a back-office role a module, even a
 * login-only one) is canAccess and requiredAccess's (core/routes.test.ts); a return path on
 * another origin is safeRedirectPath's (core/sign-in.test.ts), and the sign-in screen's walk
 * (tests/e2e/shell/sign-in.test.ts) lands on the home page when given one.
 */
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEXT } from "#core/constants.ts";
import { launchBrowser, navigateInApp, openPage, screenshot } from "#tests/support/browser.ts";
import { createTestUser, deleteTestUser, type TestUser } from "#tests/support/supabase.ts";
import { expectAccessible, expectToast, fillCredentials, url, waitForPath } from "./helpers.ts";

const ADMIN_ONLY = "/admin/sitemaps";
const STAFF_ONLY = "/property-requests";
const LOGIN_ONLY = "/deals";

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
      await fillCredentials(page, staff.email, staff.password);
      await waitForPath(page, STAFF_ONLY);
      expect(new URL(page.url()).search).toBe("?status=new");
      await expectToast(page, TEXT.welcomeBack);
      expect(await outcomeOn(page)).toBe("module");

      // The sidebar lists the built modules the role may open, nothing more.
      // Further screens open inside the app, as a link would: the guards judge each move too.
      await navigateInApp(page, LOGIN_ONLY);
      await page.getByRole("heading", { name: "Deals" }).waitFor();
      expect(await outcomeOn(page)).toBe("module");
      const nav = page.getByRole("navigation", { name: "Back-office modules" });
      await nav.waitFor();
      expect(await nav.getByRole("link", { name: "Dashboard" }).count()).toBe(1);
      expect(await nav.getByRole("link", { name: "Team Chat" }).count()).toBe(0);
      expect(await nav.getByRole("link", { name: "Sitemaps" }).count()).toBe(0);
      expect(await page.getByText("not built yet").count(), "the deals module has landed").toBe(0);
      await navigateInApp(page, ADMIN_ONLY);
      await page.getByRole("heading", { name: "You don't have access to this page" }).waitFor();
      expect(await outcomeOn(page)).toBe("no-access");
    } catch (e) {
      await screenshot(page, "guards-signed-out-staff");
      throw e;
    } finally {
      await context.close();
    }
  });
});
