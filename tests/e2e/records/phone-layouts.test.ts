/**
 * Every back-office list at 390 × 844, as an admin on a phone: no page scrolls sideways; the
 * record kit's lists show cards (a list of buttons named by the record) that open the record;
 * the filters sit in a sheet behind one "Filters" button that counts them, and a filter picked
 * there narrows the cards; the deals board shows one stage at a time and its column switcher
 * brings another stage's cards into view; each list's primary action ("New contact") stays in reach
 * with the page scrolled to its end; hand-built tables (files, campaigns, sitemaps, reports) show
 * as cards. Nothing scrolls sideways inside its box either (report tables, the e-mail marketing
 * tabs, the blog's content calendar), team chat offers "New channel", and neither deal column
 * headers nor dashboard amounts (GHS 9,333,333.32) wrap — measured by their boxes.
 */
import crypto from "node:crypto";
import type { Browser, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  hostUrl,
  launchBrowser,
  navigateInApp,
  SITE,
  screenshot,
  signedInPage,
} from "#tests/support/browser.ts";
import { createTestUser, deleteTestUser, type TestUser } from "#tests/support/supabase.ts";
import { title } from "#worker/testing/html.ts";
import { service } from "../properties-admin/helpers.ts";

const PHONE = { width: 390, height: 844 };
const tag = crypto.randomUUID().slice(0, 6);
const SALE = "00000000-0000-4000-d100-000000000001";
const STAGE = {
  new: "00000000-0000-4000-d200-000000000101",
  viewing: "00000000-0000-4000-d200-000000000102",
};
const lead = { first_name: "Adwoa", last_name: `Phone ${tag}` };
const client = { first_name: "Kojo", last_name: `Phone ${tag}` };
const enquiry = `Phone enquiry ${tag}`;
const viewing = `Phone viewing ${tag}`;

/** Lists of the record kit, by their page, accessible name and primary action; the seed fills each. */
const CARD_LISTS = [
  ["/tasks?view=list", "Tasks", "New task"],
  ["/invoices-receipts", "Invoices and other documents", "New invoice"],
  ["/payments", "Payments and refunds", "Record a payment"],
  ["/property-hunt?view=table", "Hunts", "New hunt"],
  ["/admin/blog", "Posts", "New post"],
  ["/contact-submissions", "Contact Submissions", null],
  ["/property-requests", "Property Requests", null],
  ["/booking-management", "Booking Management", null],
] as const;

/** Hand-built tables that show as cards on a phone, by their page and accessible name. */
const STACKED_TABLES = [
  ["/files", "Files in All files", "Upload files"],
  ["/email-marketing", "Campaigns", null],
  ["/admin/sitemaps", "Sitemap files", null],
] as const;

/** The other list pages, and the leads hunt: each must fit the phone's width. */
const OTHER_LISTS = [
  ["/events", "Events", "New event"],
  ["/collaboration-management", "Collaborations", "New partner"],
  ["/title-checks", "Title Checks", null],
  ["/settings/team", "Team & users", "Invite a member"],
  ["/leads-hunt", "Leads Hunt", null],
] as const;

let browser: Browser;
let admin: TestUser;

beforeAll(async () => {
  browser = await launchBrowser();
  admin = await createTestUser({ role: "admin" });
  const contacts = await service.from("contacts").insert([
    { ...lead, stage: "lead", owner_id: admin.id },
    { ...client, stage: "client", owner_id: admin.id },
  ]);
  if (contacts.error) throw new Error(contacts.error.message);
  const deals = await service.from("deals").insert([
    {
      title: enquiry,
      pipeline_id: SALE,
      stage_id: STAGE.new,
      value: 500000,
      currency: "GHS",
      owner_id: admin.id,
    },
    {
      title: viewing,
      pipeline_id: SALE,
      stage_id: STAGE.viewing,
      value: "9333333.32",
      currency: "GHS",
      owner_id: admin.id,
    },
  ]);
  if (deals.error) throw new Error(deals.error.message);
});
afterAll(async () => {
  await service.from("deals").delete().like("title", `%${tag}`);
  await service.from("contacts").delete().eq("last_name", `Phone ${tag}`);
  await browser?.close();
  if (admin) await deleteTestUser(admin.id);
});

/** The <title> the edge serves for a back-office path on the CRM host. */
async function edgeTitle(path: string): Promise<string | null> {
  const crm = new URL(hostUrl("crm", path));
  // Node does not resolve *.localhost: the site's own address, asked for the CRM host by name.
  return title(await (await fetch(new URL(path, SITE), { headers: { host: crm.host } })).text());
}

const pageWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

async function fitsThePhone(page: Page, path: string) {
  await expect
    .poll(() => pageWidth(page), { message: `${path} scrolls sideways` })
    .toBeLessThanOrEqual(PHONE.width);
}

/** Every element matching `selector` (at least one) fits its own box and the phone's width. */
async function fitsItsBox(page: Page, path: string, selector: string) {
  await page.locator(selector).first().waitFor();
  const overflowing = await page.evaluate(
    ({ selector, width }) =>
      Array.from(document.querySelectorAll<HTMLElement>(selector))
        .filter((el) => el.scrollWidth > el.clientWidth + 1 || el.getBoundingClientRect().right > width)
        .map(
          (el) =>
            `${el.tagName} ${el.scrollWidth}/${el.clientWidth} to x=${el.getBoundingClientRect().right}`,
        ),
    { selector, width: PHONE.width },
  );
  expect(overflowing, `${path}: ${selector} scrolls sideways or runs off the screen`).toEqual([]);
}

/** How many lines an element's text takes: its height over its line height. */
const linesOf = (el: Locator) =>
  el.evaluate((node) => {
    const style = getComputedStyle(node);
    const line = Number.parseFloat(style.lineHeight) || Number.parseFloat(style.fontSize) * 1.5;
    return Math.round(node.getBoundingClientRect().height / line);
  });

/**
 * The page's one primary action is in view with the page scrolled to its end (it floats at the
 * bottom on a phone), however long the list.
 */
async function primaryActionReachable(page: Page, path: string, name: string) {
  const action = page.locator("[data-primary-action]");
  await action.waitFor();
  expect(await action.count(), `${path}: one primary action`).toBe(1);
  expect(await action.textContent()).toContain(name);
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await expect
    .poll(
      async () => {
        const box = await action.boundingBox();
        return (
          !!box &&
          box.x >= 0 &&
          box.x + box.width <= PHONE.width &&
          box.y >= 0 &&
          box.y + box.height <= PHONE.height
        );
      },
      { message: `${path}: "${name}" in reach once the page is scrolled to its end` },
    )
    .toBe(true);
}

describe("back-office lists on a phone", () => {
  it("every list fits 390 px; cards open records; filters in a sheet narrow the cards; the board switches columns", async () => {
    const { page, errors } = await signedInPage(browser, admin, `/business-contacts?q=${tag}`, {
      viewport: PHONE,
    });
    try {
      const cards = page.getByRole("list", { name: "Contacts" });
      const name = (c: { first_name: string; last_name: string }) => `${c.first_name} ${c.last_name}`;
      await cards.getByRole("button", { name: name(lead), exact: true }).waitFor();
      await cards.getByRole("button", { name: name(client), exact: true }).waitFor();
      expect(await cards.getByRole("listitem").count()).toBe(2);
      await fitsThePhone(page, "/business-contacts");
      await primaryActionReachable(page, "/business-contacts", "New contact");
      // The desktop table is not rendered alongside.
      expect(await page.getByRole("table").count()).toBe(0);

      // The filters: one button, a dialog sheet; a stage picked there narrows the cards at once.
      const filtersButton = page.getByRole("button", { name: "Filters", exact: true });
      await filtersButton.click();
      const sheet = page.getByRole("dialog", { name: "Filter contacts" });
      await sheet.getByRole("button", { name: "Stage" }).click();
      await page.getByRole("menuitemcheckbox", { name: "Client", exact: true }).click();
      await page.keyboard.press("Escape"); // closes the stage menu, the sheet stays
      await sheet.getByRole("button", { name: "Show 1 result" }).click();
      await sheet.waitFor({ state: "hidden" });
      await expect.poll(() => cards.getByRole("listitem").count()).toBe(1);
      await cards.getByRole("button", { name: name(client), exact: true }).waitFor();
      await expect
        .poll(() => page.evaluate(() => document.activeElement?.textContent ?? ""))
        .toMatch(/Filters/);
      await page.getByRole("button", { name: "Filters, 1 active" }).waitFor();
      // Escape closes the sheet too, and focus comes back to the button.
      await page.getByRole("button", { name: "Filters, 1 active" }).click();
      await sheet.waitFor();
      await page.keyboard.press("Escape");
      await sheet.waitFor({ state: "hidden" });
      await expect
        .poll(() => page.evaluate(() => document.activeElement?.textContent ?? ""))
        .toMatch(/Filters/);

      // A card opens its record.
      await cards.getByRole("button", { name: name(client), exact: true }).click();
      await page.waitForURL(/\/business-contacts\/[0-9a-f-]{36}$/);

      // The deals board: one stage in view; the switcher brings another stage's cards.
      // The board and the record kit's lists open inside the running app, as a menu link would (a
      // reload per list measured the site's start-up again); each waits for its own named list.
      await navigateInApp(page, `/deals?q=${tag}`);
      const board = page.getByRole("region", { name: "Deals by stage" });
      const first = board.getByText(enquiry);
      const other = board.getByText(viewing);
      await first.waitFor();
      await fitsThePhone(page, "/deals");
      await primaryActionReachable(page, "/deals", "New deal");
      const inView = async (card: typeof first) => {
        const box = await card.boundingBox();
        return !!box && box.x >= 0 && box.x + box.width <= PHONE.width;
      };
      await expect.poll(() => inView(first)).toBe(true);
      expect(await inView(other)).toBe(false);
      await page.getByRole("combobox", { name: "Column" }).selectOption({ label: "Viewing (1)" });
      await expect.poll(() => inView(other)).toBe(true);
      await expect.poll(() => inView(first)).toBe(false);
      // A column's heading and its money line (GHS 9,333,333.32 and its weighted share) keep one line each.
      const column = board.getByRole("group", { name: /^Viewing/ });
      expect(await linesOf(column.getByRole("heading"))).toBe(1);
      const money = column.locator(":scope > p");
      expect(await money.textContent()).toMatch(/9,333,333\.32.*weighted/);
      expect(await linesOf(money)).toBe(1);

      for (const [path, label, action] of CARD_LISTS) {
        await navigateInApp(page, path);
        const list = page.getByRole("list", { name: label });
        await list.getByRole("listitem").first().getByRole("button").first().waitFor();
        await fitsThePhone(page, path);
        if (action) await primaryActionReachable(page, path, action);
      }
      for (const [path, label, action] of STACKED_TABLES) {
        await navigateInApp(page, path);
        const table = page.getByRole("table", { name: label });
        await table.waitFor();
        expect(await table.getAttribute("data-stacked"), `${path}: the table shows as cards`).not.toBeNull();
        await fitsThePhone(page, path);
        if (action) await primaryActionReachable(page, path, action);
      }
      // Boxes that scrolled sideways on a phone: report tables (now cards), the e-mail marketing tab
      // strip, the blog's content calendar; and team chat's sidebar, whose "New channel" a phone lacked.
      await navigateInApp(page, "/reports");
      await page.locator('[data-testid^="report-table-"]').first().waitFor();
      expect(await page.locator('[data-testid^="report-table-"]:not([data-stacked])').count()).toBe(0);
      await fitsItsBox(page, "/reports", '[data-slot="table-container"], [data-testid^="report-table-"]');
      await fitsThePhone(page, "/reports");
      await navigateInApp(page, "/email-marketing");
      await fitsItsBox(page, "/email-marketing", '[role="tablist"], [role="tab"]');
      await navigateInApp(page, "/admin/blog/strategy");
      await fitsItsBox(
        page,
        "/admin/blog/strategy",
        'table:has(> caption), button[aria-label^="Add a topic on"]',
      );
      await fitsThePhone(page, "/admin/blog/strategy");
      await navigateInApp(page, "/admin/team");
      const newChannel = page.getByRole("button", { name: "New channel" });
      await newChannel.waitFor();
      const channelBox = await newChannel.boundingBox();
      expect(channelBox && channelBox.x >= 0 && channelBox.x + channelBox.width <= PHONE.width).toBe(true);

      // The dashboard's amounts stay on one line each, the pipeline's total included.
      await navigateInApp(page, "/dashboard");
      const byStage = page.getByRole("list", { name: "Pipeline value by stage" });
      await byStage.getByRole("listitem").first().waitFor();
      for (const item of await byStage.getByRole("listitem").all()) expect(await linesOf(item)).toBe(1);
      expect(await linesOf(page.getByTestId("pipeline-total"))).toBe(1);
      await fitsThePhone(page, "/dashboard");

      for (const [path, name, action] of OTHER_LISTS) {
        await navigateInApp(page, path);
        await page.getByRole("heading", { level: 1, name }).waitFor();
        await fitsThePhone(page, path);
        if (action) await primaryActionReachable(page, path, action);
        // A page loaded afresh is named by the edge (the frame does not rename the tab): its HTML.
        expect(await edgeTitle(path), path).toContain(name);
      }
      expect(errors).toEqual([]);
    } catch (e) {
      await screenshot(page, `phone-layouts-${tag}`);
      throw e;
    } finally {
      await page.context().close();
    }
  });
});
