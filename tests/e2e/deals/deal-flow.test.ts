/**
 * Deals end to end for a staff member: create a deal (commission previewed by
 * core), split the commission between the agent and the house (amounts by core, saved all or
 * nothing), move it along its pipeline from the deal's page, lose it with a reason, and switch the
 * list between board, table and forecast. The denied case: a lost deal is closed, and only an
 * admin may reopen it — staff get core's reason and nothing changes.
 */
import crypto from "node:crypto";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { displayName } from "#core/profile-names.ts";
import { launchBrowser, screenshot, signedInPage } from "#tests/support/browser.ts";
import { createTestUser, deleteTestUser, type TestUser } from "#tests/support/supabase.ts";
import { service, toast } from "../properties-admin/helpers.ts";

let browser: Browser;
let staff: TestUser;
const tag = crypto.randomUUID().slice(0, 6);
const title = `4-bed house, Spintex — Asante ${tag}`;

beforeAll(async () => {
  browser = await launchBrowser();
  staff = await createTestUser({ role: "staff" });
});
afterAll(async () => {
  await service.from("tasks").delete().like("title", `%${tag}`);
  await service.from("deals").delete().like("title", `%${tag}`);
  await browser?.close();
  if (staff) await deleteTestUser(staff.id);
});

describe("a staff member's deal", () => {
  it("creates it, splits the commission, moves it, loses it and cannot reopen it", async () => {
    const { page, errors } = await signedInPage(browser, staff, "/deals");
    try {
      await page.getByTestId("deal-board").waitFor();
      await page.getByRole("link", { name: "New deal" }).click();
      const form = page.getByRole("form", { name: "New deal" });
      await form.waitFor();
      await form.getByRole("textbox", { name: "Deal", exact: true }).fill(title);
      await form.getByRole("textbox", { name: "Value", exact: true }).fill("1,000,000");
      await form.getByRole("textbox", { name: "Commission rate (%)" }).fill("5");
      await expect.poll(() => form.getByTestId("commission-preview").textContent()).toMatch(/50,000/);
      await form.getByRole("button", { name: "Create deal" }).click();
      await toast(page, "Deal created").waitFor();
      await page.waitForFunction(() => /\/deals\/[0-9a-f-]{36}$/.test(window.location.pathname), undefined);
      const id = new URL(page.url()).pathname.split("/").pop()!;
      const row = async () =>
        (
          await service
            .from("deals")
            .select("status, stage_id, owner_id, lost_reason_id")
            .eq("id", id)
            .single()
        ).data as { status: string; stage_id: string; owner_id: string; lost_reason_id: string | null };
      expect((await row()).owner_id).toBe(staff.id);

      // The page opens on its summary (status, owner, next step), not on the edit form; a task due
      // tomorrow becomes the next step, and the tab in the URL survives a reload.
      const fact = (label: string) => page.getByTestId("record-summary").locator(`[data-fact="${label}"] dd`);
      await expect.poll(() => fact("Status").textContent()).toBe("Open");
      const profile = (
        await service.from("profiles").select("first_name, last_name").eq("user_id", staff.id).single()
      ).data as { first_name: string | null; last_name: string | null };
      await expect.poll(() => fact("Owner").textContent()).toBe(displayName(profile, staff.email));
      await fact("Next step").getByText("Nothing planned").waitFor();
      expect(await page.getByRole("form", { name: "Deal details" }).count()).toBe(0);
      const due = new Date(Date.now() + 86_400_000).toISOString();
      const { error: taskError } = await service
        .from("tasks")
        .insert({ title: `Send the offer letter ${tag}`, deal_id: id, assignee_id: staff.id, due_at: due });
      expect(taskError).toBeNull();
      await page.getByRole("tab", { name: "Commission" }).click();
      await page.waitForFunction(() => new URLSearchParams(location.search).get("tab") === "commission");
      await page.reload();
      await page.getByRole("tab", { name: "Commission", selected: true }).waitFor();
      await fact("Next step")
        .getByRole("link", { name: `Send the offer letter ${tag}` })
        .waitFor();

      // Commission: the agent 70 %, the house 30 % of GHS 50,000.
      await page.getByTestId("commission-total").filter({ hasText: "50,000" }).waitFor();
      const first = page.getByRole("listitem", { name: "Share 1" });
      await first.getByRole("textbox", { name: "Percent" }).fill("70");
      await page.getByRole("button", { name: "Add a share" }).click();
      const second = page.getByRole("listitem", { name: "Share 2" });
      await second.getByRole("textbox", { name: "Percent" }).fill("30");
      await expect
        .poll(() => page.getByTestId("split-amount").allTextContents())
        .toEqual([expect.stringMatching(/35,000/), expect.stringMatching(/15,000/)]);
      await page.getByRole("button", { name: "Save the split" }).click();
      await toast(page, "Commission split saved").waitFor();
      const splits = (
        await service
          .from("deal_commission_splits")
          .select("party, share_percent")
          .eq("deal_id", id)
          .order("position")
      ).data as { party: string; share_percent: number }[];
      expect(splits.map((s) => [s.party, Number(s.share_percent)])).toEqual([
        ["agent", 70],
        ["house", 30],
      ]);

      // Along the pipeline, then lost with a reason.
      const stage = page.getByRole("combobox", { name: "Stage", exact: true });
      await stage.selectOption({ label: "Offer made (40 %)" });
      await toast(page, "Moved to Offer made").waitFor();
      expect((await row()).stage_id).toBe("00000000-0000-4000-d200-000000000103");
      await stage.selectOption({ label: "Lost" });
      const dialog = page.getByRole("dialog", { name: /^Why was .* lost\?$/ });
      await dialog.getByRole("combobox", { name: "Reason" }).selectOption({ label: "Price too high" });
      await dialog.getByRole("button", { name: "Mark lost" }).click();
      await toast(page, "Marked lost").waitFor();
      expect(await row()).toMatchObject({
        status: "lost",
        lost_reason_id: "00000000-0000-4000-d300-000000000001",
      });

      // Denied: staff cannot reopen a lost deal (core's reason; nothing is sent).
      await stage.selectOption({ label: "New enquiry (10 %)" });
      await toast(page, "only an admin can reopen it").waitFor();
      expect((await row()).status).toBe("lost");

      // The list's three views.
      await page.getByRole("link", { name: "All deals" }).click();
      await page.getByTestId("deal-board").getByRole("link", { name: title }).waitFor();
      await page.getByRole("button", { name: "Table" }).click();
      await page.getByRole("table", { name: "Deals" }).getByText(title).waitFor();
      await page.getByRole("button", { name: "Forecast" }).click();
      await page.getByRole("heading", { name: /Weighted forecast/ }).waitFor();
      expect(errors).toEqual([]);
    } catch (e) {
      await screenshot(page, `deals-staff-${tag}`);
      throw e;
    } finally {
      await page.context().close();
    }
  });
});
