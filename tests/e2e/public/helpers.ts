/** Shared pieces of the public-site e2e suites. */
import type { Browser, Page } from "playwright-core";
import { screenshot, sharedPage } from "#tests/support/browser.ts";

/** Runs a test body on a fresh page; screenshots on failure; always closes the context. */
export async function withPage(
  browser: Browser,
  name: string,
  body: (page: Page, errors: string[]) => Promise<void>,
  opts: { viewport?: { width: number; height: number } } = {},
): Promise<void> {
  const { openPage } = await import("#tests/support/browser.ts");
  const { page, errors, context } = await openPage(browser, opts);
  try {
    await body(page, errors);
  } catch (e) {
    await screenshot(page, `public-${name}`);
    throw e;
  } finally {
    await context.close();
  }
}

/**
 * One visitor's page for a file's tests, as withPage runs them (a screenshot on failure), but
 * kept from one test to the next, as a visitor's browser keeps the site's scripts cached: each
 * body starts with a page.goto of its own. Close it in afterAll.
 */
export function sharedVisitor() {
  const shared = sharedPage(null, { host: null });
  return {
    async run(browser: Browser, name: string, body: (page: Page, errors: string[]) => Promise<void>) {
      const { page, errors } = await shared.open(browser);
      try {
        await body(page, errors);
      } catch (e) {
        await screenshot(page, `public-${name}`);
        throw e;
      }
    },
    close: () => shared.close(),
  };
}

/** The next Monday–Friday at least two days ahead, as YYYY-MM-DD (Accra = UTC). */
export function nextWeekday(): string {
  const d = new Date(Date.now() + 2 * 86_400_000);
  while (d.getUTCDay() === 0 || d.getUTCDay() === 6) d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

/** The number from "12 properties found". */
export async function resultCount(page: Page): Promise<number> {
  const status = page.getByTestId("result-count");
  await status.filter({ hasText: /found/ }).waitFor();
  const text = (await status.textContent()) ?? "";
  const m = /([\d,]+)\s+propert/.exec(text);
  if (!m) throw new Error(`no count in "${text}"`);
  return Number(m[1]!.replace(/,/g, ""));
}
