/**
 * Sign-in and two-factor screens against the running stack, with the seeded accounts and real
 * TOTP codes: one walk per person, each in one browser.
 */
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEXT } from "#core/constants.ts";
import { SIGN_IN_MESSAGES } from "#core/sign-in.ts";
import { DEMO_PASSWORD, DEMO_TOTP_SECRET, DEMO_USERS } from "#scripts/local-env.ts";
import { launchBrowser, openPage, screenshot } from "#tests/support/browser.ts";
import {
  expectAccessible,
  expectToast,
  fillCredentials,
  signIn,
  storedSession,
  totpCode,
  url,
  waitForPath,
} from "./helpers.ts";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe("sign-in screen", () => {
  it("shows the spec's texts and fields, names missing fields, is accessible; a wrong password shows the service's message inline; staff then lands on /, not on the return path of another origin it was given", async () => {
    const { page, context, errors } = await openPage(browser);
    try {
      await page.goto(url(`/auth?redirectTo=${encodeURIComponent("//evil.example/")}`));
      await page.getByRole("heading", { name: TEXT.signInTitle }).waitFor();
      expect(await page.getByText(TEXT.signInHeading).isVisible()).toBe(true);
      expect(await page.getByText(TEXT.signInSubheading).isVisible()).toBe(true);
      expect(await page.getByLabel("Email").getAttribute("type")).toBe("email");
      expect(await page.getByLabel("Password").getAttribute("type")).toBe("password");
      expect(await page.getByLabel("Email").getAttribute("required")).not.toBeNull();
      await page.getByRole("button", { name: TEXT.signInButton }).click();
      await page.getByText(SIGN_IN_MESSAGES.emailRequired).waitFor();
      await page.getByText(SIGN_IN_MESSAGES.passwordRequired).waitFor();
      await expectAccessible(page, "/auth");
      expect(errors).toEqual([]);

      // The service's refusal, inline, and no move.
      await fillCredentials(page, DEMO_USERS.staff, "not-the-password");
      const alert = page.getByTestId("auth-error");
      await alert.waitFor();
      expect(await alert.textContent()).toBe("Invalid login credentials");
      expect(new URL(page.url()).pathname).toBe("/auth");

      // The right password: staff land on the home page of this site, their session stored.
      await fillCredentials(page, DEMO_USERS.staff, DEMO_PASSWORD);
      await expectToast(page, TEXT.welcomeBack);
      await waitForPath(page, "/");
      expect(new URL(page.url()).host).toBe(new URL(url("/")).host);
      expect(await storedSession(page)).not.toBeNull();
    } catch (e) {
      await screenshot(page, "sign-in-screen");
      throw e;
    } finally {
      await context.close();
    }
  });
});

describe("two-factor screen", () => {
  it("validates the code and rejects a wrong one; Cancel signs out and clears the form, which works again; the guards send an aal1 user back to it; the right code lands an admin on /dashboard with 'Welcome back!' below the top bar", async () => {
    const { page, context } = await openPage(browser);
    try {
      await signIn(page, DEMO_USERS.mfa, DEMO_PASSWORD);
      await page.getByText(TEXT.twoFactorHeading).waitFor();
      expect(await page.getByText(TEXT.twoFactorSubheading).isVisible()).toBe(true);
      const input = page.getByLabel("Authentication code");
      const verify = page.getByRole("button", { name: TEXT.verifyCode });

      await input.pressSequentially("1a2 b3");
      expect(await input.inputValue()).toBe("123");
      expect(await verify.isDisabled()).toBe(true);
      await input.press("Enter");
      await page.getByText(TEXT.shortCode).waitFor();

      await input.fill("98765432");
      expect(await input.inputValue()).toBe("987654");
      expect(await verify.isEnabled()).toBe(true);
      await expectAccessible(page, "two-factor screen");

      // A code from another period is wrong.
      await input.fill(totpCode(DEMO_TOTP_SECRET, 10 * 60_000));
      await verify.click();
      await page.getByText("Invalid TOTP code entered").waitFor();

      // Cancel signs out and clears the form.
      await input.fill("12");
      await input.press("Enter");
      await page.getByText(TEXT.shortCode).waitFor();
      await page.getByRole("button", { name: TEXT.cancel }).click();
      await page.getByRole("heading", { name: TEXT.signInHeading }).waitFor();
      expect(await page.getByLabel("Email").inputValue()).toBe("");
      expect(await page.getByLabel("Password").inputValue()).toBe("");
      expect(await page.getByText(TEXT.shortCode).count()).toBe(0);
      await page.waitForFunction(() => window.localStorage.getItem("ghana-realty-auth") === null);
      // Signed out for real: a protected page sends us to sign-in.
      await page.goto(url("/dashboard"));
      await waitForPath(page, "/auth");

      // The credentials form works again after Cancel.
      await fillCredentials(page, DEMO_USERS.mfa, DEMO_PASSWORD);
      await page.getByText(TEXT.twoFactorHeading).waitFor();

      // A user at aal1 with a verified factor is sent back here by the guards.
      await page.goto(url("/dashboard"));
      await page.getByText(TEXT.twoFactorHeading).waitFor();
      expect(new URL(page.url()).searchParams.get("redirectTo")).toBe("/dashboard");

      // An admin: the authenticator code lands on /dashboard with "Welcome back!".
      await page.getByLabel("Authentication code").fill(totpCode(DEMO_TOTP_SECRET));
      await page.getByRole("button", { name: TEXT.verifyCode }).click();
      await expectToast(page, TEXT.welcomeBack);
      // Held open by the pointer (a toast waits while hovered) while the frame loads around it.
      const welcome = page.locator("[data-sonner-toast]").filter({ hasText: TEXT.welcomeBack }).first();
      await welcome.hover();
      await expectToast(page, TEXT.authenticated);
      await waitForPath(page, "/dashboard");
      await page.getByRole("navigation", { name: "Back-office modules" }).waitFor();
      // The toast sits below the top bar: its search, bell and menu stay uncovered.
      const bar = await page.getByRole("banner").first().boundingBox();
      const toastBox = await welcome.boundingBox();
      expect(bar && toastBox && toastBox.y >= bar.y + bar.height).toBe(true);
    } catch (e) {
      await screenshot(page, "two-factor");
      throw e;
    } finally {
      await context.close();
    }
  });
});
