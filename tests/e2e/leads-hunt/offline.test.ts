/**
 * The leads hunt in a dead zone: after one visit the service worker has the app and the device
 * has the call list, so a reload without network shows the last list (marked offline); an
 * outcome recorded then waits on the phone (with a visible retry) and reaches the database once
 * the network is back — once, even when replayed.
 */
import crypto from "node:crypto";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, screenshot, signedInPage } from "#tests/support/browser.ts";
import { createTestUser, deleteTestUser, signedInClient, type TestUser } from "#tests/support/supabase.ts";
import { service } from "../properties-admin/helpers.ts";
import { seedLeads } from "./leads-fixture.ts";

let browser: Browser;
let staff: TestUser;
const tag = crypto.randomUUID().slice(0, 6);
const ids: string[] = [];
const NAMES = ["Akosua Mensah", "Kojo Antwi"];

beforeAll(async () => {
  browser = await launchBrowser();
  staff = await createTestUser({ role: "staff" });
  ids.push(
    ...(await seedLeads(service, NAMES, { tag, ownerId: staff.id, city: "Kumasi", phonePrefix: "+23320" })),
  );
});
afterAll(async () => {
  if (ids.length) await service.from("contacts").delete().in("id", ids);
  await browser?.close();
  if (staff) await deleteTestUser(staff.id);
});

describe("the leads hunt offline", () => {
  it("reloads without network into the last call list and syncs an outcome recorded offline", async () => {
    const { page, context, errors } = await signedInPage(browser, staff, "/leads-hunt", {
      serviceWorkers: "allow",
    });
    try {
      const lead = page.getByRole("article", { name: /^Lead: / });
      await lead.waitFor();
      const firstName = (await lead.getAttribute("aria-label"))!.replace(/^Lead: /, "");
      expect(NAMES.map((n) => `${n} ${tag}`)).toContain(firstName);
      // The service worker has installed (the app is cached) and controls the page.
      await page.waitForFunction(() => navigator.serviceWorker.controller !== null);

      await context.setOffline(true);
      await page.reload();
      await page.getByRole("heading", { level: 1, name: "Leads hunt" }).waitFor();
      await page
        .getByTestId("offline-list")
        .getByText(/^Offline: this is the call list as of /)
        .waitFor();
      await page.getByRole("article", { name: `Lead: ${firstName}` }).waitFor();

      // An outcome recorded offline waits, with a retry the user can press; the next lead shows.
      await page.keyboard.press("1");
      const outbox = page.getByTestId("outbox");
      await outbox.getByText(/^1 outcome is waiting to sync/).waitFor();
      await outbox.getByRole("button", { name: "Retry now" }).click();
      await outbox.getByText(/^1 outcome is waiting to sync/).waitFor();
      await page.waitForFunction((n) => !document.querySelector(`[aria-label="Lead: ${n}"]`), firstName);

      await context.setOffline(false);
      await outbox.waitFor({ state: "detached" });
      const contactId = ids[NAMES.findIndex((n) => `${n} ${tag}` === firstName)]!;
      await expect
        .poll(async () => {
          const { data } = await service
            .from("contact_activities")
            .select("id")
            .eq("contact_id", contactId)
            .eq("kind", "call");
          return data ?? [];
        })
        .toHaveLength(1);
      const { data: calls } = await service
        .from("contact_activities")
        .select("dedup_key, actor_id, details")
        .in("contact_id", ids)
        .eq("kind", "call");
      expect(calls).toHaveLength(1);
      const call = calls![0] as { dedup_key: string; actor_id: string; details: { outcome: string } };
      expect(call.actor_id).toBe(staff.id);
      expect(call.details.outcome).toBe("no_answer");

      // A replay of the same outcome (its answer lost on the way back) is refused as a duplicate.
      const asStaff = await signedInClient(staff.email, staff.password);
      const replay = await asStaff.from("contact_activities").insert({
        contact_id: contactId,
        kind: "call",
        summary: "replayed",
        actor_id: staff.id,
        dedup_key: call.dedup_key,
      });
      expect(replay.error?.code).toBe("23505");

      // Offline, the fetches fail and the hub cannot connect; nothing else may go wrong.
      expect(
        errors.filter((e) => !/ERR_INTERNET_DISCONNECTED|Failed to fetch|network|websocket/i.test(e)),
      ).toEqual([]);
    } catch (err) {
      console.error("page errors:", errors);
      await screenshot(page, "leads-hunt-offline");
      throw err;
    } finally {
      await context.close();
    }
  });
});
