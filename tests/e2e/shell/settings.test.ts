/**
 * /settings: defaults created on first visit (PGRST116 → insert), an update with its toast,
 * TOTP enrolment and removal (with re-authentication), accessibility.
 */
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_USER_SETTINGS, TEXT } from "#core/constants.ts";
import { launchBrowser, navigateInApp, openPage, screenshot, signedInPage } from "#tests/support/browser.ts";
import { createTestUser, deleteTestUser, serviceClient, type TestUser } from "#tests/support/supabase.ts";
import {
  expectAccessible,
  expectToast,
  fillCredentials,
  signIn,
  totpCode,
  url,
  waitForPath,
} from "./helpers.ts";

let browser: Browser;
const created: TestUser[] = [];
const ENROLMENT_HEADING = "Set up two-factor authentication";

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  for (const u of created) await deleteTestUser(u.id);
});

async function settingsRow(userId: string) {
  const { data, error } = await serviceClient()
    .from("user_settings")
    .select("*")
    .eq("user_id", userId)
    .maybeSingle();
  if (error) throw new Error(error.message);
  return data as Record<string, unknown> | null;
}

describe("settings", () => {
  it("creates the defaults on the first visit, saves an update and the profile names shown in the top bar", async () => {
    const user = await createTestUser({ role: "staff" });
    created.push(user);
    expect(await settingsRow(user.id)).toBeNull();
    const { page, context, errors } = await signedInPage(browser, user, "/settings");
    try {
      await page.getByRole("heading", { name: "Settings", exact: true }).waitFor();
      await page.getByLabel("Currency").waitFor();

      const row = await settingsRow(user.id);
      expect(row).not.toBeNull();
      for (const [k, v] of Object.entries(DEFAULT_USER_SETTINGS)) expect(row![k], k).toBe(v);
      expect(await page.getByLabel("Currency").inputValue()).toBe("GHS");
      expect(await page.getByLabel("Time zone").inputValue()).toBe("Africa/Accra");
      expect(
        await page.getByRole("switch", { name: "Marketing and newsletters" }).getAttribute("aria-checked"),
      ).toBe("false");

      await expectAccessible(page, "/settings");

      await page.getByLabel("Currency").selectOption("USD");
      await page.getByLabel("Time format").selectOption("12h");
      await page.getByLabel("Date format").selectOption("yyyy-mm-dd");
      await page.getByRole("switch", { name: "Marketing and newsletters" }).click();
      // Team chat is for admins: a staff member is not offered its notifications.
      expect(await page.getByText("Team chat messages").count()).toBe(0);
      await page.getByRole("button", { name: "Save settings" }).click();
      await expectToast(page, TEXT.settingsUpdated);

      const saved = await settingsRow(user.id);
      expect(saved).toMatchObject({
        currency: "USD",
        time_format: "12h",
        date_format: "yyyy-mm-dd",
        email_marketing: true,
      });
      expect(await page.getByTestId("format-preview").textContent()).toMatch(
        /USD 1,250\.00 · \d{4}-\d{2}-\d{2} \d{1,2}:\d{2} (AM|PM)/,
      );

      // Reload: the stored values come back.
      await page.reload();
      // The form fills in with the stored values once they arrive.
      await expect.poll(() => page.getByLabel("Currency").inputValue()).toBe("USD");
      // The browser logs the expected 406 of the first lookup (PGRST116) as a failed resource.
      expect(errors.filter((e) => !e.startsWith("Failed to load resource"))).toEqual([]);

      // The profile's names: saved, and shown in the top bar.
      await page.getByLabel("First name").fill("Ama");
      await page.getByLabel("Last name").fill("Mensah");
      await page.getByRole("button", { name: "Save profile" }).click();
      await expectToast(page, "Profile updated");
      await page.getByTestId("user-name").filter({ hasText: "Ama Mensah" }).waitFor();
    } catch (e) {
      await screenshot(page, "settings-defaults");
      throw e;
    } finally {
      await context.close();
    }
  });

  it("an admin without a factor is taken to enrolment, enrols, and removes it after re-authentication", async () => {
    // The organisation requires two-factor for admins: this one has not enrolled yet.
    const user = await createTestUser({ role: "admin", twoFactor: false });
    created.push(user);
    const { page, context } = await openPage(browser);
    try {
      await signIn(page, user.email, user.password);
      await waitForPath(page, "/settings");
      await page.getByRole("heading", { name: ENROLMENT_HEADING }).waitFor();
      // No module until enrolled: the guard brings them back.
      await navigateInApp(page, "/dashboard");
      await waitForPath(page, "/settings");
      await page.getByRole("heading", { name: ENROLMENT_HEADING }).waitFor();
      await page.getByRole("button", { name: "Set up an authenticator app" }).click();
      const secretEl = page.getByTestId("totp-secret");
      await secretEl.waitFor();
      const secret = (await secretEl.textContent())!.trim();
      expect(secret).toMatch(/^[A-Z2-7]+=*$/);
      expect(
        await page.getByRole("img", { name: "QR code for your authenticator app" }).getAttribute("src"),
      ).toMatch(/^data:image\/svg\+xml/);

      await page.getByLabel("Code from the app").fill(totpCode(secret));
      await page.getByRole("button", { name: "Confirm and turn on" }).click();
      await expectToast(page, "Two-factor authentication is on");
      // Enrolled: the whole of Settings, and the back-office opens.
      await page.getByRole("heading", { name: "Settings", exact: true }).waitFor();
      const row = page.getByTestId("factor-row");
      await row.filter({ hasText: "Verified" }).waitFor();

      // Next sign-in needs the code: another browser lands on the two-factor screen.
      const other = await openPage(browser);
      try {
        await signIn(other.page, user.email, user.password);
        await other.page.getByText(TEXT.twoFactorHeading).waitFor();

        await row.getByRole("button", { name: /Remove/ }).click();
        const dialog = page.getByRole("dialog");
        await dialog.getByText("Remove this authenticator?").waitFor();
        const remove = dialog.getByRole("button", { name: "Remove authenticator" });
        expect(await remove.isDisabled()).toBe(true);
        await dialog.getByLabel("Current code").fill(totpCode(secret, 10 * 60_000));
        await remove.click();
        await dialog.getByText("Invalid TOTP code entered").waitFor();
        // The enrolment spent this step's code (a code is accepted only once): the next step's.
        await dialog.getByLabel("Current code").fill(totpCode(secret, 30_000));
        await remove.click();
        await expectToast(page, "Authenticator removed");
        await page.getByRole("button", { name: "Set up an authenticator app" }).waitFor();
        expect(await page.getByTestId("factor-row").count()).toBe(0);

        // Without a factor the policy applies again: a fresh sign-in in the other browser (after
        // Cancel on its code screen) asks for no code and goes to enrolment, and so does this session.
        await other.page.getByRole("button", { name: TEXT.cancel }).click();
        await fillCredentials(other.page, user.email, user.password);
        await expectToast(other.page, TEXT.welcomeBack);
        await waitForPath(other.page, "/settings");
        await other.page.getByRole("heading", { name: ENROLMENT_HEADING }).waitFor();
      } finally {
        await other.context.close();
      }
      await page.goto(url("/dashboard"));
      await waitForPath(page, "/settings");
    } catch (e) {
      await screenshot(page, "settings-2fa");
      throw e;
    } finally {
      await context.close();
    }
  });
});
