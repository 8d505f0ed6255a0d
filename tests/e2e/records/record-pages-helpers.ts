/**
 * What the record-page walks share: a summary fact by its label, a tab kept in the URL (and over a
 * reload), a visit. Every record page is the one engine (RecordPage), which reads its tab from
 * the URL when it mounts: each walk reloads once to prove that, and elsewhere checks the URL.
 */
import type { Page } from "playwright-core";
import { expect } from "vitest";
import { navigateInApp } from "#tests/support/browser.ts";

export const must = <T>(r: { data: T; error: { message: string } | null }, what: string): T => {
  if (r.error) throw new Error(`${what}: ${r.error.message}`);
  return r.data;
};

export const fact = (page: Page, label: string) =>
  page.getByTestId("record-summary").locator(`[data-fact="${label}"]`);

/** Opens a tab and checks it is open and in the URL. */
export async function tabInUrl(page: Page, name: string, id: string) {
  await page.getByRole("tab", { name, exact: true }).click();
  await expect.poll(() => new URL(page.url()).searchParams.get("tab")).toBe(id);
  await expect
    .poll(() => page.getByRole("tab", { name, exact: true }).getAttribute("aria-selected"))
    .toBe("true");
}

/** Opens a tab, checks it is in the URL, reloads, and checks the same tab is open again. */
export async function tabSurvivesReload(page: Page, name: string, id: string) {
  await tabInUrl(page, name, id);
  await page.reload();
  await page.getByTestId("record-summary").waitFor();
  await expect
    .poll(() => page.getByRole("tab", { name, exact: true }).getAttribute("aria-selected"))
    .toBe("true");
}

export interface RecordVisit {
  /** Opened inside the running app, as a link would; `load` asks the server (an old link from outside). */
  path: string;
  load?: boolean;
  /** The record page's path when `path` is an old list link the edge redirects. */
  landsOn?: string;
  heading: string;
  facts: ReadonlyArray<readonly [label: string, text: string | RegExp]>;
  /** The tab opened and kept in the URL. */
  tab: readonly [name: string, id: string];
  /** Reload after opening the tab, and find it open again. */
  reload?: boolean;
}

/** Opens a record's page, checks its heading and key facts on the summary, and a tab in the URL. */
export async function visitRecordPage(page: Page, visit: RecordVisit) {
  if (visit.load) await page.goto(new URL(visit.path, page.url()).toString());
  else await navigateInApp(page, visit.path);
  await expect.poll(() => new URL(page.url()).pathname).toBe(visit.landsOn ?? visit.path);
  await page
    .getByTestId("record-summary-header")
    .getByRole("heading", { level: 1, name: visit.heading })
    .waitFor();
  for (const [label, text] of visit.facts) await fact(page, label).getByText(text).waitFor();
  await (visit.reload ? tabSurvivesReload : tabInUrl)(page, ...visit.tab);
}
