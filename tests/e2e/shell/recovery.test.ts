/**
 * Password recovery (the "password recovery" event, docs/product.md#session): the mailed link signs the user in with a
 * recovery session, the SPA opens /auth/reset-password and sets the new password. A link whose
 * session was issued 120 s or more before the page loaded gets the stale-link warning.
 */
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SUPABASE_URL } from "#scripts/local-env.ts";
import { launchBrowser, openPage, screenshot, SITE } from "#tests/support/browser.ts";
import { anonClient, createTestUser, deleteTestUser, type TestUser } from "#tests/support/supabase.ts";
import { expectToast, waitForPath } from "./helpers.ts";

let browser: Browser;
const users: TestUser[] = [];
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  for (const u of users) await deleteTestUser(u.id);
});

/** Requests a recovery mail and returns the app URL the mailed link redirects to (on this site). */
async function recoveryLanding(email: string): Promise<URL> {
  const { error } = await anonClient().auth.resetPasswordForEmail(email, {
    redirectTo: `${SITE}/auth/reset-password`,
  });
  expect(error).toBeNull();
  const res = await fetch(`${SUPABASE_URL}/_outbox/api/messages?to=${encodeURIComponent(email)}&limit=1`);
  const { messages } = (await res.json()) as { messages: { html: string; text: string | null }[] };
  const body = `${messages[0]?.text ?? ""} ${messages[0]?.html ?? ""}`;
  const link = /https?:\/\/[^\s"'<>]+\/auth\/v1\/verify\?[^\s"'<>]+/
    .exec(body)?.[0]
    ?.replaceAll("&amp;", "&");
  expect(link, "recovery link in the mail").toBeTruthy();
  const verify = await fetch(link!, { redirect: "manual" });
  expect(verify.status).toBe(303);
  const location = new URL(verify.headers.get("location")!);
  expect(new URLSearchParams(location.hash.slice(1)).get("type")).toBe("recovery");
  // The emulator only redirects to the configured site URL; this run's site may use another port.
  return new URL(`/auth/reset-password${location.hash}`, SITE);
}

describe("password recovery", () => {
  it("sets a new password from the mailed link", async () => {
    const user = await createTestUser({ role: "staff" });
    users.push(user);
    const landing = await recoveryLanding(user.email);
    const { page, context } = await openPage(browser);
    try {
      await page.goto(landing.toString());
      await page.getByRole("heading", { name: "Set a new password" }).waitFor();
      await page.getByText(`For ${user.email}.`).waitFor();
      expect(await page.getByText("This link may be out of date").count()).toBe(0);
      await page.getByLabel("New password", { exact: true }).fill("short");
      await page.getByLabel("Confirm the new password").fill("short");
      await page.getByRole("button", { name: "Save the new password" }).click();
      await page.getByText("Use at least 8 characters").waitFor();
      const next = "a-brand-new-password-42";
      await page.getByLabel("New password", { exact: true }).fill(next);
      await page.getByLabel("Confirm the new password").fill(next);
      await page.getByRole("button", { name: "Save the new password" }).click();
      await expectToast(page, "Password updated");
      await waitForPath(page, "/");
      const check = await anonClient().auth.signInWithPassword({ email: user.email, password: next });
      expect(check.error).toBeNull();
    } catch (e) {
      await screenshot(page, "recovery");
      throw e;
    } finally {
      await context.close();
    }
  });

  it("warns when the link's session is 120 s old or more", async () => {
    const user = await createTestUser({ role: "staff" });
    users.push(user);
    const landing = await recoveryLanding(user.email);
    // Same tokens, but the session claims to have been issued 5 minutes ago.
    const params = new URLSearchParams(landing.hash.slice(1));
    params.set("expires_in", String(Number(params.get("expires_in")) + 300));
    landing.hash = params.toString();
    const { page, context } = await openPage(browser);
    try {
      await page.goto(landing.toString());
      await expectToast(page, "This link may be out of date");
      await page.getByRole("heading", { name: "Set a new password" }).waitFor();
    } catch (e) {
      await screenshot(page, "recovery-stale");
      throw e;
    } finally {
      await context.close();
    }
  });

  it("without a recovery session explains how to get one", async () => {
    const { page, context } = await openPage(browser);
    try {
      await page.goto(new URL("/auth/reset-password", SITE).toString());
      await page.getByText("This page needs the link from a password-reset email.").waitFor();
      await page.getByRole("link", { name: "Back to sign in" }).click();
      await waitForPath(page, "/auth");
    } finally {
      await context.close();
    }
  });
});
