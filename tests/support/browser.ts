/**
 * playwright-core driving Debian's Chromium (found, or installed when missing, by
 * scripts/chromium.ts; never a silent skip).
 */
import fs from "node:fs";
import path from "node:path";
import { chromium, type Browser, type BrowserContext, type Page } from "playwright-core";
import { ensureChromium } from "#scripts/chromium.ts";
import { ROOT, SITE_PORT } from "#scripts/local-env.ts";

export const SITE = process.env.E2E_SITE_URL ?? `http://localhost:${SITE_PORT}`;
/** URL of a host kind on the local stack, e.g. hostUrl("crm", "/dashboard"). */
export function hostUrl(sub: string | null, pathname = "/"): string {
  const u = new URL(SITE);
  if (sub) u.hostname = `${sub}.localhost`;
  return `${u.origin}${pathname}`;
}

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: ensureChromium(),
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--disable-dev-shm-usage",
    ],
  });
}

export interface WatchedPage {
  page: Page;
  context: BrowserContext;
  /** Console errors and uncaught exceptions seen so far. */
  errors: string[];
}

/** A new context and page that records console errors and page crashes. */
export async function openPage(
  browser: Browser,
  opts: { viewport?: { width: number; height: number } } = {},
): Promise<WatchedPage> {
  const context = await browser.newContext({ viewport: opts.viewport ?? { width: 1280, height: 800 } });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("console", (m) => {
    if (m.type() === "error") errors.push(m.text());
  });
  page.on("pageerror", (e) => errors.push(String(e)));
  waitForHydrationOnGoto(page);
  return { page, context, errors };
}

/**
 * A prerendered page is visible before its JavaScript runs (it loads after the first paint):
 * after each page.goto, wait until the SPA has taken the page over (`<html data-hydrated>`), as a
 * person would wait for a button to respond. Client-rendered pages pass at once.
 */
export function waitForHydrationOnGoto(page: Page): void {
  const goto = page.goto.bind(page);
  page.goto = async (url, options) => {
    const response = await goto(url, options);
    await page.waitForFunction(
      () =>
        !document.getElementById("root")?.hasAttribute("data-prerendered") ||
        document.documentElement.dataset.hydrated === "true",
      undefined,
      { timeout: 15_000 },
    );
    return response;
  };
}

/** Saves a screenshot under test-results/ (git-ignored); call from a failing test's catch/afterEach. */
export async function screenshot(page: Page, name: string): Promise<string> {
  const dir = path.join(ROOT, "test-results", "screenshots");
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${name.replace(/[^a-z0-9-_]+/gi, "_")}.png`);
  await page.screenshot({ path: file, fullPage: true }).catch(() => undefined);
  return file;
}
