/**
 * playwright-core driving Debian's Chromium (found, or installed when missing, by
 * scripts/chromium.ts; never a silent skip).
 */
import fs from "node:fs";
import path from "node:path";
import {
  chromium,
  type Browser,
  type BrowserContext,
  type Download,
  type LaunchOptions,
  type Page,
} from "playwright-core";
import { AUTH_STORAGE_KEY } from "#core/site-config.ts";
import { ensureChromium } from "#scripts/chromium.ts";
import { ROOT, SITE_PORT } from "#scripts/local-env.ts";
import { signedInClient } from "./supabase.ts";

export const SITE = process.env.E2E_SITE_URL ?? `http://localhost:${SITE_PORT}`;
/** URL of a host kind on the local stack, e.g. hostUrl("crm", "/dashboard"). */
export function hostUrl(sub: string | null, pathname = "/"): string {
  const u = new URL(SITE);
  if (sub) u.hostname = `${sub}.localhost`;
  return `${u.origin}${pathname}`;
}

export function browserLaunchOptions(): LaunchOptions {
  return {
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
  };
}

/** Where the e2e suite's shared Chromium listens (tests/support/global-setup-browser.ts). */
export const BROWSER_ENDPOINT_ENV = "E2E_BROWSER_WS_ENDPOINT";

/**
 * A browser for one test file. In the e2e suite every file connects to the one Chromium its global
 * setup started (a launch per file cost seconds on a busy machine); `close()` then disconnects
 * and closes only this file's contexts. Elsewhere (scripts) a browser of its own.
 */
export async function launchBrowser(): Promise<Browser> {
  const endpoint = process.env[BROWSER_ENDPOINT_ENV];
  if (endpoint) return chromium.connect(endpoint);
  return chromium.launch(browserLaunchOptions());
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
  opts: { viewport?: { width: number; height: number }; serviceWorkers?: "allow" | "block" } = {},
): Promise<WatchedPage> {
  // The back-office's service worker is walked by the offline test, which allows it; elsewhere it
  // would only download the offline precache in every context.
  const context = await browser.newContext({
    viewport: opts.viewport ?? { width: 1280, height: 800 },
    serviceWorkers: opts.serviceWorkers ?? "block",
  });
  // What a wait or an action may take before it fails: a hang guard (a busy 2-core machine takes
  // tens of seconds for a module's first load), not a speed target — the suite's budget is that.
  context.setDefaultTimeout(60_000);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("console", (m) => {
    // A failed load names no URL in its text; the location says which resource it was.
    if (m.type() === "error") errors.push(m.location().url ? `${m.text()} [${m.location().url}]` : m.text());
  });
  page.on("pageerror", (e) => errors.push(String(e)));
  waitForHydrationOnGoto(page);
  return { page, context, errors };
}

/**
 * Signs `page` in as `user` on a host (the CRM host unless told) and opens `pathname` (with its
 * query): a password sign-in through supabase-js, its session stored where the SPA keeps it —
 * what the sign-in screen does. That screen, its redirects and its two-factor step are walked in
 * tests/e2e/shell/; every other flow starts signed in without loading it. Each call is a sign-in
 * of its own (its own session), as two people or two browsers would have.
 */
export async function signInOnPage(
  page: Page,
  user: { email: string; password: string },
  pathname: string,
  opts: { host?: string | null } = {},
): Promise<void> {
  // An admin steps up to aal2 with their authenticator code, as the sign-in screen asks.
  const client = await signedInClient(user.email, user.password);
  const { data, error } = await client.auth.getSession();
  if (error || !data.session) throw new Error(`sign-in as ${user.email} failed: ${error?.message}`);
  const target = new URL(hostUrl(opts.host === undefined ? "crm" : opts.host, pathname));
  // localStorage belongs to an origin: store the session from a blank page of the target's origin,
  // answered here, rather than start the SPA twice.
  const blank = `${target.origin}/__e2e-sign-in`;
  await page.route(blank, (route) =>
    route.fulfill({ contentType: "text/html", body: "<!doctype html><title>-</title>" }),
  );
  await page.goto(blank);
  await page.evaluate(
    ([key, value]) => localStorage.setItem(key!, value!),
    [AUTH_STORAGE_KEY, JSON.stringify(data.session)],
  );
  await page.unroute(blank);
  await page.goto(target.href);
  await page.waitForFunction((p) => window.location.pathname === p, target.pathname, { timeout: 60_000 });
}

/** A new page (its own context) signed in as `user` on `pathname`: signInOnPage's sign-in. */
export async function signedInPage(
  browser: Browser,
  user: { email: string; password: string },
  pathname: string,
  opts: {
    host?: string | null;
    viewport?: { width: number; height: number };
    serviceWorkers?: "allow" | "block";
  } = {},
): Promise<WatchedPage> {
  const w = await openPage(browser, { viewport: opts.viewport, serviceWorkers: opts.serviceWorkers });
  await signInOnPage(w.page, user, pathname, opts);
  return w;
}

/**
 * One page of one person shared by a file's tests, as one person's browser goes from task to
 * task: the first `open` signs `user` in (signedInPage) or, without a user, opens a visitor's
 * page; later ones open their address in the same page, whose cache still holds the site's
 * scripts (a context per test paid their download and first run again). `errors` starts empty at
 * each open. Close it in afterAll.
 */
export function sharedPage(
  user: { email: string; password: string } | null,
  opts: { host?: string | null; viewport?: { width: number; height: number } } = {},
) {
  let open: WatchedPage | undefined;
  return {
    /** Opens `pathname` on the host (the CRM host unless told); a visitor's page may open none yet. */
    async open(browser: Browser, pathname?: string): Promise<WatchedPage> {
      if (!open && user) {
        if (pathname === undefined) throw new Error("a signed-in page opens on a pathname");
        open = await signedInPage(browser, user, pathname, opts);
        return open;
      }
      open ??= await openPage(browser, opts);
      open.errors.length = 0;
      if (pathname !== undefined)
        await open.page.goto(hostUrl(opts.host === undefined ? "crm" : opts.host, pathname));
      return open;
    },
    async close(): Promise<void> {
      await open?.context.close();
      open = undefined;
    },
  };
}

/**
 * Opens `pathname` (with its query) in the SPA already on the page, as a link inside it would:
 * the router follows a history entry and a popstate, without reloading the site's scripts,
 * the session and the frame's data (a page.goto per screen paid all of that again).
 */
export async function navigateInApp(page: Page, pathname: string): Promise<void> {
  await page.evaluate((p) => {
    history.pushState(null, "", p);
    dispatchEvent(new PopStateEvent("popstate"));
  }, pathname);
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
    // The context's hang guard, as every other wait: a busy machine took over 15 s to hydrate.
    await page.waitForFunction(
      () =>
        !document.getElementById("root")?.hasAttribute("data-prerendered") ||
        document.documentElement.dataset.hydrated === "true",
    );
    return response;
  };
}

/**
 * A download's bytes. Read as a stream: the suite's browser is connected to, not launched, and a
 * remote browser's downloads have no local path.
 */
export async function downloadedBytes(download: Download): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** Saves a screenshot under test-results/ (git-ignored); call from a failing test's catch/afterEach. */
export async function screenshot(page: Page, name: string): Promise<string> {
  const dir = path.join(ROOT, "test-results", "screenshots");
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${name.replace(/[^a-z0-9-_]+/gi, "_")}.png`);
  await page.screenshot({ path: file, fullPage: true }).catch(() => undefined);
  return file;
}
