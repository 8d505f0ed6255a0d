/**
 * Two tabs of one browser share the stored session. When its access token nears expiry both
 * refresh (here: at the same moment, the worst case for refresh-token rotation) and neither
 * signs the other out.
 */
import type { Browser, Request } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEXT } from "#core/constants.ts";
import { launchBrowser, screenshot } from "#tests/support/browser.ts";
import { createTestUser, deleteTestUser, type TestUser } from "#tests/support/supabase.ts";
import { waitUntil } from "#tests/support/wait.ts";
import { expectToast, signIn, storedSession, url, waitForPath } from "./helpers.ts";

let browser: Browser;
let user: TestUser;
beforeAll(async () => {
  browser = await launchBrowser();
  user = await createTestUser({ role: "staff" });
});
afterAll(async () => {
  await browser?.close();
  if (user) await deleteTestUser(user.id);
});

describe("several tabs", () => {
  it("stay signed in across a token refresh", async () => {
    const context = await browser.newContext();
    const a = await context.newPage();
    const b = await context.newPage();
    // The token refreshes either tab sends, and how many of them have been answered.
    const refreshes = { sent: 0, answered: 0 };
    const isRefresh = (r: Request) => r.url().includes("grant_type=refresh_token");
    context.on("request", (r) => void (isRefresh(r) && refreshes.sent++));
    const answered = (r: Request) => void (isRefresh(r) && refreshes.answered++);
    context.on("requestfinished", answered);
    context.on("requestfailed", answered);
    try {
      await signIn(a, user.email, user.password, "/dashboard");
      await expectToast(a, TEXT.welcomeBack);
      await waitForPath(a, "/dashboard");
      await b.goto(url("/tasks"));
      await b.getByRole("navigation", { name: "Back-office modules" }).waitFor();
      const before = await storedSession(a);
      expect(before).not.toBeNull();

      // Make the stored token look short-lived (expires in 5 s): supabase-js refreshes tokens that
      // expire within its margin. Then wake both tabs at once, as a user returning to the window does.
      await a.evaluate(() => {
        const raw = window.localStorage.getItem("ghana-realty-auth")!;
        const s = JSON.parse(raw);
        s.expires_at = Math.floor(Date.now() / 1000) + 5;
        window.localStorage.setItem("ghana-realty-auth", JSON.stringify(s));
      });
      // supabase-js listens on window; a real visibility change reaches it there too.
      const wake = () => window.dispatchEvent(new Event("visibilitychange"));
      await Promise.all([a.evaluate(wake), b.evaluate(wake)]);

      await a.waitForFunction((old) => {
        const raw = window.localStorage.getItem("ghana-realty-auth");
        return raw !== null && JSON.parse(raw).access_token !== old;
      }, before!.access_token);
      // A second refresh (the other tab's, with the token just spent) goes out as the first is
      // answered: read what the tabs kept once every refresh sent has its answer.
      await waitUntil(
        "the tabs' token refreshes to be answered",
        async () => refreshes.answered === refreshes.sent,
      );
      const afterA = await storedSession(a);
      const afterB = await storedSession(b);
      expect(afterA?.refresh_token).toBeTruthy();
      expect(afterA?.refresh_token).not.toBe(before!.refresh_token);
      expect(afterB?.access_token).toBe(afterA?.access_token);

      // Both tabs still reach protected pages with the refreshed session.
      for (const [page, path] of [
        [a, "/deals"],
        [b, "/settings"],
      ] as const) {
        await page.goto(url(path));
        await page.getByRole("navigation", { name: "Back-office modules" }).waitFor();
        expect(new URL(page.url()).pathname).toBe(path);
      }
      await b.getByLabel("Currency").waitFor();
    } catch (e) {
      await screenshot(a, "multi-tab-a");
      await screenshot(b, "multi-tab-b");
      throw e;
    } finally {
      await context.close();
    }
  });
});
