/** Shared steps of the shell's end-to-end suites. */
import AxeBuilder from "@axe-core/playwright";
import * as OTPAuth from "otpauth";
import type { Locator, Page } from "playwright-core";
import { expect } from "vitest";
import { TEXT } from "#core/constants.ts";
import { SITE } from "#tests/support/browser.ts";
import { totpSecretOf } from "#tests/support/supabase.ts";
import { freshTotpCode } from "#tests/support/totp.ts";

export const url = (path: string) => new URL(path, SITE).toString();

export function totpCode(secret: string, offsetMs = 0): string {
  return new OTPAuth.TOTP({
    secret: OTPAuth.Secret.fromBase32(secret),
    digits: 6,
    period: 30,
    algorithm: "SHA1",
  }).generate({
    timestamp: Date.now() + offsetMs,
  });
}

/**
 * Waits until the page's pathname equals `path` (client-side navigation included), as long as the
 * page's other waits: a sign-in's redirect took over 15 s on a busy machine.
 */
export async function waitForPath(page: Page, path: string): Promise<void> {
  await page.waitForFunction((p) => window.location.pathname === p, path);
}

export async function fillCredentials(page: Page, email: string, password: string): Promise<void> {
  await page.getByRole("heading", { name: TEXT.signInHeading }).waitFor();
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: TEXT.signInButton }).click();
}

/** Opens /auth (optionally with a return path) and signs in with email and password. */
export async function signIn(
  page: Page,
  email: string,
  password: string,
  redirectTo?: string,
): Promise<void> {
  await page.goto(url(redirectTo ? `/auth?redirectTo=${encodeURIComponent(redirectTo)}` : "/auth"));
  await fillCredentials(page, email, password);
}

/**
 * The sign-in screen's second step for a user with a verified factor this process knows (an
 * admin: the organisation requires two-factor for admins): enters a fresh authenticator code.
 */
export async function completeTwoFactor(page: Page, email: string): Promise<void> {
  const secret = totpSecretOf(email);
  if (!secret) return;
  await page.getByText(TEXT.twoFactorHeading).waitFor();
  await page.getByLabel("Authentication code").fill(await freshTotpCode(secret));
  await page.getByRole("button", { name: TEXT.verifyCode }).click();
}

export async function expectToast(page: Page, text: string): Promise<void> {
  await page.locator("[data-sonner-toast]").filter({ hasText: text }).first().waitFor();
}

/** The supabase-js session stored by the SPA (null when signed out). */
export async function storedSession(
  page: Page,
): Promise<{ access_token: string; refresh_token: string; expires_at: number } | null> {
  return page.evaluate(() => {
    const raw = window.localStorage.getItem("ghana-realty-auth");
    return raw ? JSON.parse(raw) : null;
  });
}

/**
 * Opens the back-office command palette with Ctrl-K and returns its input. The key is pressed
 * again every few seconds (it only ever opens) while the palette is not there: a loaded machine
 * can let a press land before the page was listening, or take long to load the palette's code.
 * A palette that never opens fails at the test's own time limit, not after a count of presses.
 */
export async function openPalette(page: Page): Promise<Locator> {
  const input = page.getByPlaceholder(/Go to/);
  for (;;) {
    await page.keyboard.press("Control+k");
    const shown = await input.waitFor({ timeout: 5_000 }).then(
      () => true,
      () => false,
    );
    if (shown) return input;
  }
}

/**
 * Call after Space picked a card up and the pick-up was announced: dnd-kit's keyboard sensor
 * starts listening for the arrow keys in a setTimeout(0) of its own, which a loaded machine can
 * run after the announcement is already on the page (an arrow pressed in between is lost). A
 * timer queued now fires after that one, so the next key is heard.
 */
export async function keyboardDragReady(page: Page): Promise<void> {
  await page.evaluate(() => new Promise<void>((resolve) => setTimeout(resolve, 0)));
}

/** axe-core: no serious or critical violations. */
export async function expectAccessible(page: Page, label: string): Promise<void> {
  let bad = await seriousViolations(page);
  // A toast that arrives during the scan (another suite's notification reaches every admin) is
  // read mid-fade, at a fraction of its opacity, and one leaving is gone a moment later: scan
  // again after it settled or left. A toast whose colours fail when steady still fails.
  const transient = async (v: (typeof bad)[number]) =>
    (
      await Promise.all(
        v.nodes.map((n) =>
          page.evaluate((sel) => {
            const node = document.querySelector(sel);
            return !node || !!node.closest("[data-sonner-toaster]");
          }, String(n.target[0])),
        ),
      )
    ).every(Boolean);
  for (
    let rescan = 0;
    rescan < 3 && bad.length && (await Promise.all(bad.map(transient))).every(Boolean);
    rescan++
  )
    bad = await seriousViolations(page);
  expect(
    bad.map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`),
    `accessibility of ${label}`,
  ).toEqual([]);
}

/**
 * axe-core's serious and critical violations on the page as it is now. A page without frames is
 * scanned by axe inside it (legacy mode): the default mode finishes every scan in a blank page of
 * its own, which cost a new page and a second load of axe's source per scan (about twice the
 * scan's time). A page with a frame (a PDF preview) keeps the default, which reaches into frames
 * from outside; in the page, axe would wait for an answer from a frame it cannot load into.
 */
export async function seriousViolations(page: Page) {
  // axe reads colours as they are this instant: let finite transitions (a hover shade fading
  // after the pointer left, a button turning primary) settle first; spinners run forever.
  await page
    .waitForFunction(
      () =>
        document
          .getAnimations()
          .every((a) => a.playState !== "running" || a.effect?.getComputedTiming().iterations === Infinity),
      null,
    )
    .catch(() => undefined);
  const results = await new AxeBuilder({ page })
    .setLegacyMode(page.frames().length === 1)
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])
    .analyze();
  return results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
}
