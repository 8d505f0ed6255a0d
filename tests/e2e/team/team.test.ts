/**
 * Team administration in one walk: an admin reaches the team screen from Settings and invites a
 * staff member of a branch; the invitee opens the mailed link, sets a password and lands in the
 * back-office; the admin switches contacts to branch visibility and the member sees a branch
 * colleague's contact; the admin deactivates the member with a hand-over — the token in the
 * member's browser reads nothing within 5 seconds (the time is printed), their contact now
 * belongs to the heir; an unknown back-office path shows the not-found page inside the frame.
 * Bad input and the last-admin guard are tested where enforced (tests/edge/team.test.ts,
 * tests/rls/team.test.ts, tests/schema/last-admin.test.ts).
 */
import crypto from "node:crypto";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AUTH_STORAGE_KEY } from "#core/site-config.ts";
import { SUPABASE_PUBLISHABLE_KEY, SUPABASE_URL } from "#scripts/local-env.ts";
import {
  launchBrowser,
  navigateInApp,
  openPage,
  screenshot,
  signInOnPage,
  type WatchedPage,
} from "#tests/support/browser.ts";
import { createTestUser, deleteTestUser, serviceClient, type TestUser } from "#tests/support/supabase.ts";
import { waitUntil } from "#tests/support/wait.ts";
import { expectToast, waitForPath } from "../shell/helpers.ts";

const service = serviceClient();
const tag = crypto.randomUUID().slice(0, 8);
const inviteeEmail = `akosua-${tag}@tests.example`;
let browser: Browser;
let admin: TestUser, mate: TestUser, heir: TestUser;
let branchId = "";
let inviteeId = "";
let contactsMode = "own";

beforeAll(async () => {
  browser = await launchBrowser();
  [admin, mate, heir] = await Promise.all([
    createTestUser({ role: "admin" }),
    createTestUser({ role: "staff" }),
    createTestUser({ role: "staff" }),
  ]);
  const branch = await service
    .from("branches")
    .insert({ name: `Ho ${tag}` })
    .select("id")
    .single();
  branchId = (branch.data as { id: string }).id;
  await service
    .from("profiles")
    .update({ first_name: "Yaw", last_name: `Heir ${tag}` })
    .eq("user_id", heir.id);
  await service.from("profiles").update({ branch_id: branchId }).eq("user_id", mate.id);
  await service
    .from("contacts")
    .insert({ first_name: "Colleague", last_name: `Client ${tag}`, owner_id: mate.id });
  const mode = await service.from("module_access").select("mode").eq("module", "contacts").single();
  contactsMode = (mode.data as { mode: string }).mode;
});

afterAll(async () => {
  await service.from("module_access").update({ mode: contactsMode }).eq("module", "contacts");
  await service.from("contacts").delete().like("last_name", `%${tag}`);
  for (const id of [inviteeId, admin?.id, mate?.id, heir?.id]) if (id) await deleteTestUser(id);
  await service.from("branches").delete().eq("id", branchId);
  await browser?.close();
});

/** The REST read the member's own browser would make, with the token stored there. */
async function readsWithStoredToken(page: Page): Promise<number> {
  const token = await page.evaluate(
    (key) => (JSON.parse(localStorage.getItem(key) ?? "{}") as { access_token?: string }).access_token ?? "",
    AUTH_STORAGE_KEY,
  );
  const res = await fetch(`${SUPABASE_URL}/rest/v1/contacts?select=id&last_name=like.*${tag}`, {
    headers: { apikey: SUPABASE_PUBLISHABLE_KEY, authorization: `Bearer ${token}` },
  });
  return res.ok ? ((await res.json()) as unknown[]).length : 0;
}

describe("team administration", () => {
  it("invite → set password → branch visibility → deactivate with hand-over → token refused", async () => {
    const adminSide: WatchedPage = await openPage(browser);
    const memberSide: WatchedPage = await openPage(browser);
    const a = adminSide.page;
    const m = memberSide.page;
    try {
      // The admin finds the team screen from Settings and invites a staff member of the branch.
      await signInOnPage(a, admin, "/settings");
      await a.getByRole("link", { name: "Team & users" }).click();
      await waitForPath(a, "/settings/team");
      await a.getByRole("button", { name: "Invite a member" }).click();
      const form = a.getByRole("dialog", { name: "Invite a team member" });
      await form.getByLabel("First name").fill("Akosua");
      await form.getByLabel("Last name").fill(`Frimpong ${tag}`);
      await form.getByLabel("E-mail").fill(inviteeEmail);
      await form.getByLabel("Role").selectOption("staff");
      await form.getByLabel("Branch").selectOption({ label: `Ho ${tag}` });
      await form.getByRole("button", { name: "Send invitation" }).click();
      await expectToast(a, `Invitation sent to ${inviteeEmail}`);
      await a.getByRole("list", { name: "Pending invitations" }).getByText(inviteeEmail).waitFor();
      // On a phone the members are cards, not a table wider than the screen.
      await a.setViewportSize({ width: 390, height: 844 });
      const members = a.getByRole("table", { name: "Team members" });
      expect((await members.boundingBox())!.width, "the members fit a 390 px phone").toBeLessThanOrEqual(390);
      expect(await a.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await a.setViewportSize({ width: 1280, height: 800 });

      // The invitee opens the mailed link and sets a password.
      const mail = await waitUntil("the invitation mail", async () => {
        const res = await fetch(
          `${SUPABASE_URL}/_outbox/api/messages?to=${encodeURIComponent(inviteeEmail)}`,
        );
        return ((await res.json()) as { messages: { html: string }[] }).messages[0];
      });
      const link = /href="([^"]+)"/.exec(mail.html)![1]!.replace(/&amp;/g, "&");
      await m.goto(link);
      await waitForPath(m, "/auth/reset-password");
      await m.getByLabel("New password", { exact: true }).fill("akosua-password-1");
      await m.getByLabel("Confirm the new password").fill("akosua-password-1");
      await m.getByRole("button", { name: "Save the new password" }).click();
      await waitForPath(m, "/dashboard");
      const profile = await service
        .from("profiles")
        .select("user_id, role, branch_id")
        .eq("email", inviteeEmail)
        .single();
      inviteeId = (profile.data as { user_id: string }).user_id;
      expect(profile.data).toMatchObject({ role: "staff", branch_id: branchId });
      await service
        .from("contacts")
        .insert({ first_name: "Own", last_name: `Client ${tag}`, owner_id: inviteeId });

      // Branch visibility: the member sees the colleague's contact.
      await navigateInApp(a, "/settings");
      await a.getByRole("combobox", { name: /Business contacts/ }).selectOption("branch");
      await expectToast(a, "Staff now see the records of everyone in their branch");
      await navigateInApp(m, "/business-contacts");
      await m.getByText(`Colleague Client ${tag}`).first().waitFor();

      // Deactivation with hand-over to another agent.
      await navigateInApp(a, "/settings/team");
      await a.getByRole("button", { name: `Deactivate Akosua Frimpong ${tag}` }).click();
      const leave = a.getByRole("dialog", { name: `Deactivate Akosua Frimpong ${tag}` });
      await leave.getByText("Contacts: 1").waitFor();
      await leave.getByLabel("Hand the open records over to").selectOption({ label: `Yaw Heir ${tag}` });
      await leave.getByRole("button", { name: "Deactivate" }).click();
      await expectToast(a, `Akosua Frimpong ${tag} is deactivated`);
      const t0 = Date.now();
      await waitUntil(
        "the member's token to read nothing",
        async () => (await readsWithStoredToken(m)) === 0,
        {
          timeoutMs: 5000,
          intervalMs: 50,
        },
      );
      console.log(`deactivation → first refused request from the member's browser: ${Date.now() - t0} ms`);
      const owner = await service
        .from("contacts")
        .select("owner_id")
        .eq("last_name", `Client ${tag}`)
        .eq("first_name", "Own")
        .single();
      expect(owner.data).toEqual({ owner_id: heir.id });

      // An unknown back-office path: the not-found page inside the frame.
      await navigateInApp(a, "/admin/users");
      await a.getByRole("heading", { name: "This back-office page does not exist" }).waitFor();
      await a.getByRole("navigation", { name: "Back-office modules" }).waitFor();
    } catch (e) {
      await screenshot(a, "team-admin");
      await screenshot(m, "team-member");
      throw e;
    } finally {
      await adminSide.context.close();
      await memberSide.context.close();
    }
  });
});
