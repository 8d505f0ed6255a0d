/**
 * Leads hunt end to end: a staff member works five leads in the
 * full-screen workspace — one-key outcomes, a call-back time, one outcome recorded while the
 * network is down (queued, then sent once it is back) — each landing once in the contact's
 * timeline, with the daily counter against the day's goal (the staff member's leads-contacted goal
 * for the month, spread over its weekdays), a follow-up task for the interested lead and the call
 * back, and a way back to the dashboard.
 */
import crypto from "node:crypto";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dailyGoal } from "#core/leads-hunt/call-list.ts";
import { launchBrowser, screenshot, signedInPage } from "#tests/support/browser.ts";
import { createTestUser, deleteTestUser, type TestUser } from "#tests/support/supabase.ts";
import { service } from "../properties-admin/helpers.ts";
import { seedLeads } from "./leads-fixture.ts";

let browser: Browser;
let staff: TestUser;
const tag = crypto.randomUUID().slice(0, 6);
const ids: string[] = [];
const today = new Date();
const monthStart = `${today.toISOString().slice(0, 8)}01`;
const monthEnd = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() + 1, 0))
  .toISOString()
  .slice(0, 10);
const GOAL = { target: 130, period_start: monthStart, period_end: monthEnd };
const NAMES = ["Abena Owusu", "Kwabena Boateng", "Esi Quaye", "Yaa Asantewaa", "Fiifi Sarpong"];

beforeAll(async () => {
  browser = await launchBrowser();
  staff = await createTestUser({ role: "staff" });
  ids.push(
    ...(await seedLeads(service, NAMES, { tag, ownerId: staff.id, city: "Accra", phonePrefix: "+23324" })),
  );
  const goal = await service.from("goals").insert({
    metric: "leads_contacted",
    target: GOAL.target,
    period_type: "month",
    period_start: monthStart,
    user_id: staff.id,
    owner_id: staff.id,
  });
  if (goal.error) throw new Error(goal.error.message);
});
afterAll(async () => {
  if (staff) await service.from("tasks").delete().eq("owner_id", staff.id);
  if (ids.length) await service.from("contacts").delete().in("id", ids);
  await browser?.close();
  if (staff) await deleteTestUser(staff.id);
});

describe("the leads hunt", () => {
  it("a staff member works five leads with one-key outcomes, one of them offline", async () => {
    const { page, context, errors } = await signedInPage(browser, staff, "/leads-hunt");
    try {
      await page.getByRole("heading", { level: 1, name: "Leads hunt" }).waitFor();
      await page.getByRole("link", { name: "Back to the dashboard" }).first().waitFor();
      expect(
        await page.getByRole("navigation", { name: "Back-office modules" }).count(),
        "no dashboard layout",
      ).toBe(0);
      const counter = page.getByTestId("daily-counter");
      await counter.getByText("0").waitFor();
      await counter.getByText(`of ${dailyGoal(GOAL)} calls`).waitFor();
      expect(dailyGoal(GOAL), "the goal, not the default").not.toBe(20);

      const lead = page.getByRole("article", { name: /^Lead: / });
      const currentName = async () => (await lead.getAttribute("aria-label"))!.replace(/^Lead: /, "");
      const outcomes: Record<string, string> = {};

      // 1 → no answer, 3 → interested
      for (const [key, outcome] of [
        ["1", "no_answer"],
        ["3", "interested"],
      ] as const) {
        await lead.waitFor();
        const name = await currentName();
        expect(await lead.getByRole("link", { name: /^Call / }).getAttribute("href")).toMatch(/^tel:\+233/);
        expect(await lead.getByRole("link", { name: "WhatsApp" }).getAttribute("href")).toMatch(
          /^https:\/\/wa\.me\/233\d+\?text=Hello/,
        );
        await page.keyboard.press(key);
        await page.waitForFunction((n) => !document.querySelector(`[aria-label="Lead: ${n}"]`), name);
        outcomes[name] = outcome;
      }

      // Offline: 4 → not interested is queued, the next lead loads at once, then it is sent.
      await context.setOffline(true);
      const offlineName = await currentName();
      await page.keyboard.press("4");
      outcomes[offlineName] = "not_interested";
      await page.getByTestId("outbox").waitFor();
      await page.waitForFunction((n) => !document.querySelector(`[aria-label="Lead: ${n}"]`), offlineName);
      await context.setOffline(false);
      await page.getByTestId("outbox").waitFor({ state: "detached" });

      // 5 → wrong number; 2 → call back at a time.
      let name = await currentName();
      await page.keyboard.press("5");
      outcomes[name] = "wrong_number";
      await page.waitForFunction((n) => !document.querySelector(`[aria-label="Lead: ${n}"]`), name);
      name = await currentName();
      await page.keyboard.press("2");
      const callBack = page.getByRole("form", { name: "Call back" });
      await callBack.getByLabel("Call back at").fill("2026-12-01T15:30");
      await callBack.getByRole("button", { name: "Save call back" }).click();
      outcomes[name] = "call_back";

      await page.getByText("The call list is done for now.").waitFor();
      await counter.getByText("5", { exact: true }).waitFor();

      // Each outcome landed once in its contact's timeline.
      await expect
        .poll(
          async () =>
            (
              (await service.from("contact_activities").select("id").in("contact_id", ids).eq("kind", "call"))
                .data ?? []
            ).length,
        )
        .toBe(5);
      const rows = ((
        await service
          .from("contact_activities")
          .select("contact_id, summary, actor_id, details, contacts(display_name)")
          .in("contact_id", ids)
          .eq("kind", "call")
      ).data ?? []) as unknown as {
        summary: string;
        actor_id: string;
        details: { outcome: string; call_back_at: string | null; source: string };
        contacts: { display_name: string };
      }[];
      for (const r of rows) {
        expect(r.actor_id).toBe(staff.id);
        expect(r.details.source).toBe("leads_hunt");
        expect(r.details.outcome, r.contacts.display_name).toBe(outcomes[r.contacts.display_name]);
      }
      const back = rows.find((r) => r.details.outcome === "call_back")!;
      expect(back.details.call_back_at).not.toBeNull();
      expect(back.summary).toMatch(/^Call: asked to be called back /);
      // The lead worth chasing and the call back each got one follow-up task, the staff member's.
      const nameOf = (o: string) => Object.entries(outcomes).find(([, v]) => v === o)![0];
      const tasks = ((
        await service
          .from("tasks")
          .select("title, due_at, assignee_id, priority")
          .eq("owner_id", staff.id)
          .order("title")
      ).data ?? []) as { title: string; due_at: string; assignee_id: string; priority: string }[];
      expect(tasks.map((t) => t.title).sort()).toEqual(
        [`Call back ${nameOf("call_back")}`, `Follow up ${nameOf("interested")} (interested)`].sort(),
      );
      expect(tasks.every((t) => t.assignee_id === staff.id && t.priority === "high")).toBe(true);
      expect(Date.parse(tasks.find((t) => t.title.startsWith("Call back"))!.due_at)).toBe(
        Date.parse(back.details.call_back_at!),
      );
      // Offline: failed fetches; back online: the outbox resends, and an outcome whose first
      // answer was lost comes back 409 (same key, already stored), which the page counts as written.
      expect(
        errors.filter(
          (e) => !/ERR_INTERNET_DISCONNECTED|Failed to fetch|network|status of 409 \(Conflict\)/i.test(e),
        ),
      ).toEqual([]);

      await page.getByRole("link", { name: "Back to the dashboard" }).first().click();
      await page.waitForFunction(() => window.location.pathname === "/dashboard");
    } catch (err) {
      await screenshot(page, "leads-hunt");
      throw err;
    } finally {
      await context.close();
    }
  });
});
