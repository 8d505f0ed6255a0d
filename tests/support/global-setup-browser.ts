/**
 * The e2e suite's one Chromium: started once per run, each test file connects to it
 * (tests/support/browser.ts launchBrowser) and opens contexts of its own, so files stay apart
 * while the browser's start-up is paid once instead of once per file.
 */
import { chromium, type BrowserServer } from "playwright-core";
import { BROWSER_ENDPOINT_ENV, browserLaunchOptions } from "./browser.ts";

let server: BrowserServer | undefined;

export async function setup() {
  if (process.env[BROWSER_ENDPOINT_ENV]) return;
  server = await chromium.launchServer(browserLaunchOptions());
  process.env[BROWSER_ENDPOINT_ENV] = server.wsEndpoint();
}

export async function teardown() {
  await server?.close();
}
