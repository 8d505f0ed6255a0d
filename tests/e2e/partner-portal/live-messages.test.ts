/**
 * Partner messages live (issue 16 item 5): an admin writes in a partner's thread on the CRM and
 * the partner's open portal shows it without a reload, and the partner's answer appears in the
 * admin's open thread the same way — through the hub, ids only, each side refetching under RLS.
 * The partner's socket is watched for the whole test: it receives its sign-in confirmation and
 * its own thread's updates, never a team frame (chat, presence, record updates, pokes).
 */
import crypto from "node:crypto";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, openPage, screenshot, signInOnPage } from "#tests/support/browser.ts";
import { createTestUser, deleteTestUser, serviceClient, type TestUser } from "#tests/support/supabase.ts";

const service = serviceClient();
const tag = crypto.randomUUID().slice(0, 6);
const partnerName = `Adinkra Homes ${tag}`;
let browser: Browser;
let admin: TestUser;
let agent: TestUser;
let partnerId = "";

/** Every text frame the page's hub socket receives, and a promise settled by the hub's auth_success. */
function watchHub(page: Page): { frames: string[]; ready: Promise<void> } {
  const frames: string[] = [];
  let resolve = () => {};
  const ready = new Promise<void>((r) => (resolve = r));
  page.on("websocket", (ws) => {
    if (!ws.url().includes("/parties/hub/")) return;
    ws.on("framereceived", ({ payload }) => {
      const text = String(payload);
      frames.push(text);
      if (text.includes('"type":"auth_success"')) resolve();
    });
  });
  return { frames, ready };
}

async function must<T>(
  p: PromiseLike<{ data: T; error: { message: string } | null }>,
  what: string,
): Promise<T> {
  const { data, error } = await p;
  if (error) throw new Error(`${what}: ${error.message}`);
  return data;
}

beforeAll(async () => {
  browser = await launchBrowser();
  [admin, agent] = await Promise.all([createTestUser({ role: "admin" }), createTestUser({ role: null })]);
  partnerId = (
    (await must(
      service
        .from("partners")
        .insert({
          kind: "agency",
          name: partnerName,
          reac_licence_number: `REAC/AG/2026/L${tag}`.toUpperCase(),
          default_split_percent: 40,
        })
        .select("id")
        .single(),
      "partner",
    )) as { id: string }
  ).id;
  const member = (await must(
    service
      .from("partner_members")
      .insert({ partner_id: partnerId, full_name: "Akua Boateng", email: agent.email })
      .select("id")
      .single(),
    "member",
  )) as { id: string };
  await must(service.rpc("attach_partner_user", { member: member.id, account: agent.id }), "attach");
});
afterAll(async () => {
  if (partnerId) await service.from("partners").delete().eq("id", partnerId);
  await browser?.close();
  for (const u of [admin, agent]) if (u) await deleteTestUser(u.id);
});

describe("partner messages, live", () => {
  it("an admin's message appears in the partner's open portal and the partner's answer in the admin's open thread, without a reload", async () => {
    const office = await openPage(browser);
    const portal = await openPage(browser);
    const officeHub = watchHub(office.page);
    const portalHub = watchHub(portal.page);
    try {
      // The partner opens the portal's messages on the collab host.
      await signInOnPage(portal.page, agent, "/", { host: "collab" });
      await portal.page.getByRole("heading", { level: 1, name: partnerName }).waitFor();
      await portal.page
        .getByRole("navigation", { name: "Portal" })
        .getByRole("button", { name: /^Messages/ })
        .click();
      const partnerThread = portal.page.getByRole("list", { name: /^Messages with / });

      // The admin opens the partner's thread on the CRM.
      await signInOnPage(office.page, admin, `/collaboration-management/${partnerId}?tab=messages`);
      const adminThread = office.page.getByRole("list", { name: `Messages with ${partnerName}` });
      await office.page.getByLabel("Message", { exact: true }).waitFor();
      // Both sockets signed in to the hub before anyone writes (a frame is not replayed to a later socket).
      await Promise.all([officeHub.ready, portalHub.ready]);

      const toPartner = `Can your client view the Airport Residential flat on Thursday? ${tag}`;
      await office.page.getByLabel("Message", { exact: true }).fill(toPartner);
      await office.page.getByRole("button", { name: "Send" }).click();
      await adminThread.getByText(toPartner).waitFor();
      await partnerThread.getByText(toPartner).waitFor();

      const toAgency = `Thursday at 14:00 suits them ${tag}`;
      await portal.page.getByLabel("Message", { exact: true }).fill(toAgency);
      await portal.page.getByRole("button", { name: "Send" }).click();
      await partnerThread.getByText(toAgency).waitFor();
      await adminThread.getByText(toAgency).waitFor();

      // What the partner's socket heard: its sign-in and its own thread's updates, nothing of the team's.
      const types = portalHub.frames.map((f) => JSON.parse(f) as { type: string; partnerId?: string });
      expect(types.some((f) => f.type === "partner_thread_update" && f.partnerId === partnerId)).toBe(true);
      expect(
        types.filter(
          (f) =>
            !(f.type === "auth_success" || (f.type === "partner_thread_update" && f.partnerId === partnerId)),
        ),
      ).toEqual([]);
      expect(office.errors).toEqual([]);
      expect(portal.errors).toEqual([]);
    } catch (e) {
      await screenshot(portal.page, "partner-live-portal");
      await screenshot(office.page, "partner-live-office");
      throw e;
    } finally {
      await office.context.close();
      await portal.context.close();
    }
  });
});
