/**
 * The deals board (issue 12 item 2): an admin moves a card with the keyboard (Space, →, Space)
 * and a second admin's board shows the move by itself (hub `deal_update`, ids only, refetched
 * through RLS); a move core forbids — a deal without a value marked won — snaps back with core's
 * reason and nothing is written.
 */
import crypto from "node:crypto";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dealMoveError } from "#core/deals/deal-rules.ts";
import { launchBrowser, screenshot, signedInPage } from "#tests/support/browser.ts";
import { createTestUser, deleteTestUser, type TestUser } from "#tests/support/supabase.ts";
import { service, toast } from "../properties-admin/helpers.ts";
import { keyboardDragReady } from "../shell/helpers.ts";

let browser: Browser;
let mover: TestUser;
let watcher: TestUser;
const tag = crypto.randomUUID().slice(0, 6);
const SALE = "00000000-0000-4000-d100-000000000001";
const STAGE = {
  new: "00000000-0000-4000-d200-000000000101",
  viewing: "00000000-0000-4000-d200-000000000102",
  agreement: "00000000-0000-4000-d200-000000000105",
};
const moving = `Board move ${tag}`;
const valueless = `Board no value ${tag}`;
const ids: Record<string, string> = {};

beforeAll(async () => {
  browser = await launchBrowser();
  [mover, watcher] = await Promise.all([
    createTestUser({ role: "admin" }),
    createTestUser({ role: "admin" }),
  ]);
  const { data } = await service
    .from("deals")
    .insert([
      {
        title: moving,
        pipeline_id: SALE,
        stage_id: STAGE.new,
        value: 900000,
        currency: "GHS",
        owner_id: mover.id,
      },
      {
        title: valueless,
        pipeline_id: SALE,
        stage_id: STAGE.agreement,
        value: 0,
        currency: "GHS",
        owner_id: mover.id,
      },
    ])
    .select("id, title");
  for (const d of (data ?? []) as { id: string; title: string }[]) ids[d.title] = d.id;
});
afterAll(async () => {
  await service.from("deals").delete().like("title", `%${tag}`);
  await browser?.close();
  for (const u of [mover, watcher]) if (u) await deleteTestUser(u.id);
});

describe("the deals board", () => {
  it("a keyboard move shows on a colleague's board; a forbidden one snaps back with the reason", async () => {
    const a = await signedInPage(browser, mover, `/deals?q=${tag}`);
    const b = await signedInPage(browser, watcher, `/deals?q=${tag}`);
    try {
      const boardA = a.page.getByRole("region", { name: "Deals by stage" });
      const boardB = b.page.getByRole("region", { name: "Deals by stage" });
      await boardA
        .getByRole("group", { name: /^New enquiry/ })
        .getByText(moving)
        .waitFor();
      await boardB
        .getByRole("group", { name: /^New enquiry/ })
        .getByText(moving)
        .waitFor();

      const announced = (text: string) =>
        a.page.locator('[id^="DndLiveRegion"]').filter({ hasText: text }).waitFor({ state: "attached" });
      await a.page.getByRole("button", { name: `Move ${moving}`, exact: true }).focus();
      await a.page.keyboard.press("Space");
      await announced(`${moving} is over New enquiry`);
      await keyboardDragReady(a.page);
      await a.page.keyboard.press("ArrowRight");
      await announced(`${moving} is over Viewing`);
      await a.page.keyboard.press("Space");
      await expect
        .poll(
          async () =>
            (await service.from("deals").select("stage_id").eq("id", ids[moving]!).single()).data?.stage_id,
        )
        .toBe(STAGE.viewing);
      // The colleague's board, untouched, follows.
      await boardB
        .getByRole("group", { name: /^Viewing/ })
        .getByText(moving)
        .waitFor();

      await a.page.getByRole("button", { name: `Move ${valueless}`, exact: true }).focus();
      await a.page.keyboard.press("Space");
      await announced(`${valueless} is over Sale agreement`);
      await keyboardDragReady(a.page);
      await a.page.keyboard.press("ArrowRight");
      await announced("not allowed");
      await a.page.keyboard.press("Space");
      await toast(a.page, "Cannot move")
        .getByText(
          dealMoveError({
            from: "open",
            to: "won",
            samePipeline: true,
            value: 0,
            hasLostReason: true,
            isAdmin: true,
          })!,
        )
        .waitFor();
      expect(
        (await service.from("deals").select("status, stage_id").eq("id", ids[valueless]!).single()).data,
      ).toEqual({ status: "open", stage_id: STAGE.agreement });
      expect([...a.errors, ...b.errors]).toEqual([]);
    } catch (e) {
      await screenshot(a.page, `deals-board-a-${tag}`);
      await screenshot(b.page, `deals-board-b-${tag}`);
      throw e;
    } finally {
      await a.page.context().close();
      await b.page.context().close();
    }
  });
});
