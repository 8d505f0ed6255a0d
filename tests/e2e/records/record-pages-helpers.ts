/** What the record-page walks share: a summary fact by its label, and a tab that survives a reload. */
import type { Page } from "playwright-core";
import { expect } from "vitest";

export const must = <T>(r: { data: T; error: { message: string } | null }, what: string): T => {
  if (r.error) throw new Error(`${what}: ${r.error.message}`);
  return r.data;
};

export const fact = (page: Page, label: string) =>
  page.getByTestId("record-summary").locator(`[data-fact="${label}"]`);

/** Opens a tab, checks it is in the URL, reloads, and checks the same tab is open again. */
export async function tabSurvivesReload(page: Page, name: string, id: string) {
  await page.getByRole("tab", { name, exact: true }).click();
  await expect.poll(() => new URL(page.url()).searchParams.get("tab")).toBe(id);
  await page.reload();
  await page.getByTestId("record-summary").waitFor();
  await expect
    .poll(() => page.getByRole("tab", { name, exact: true }).getAttribute("aria-selected"))
    .toBe("true");
}
