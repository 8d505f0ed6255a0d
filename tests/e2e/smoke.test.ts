/** The foundation's smoke test: the home page renders the app's shell in Chromium, cleanly. */
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, openPage, screenshot, SITE } from "../support/browser.ts";

describe("home page in Chromium", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("renders the app's shell with no console errors", async () => {
    const { page, errors, context } = await openPage(browser);
    try {
      const res = await page.goto(`${SITE}/`, { waitUntil: "networkidle" });
      expect(res?.status()).toBe(200);
      await expect.poll(() => page.locator("#root > *").count(), { timeout: 15_000 }).toBeGreaterThan(0);
      await expect.poll(() => page.getByRole("main").count(), { timeout: 15_000 }).toBeGreaterThan(0);
      expect(await page.title()).not.toBe("");
      expect(errors, errors.join("\n")).toEqual([]);
    } catch (e) {
      await screenshot(page, "smoke-home");
      throw e;
    } finally {
      await context.close();
    }
  });
});
