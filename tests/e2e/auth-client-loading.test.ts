/**
 * Public pages load only public code: an anonymous visitor never downloads supabase-js (the auth
 * client); the sign-in screen does, after its form is on screen. The chunk is found through the
 * build's manifest.
 */
import fs from "node:fs";
import path from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEXT } from "#core/constants.ts";
import { SIGN_IN_MESSAGES } from "#core/sign-in.ts";
import { DEMO_PASSWORD, DEMO_USERS, LOCAL_CLIENT_DIR } from "#scripts/local-env.ts";
import { launchBrowser, openPage, screenshot, SITE } from "../support/browser.ts";
import { expectToast, fillCredentials, waitForPath } from "./shell/helpers.ts";

function authClientChunk(): string {
  const manifest = JSON.parse(
    fs.readFileSync(path.join(LOCAL_CLIENT_DIR, ".vite/manifest.json"), "utf8"),
  ) as Record<string, { file: string; name?: string }>;
  const entry = Object.values(manifest).find((c) => c.name === "supabase");
  if (!entry) throw new Error("no supabase-js chunk in the build manifest");
  return entry.file;
}

describe("the auth client is loaded only where it is needed", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  async function scriptsLoaded(pathname: string, ready: (page: Page) => Promise<unknown>): Promise<string[]> {
    const { page, context } = await openPage(browser);
    const urls: string[] = [];
    page.on("request", (r) => urls.push(new URL(r.url()).pathname));
    await page.goto(`${SITE}${pathname}`, { waitUntil: "networkidle" });
    await ready(page);
    await context.close();
    return urls;
  }

  it("an anonymous visitor of the home and properties pages never downloads it", async () => {
    const chunk = `/${authClientChunk()}`;
    const home = await scriptsLoaded("/", (p) => p.getByRole("main").waitFor());
    expect(
      home.some((u) => u.endsWith(".js")),
      "the page loaded scripts at all",
    ).toBe(true);
    expect(home).not.toContain(chunk);
    const listing = await scriptsLoaded("/properties", (p) => p.getByRole("main").waitFor());
    expect(listing).not.toContain(chunk);
  });

  it("the sign-in screen downloads it", async () => {
    const chunk = `/${authClientChunk()}`;
    const auth = await scriptsLoaded("/auth", (p) => p.getByRole("button", { name: "Sign In" }).waitFor());
    expect(auth).toContain(chunk);
  });

  it("the sign-in form does not wait for it: it shows, checks its fields and signs in once the client arrives", async () => {
    const chunk = authClientChunk();
    const { page, context, errors } = await openPage(browser);
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let requested = false;
    let delivered = false;
    await page.route(`**/${chunk}`, async (route) => {
      requested = true;
      await held;
      // A failed test closes the page first; there is nothing left to deliver to then.
      await route.continue().catch(() => undefined);
      delivered = true;
    });
    try {
      await page.goto(`${SITE}/auth`, { waitUntil: "domcontentloaded" });
      await page.getByRole("button", { name: TEXT.signInButton }).click();
      await page.getByText(SIGN_IN_MESSAGES.emailRequired).waitFor();
      await page.getByText(SIGN_IN_MESSAGES.passwordRequired).waitFor();
      expect(requested, "the page asks for the auth client as it mounts").toBe(true);

      // Staff: no two-factor step between the form and the landing page.
      await fillCredentials(page, DEMO_USERS.staff, DEMO_PASSWORD);
      await page.getByRole("button", { name: TEXT.signInButton }).and(page.locator("[disabled]")).waitFor();
      expect(delivered, "the client was still held back while the form was used").toBe(false);
      release();
      await expectToast(page, TEXT.welcomeBack);
      await waitForPath(page, "/");
      expect(errors).toEqual([]);
    } catch (e) {
      await screenshot(page, "sign-in-before-auth-client");
      throw e;
    } finally {
      release();
      await context.close();
    }
  });
});
