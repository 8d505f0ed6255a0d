/**
 * Team chat end to end (issue 5 "Tests"): two admins in two browser contexts on the CRM host.
 * One chats from /admin/team; the other, elsewhere in the back office, gets the notification
 * toast (sender's name, 50-character preview + '...', 'View Chat') and follows it to the chat;
 * replies, edits and deletes then travel live between the two.
 */
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CHAT_PREVIEW_LENGTH, TEAM_CHAT_PATH, TEXT } from "#core/constants.ts";
import { launchBrowser, screenshot, signedInPage, type WatchedPage } from "#tests/support/browser.ts";
import { createTestUser, deleteTestUser, serviceClient, type TestUser } from "#tests/support/supabase.ts";
import { expectAccessible } from "../shell/helpers.ts";

let browser: Browser;
let channelId: string | null = null;
let ama: TestUser;
let kofi: TestUser;
const opened: WatchedPage[] = [];

async function named(first: string, last: string): Promise<TestUser> {
  const u = await createTestUser({ role: "admin" });
  const { error } = await serviceClient()
    .from("profiles")
    .update({ first_name: first, last_name: last })
    .eq("user_id", u.id);
  if (error) throw new Error(error.message);
  return u;
}

async function signInOnCrm(user: TestUser, path: string): Promise<Page> {
  const w = await signedInPage(browser, user, path);
  opened.push(w);
  await w.page.locator('[data-testid="realtime-status"][data-status="connected"]').waitFor();
  return w.page;
}

const toast = (page: Page, text: string) =>
  page.locator("[data-sonner-toast]").filter({ hasText: text }).first();

beforeAll(async () => {
  browser = await launchBrowser();
  [ama, kofi] = await Promise.all([named("Ama", "Owusu"), named("Kofi", "Boateng")]);
});

afterAll(async () => {
  await browser?.close();
  if (channelId) await serviceClient().from("team_channels").delete().eq("id", channelId);
  await Promise.all([ama, kofi].filter(Boolean).map((u) => deleteTestUser(u.id)));
});

describe("team chat in two browsers", () => {
  it("chats live and notifies the admin who is elsewhere", async () => {
    const a = await signInOnCrm(ama, TEAM_CHAT_PATH);
    const b = await signInOnCrm(kofi, "/dashboard");
    try {
      await a.getByRole("heading", { name: "# General" }).waitFor();
      // Both are online; Ama's list shows Kofi.
      await a.getByTestId("online-list").getByText("Kofi Boateng").waitFor();

      const text = `Viewing at East Legon moved to 3 pm — please confirm with the client today ${crypto.randomUUID().slice(0, 6)}`;
      expect(text.length).toBeGreaterThan(CHAT_PREVIEW_LENGTH);
      const composer = a.getByLabel("Message #General");
      await composer.fill("first line");
      await composer.press("Shift+Enter");
      await composer.pressSequentially("second line");
      expect(await composer.inputValue()).toBe("first line\nsecond line");
      await composer.fill(text);
      // Kofi's notification lasts 6 s: watch for it from the moment the message leaves, so a
      // slow step on Ama's side cannot let it come and go unseen.
      const note = toast(b, "Ama Owusu");
      const noted = note.waitFor();
      await composer.press("Enter");
      await toast(a, TEXT.messageSent).waitFor();
      const mine = a.getByTestId("chat-message").filter({ hasText: text });
      await mine.waitFor();
      const mineId = await mine.getAttribute("data-message-id");
      expect(mineId).toMatch(/^[0-9a-f-]{36}$/);
      const byId = (page: Page) => page.locator(`[data-message-id="${mineId}"]`);
      // No notification for one's own message.
      expect(await toast(a, "Ama Owusu").count()).toBe(0);

      // Kofi, on the dashboard, gets the notification: name, 50 characters + '...', View Chat.
      await noted;
      // Hovering the toasts pauses their timer while the test reads and follows this one.
      await note.hover();
      await expect(note.textContent()).resolves.toContain(`${text.slice(0, CHAT_PREVIEW_LENGTH)}...`);
      expect(await note.textContent()).not.toContain(
        text.slice(CHAT_PREVIEW_LENGTH, CHAT_PREVIEW_LENGTH + 10),
      );
      await note.getByRole("button", { name: TEXT.viewChat }).click();
      await b.waitForFunction((p) => window.location.pathname === p, TEAM_CHAT_PATH);
      const seen = b.getByTestId("chat-message").filter({ hasText: text });
      await seen.waitFor();
      await b.getByTestId("day-separator").first().waitFor();
      await expectAccessible(b, "the team chat screen");

      // Kofi replies; Ama sees it live, with the quote, and no toast for her open channel.
      await seen.hover();
      await seen.getByRole("button", { name: "Reply to Ama Owusu" }).click();
      await b.getByTestId("reply-banner").waitFor();
      await b.getByLabel("Message #General").fill("Confirmed with the client.");
      await b.getByLabel("Message #General").press("Enter");
      const reply = a.getByTestId("chat-message").filter({ hasText: "Confirmed with the client." });
      await reply.waitFor();
      await expect(reply.getByTestId("reply-quote").textContent()).resolves.toContain("Ama Owusu");
      expect(await toast(a, "Kofi Boateng").count()).toBe(0);

      // Ama edits her message: Kofi sees the new text marked edited.
      await byId(a).hover();
      await byId(a).getByRole("button", { name: "Edit message" }).click();
      const editor = a.getByLabel("Edit message");
      await editor.fill("Viewing moved to 4 pm.");
      await editor.press("Enter");
      await toast(a, TEXT.messageUpdated).waitFor();
      const edited = byId(b);
      await edited.getByTestId("chat-message-text").getByText("Viewing moved to 4 pm.").waitFor();
      await edited.getByText("(edited)").waitFor();
      // Kofi cannot edit or delete Ama's message.
      await edited.hover();
      expect(await edited.getByRole("button", { name: "Edit message" }).count()).toBe(0);

      // Ama deletes it: it disappears for Kofi.
      const editedMine = byId(a);
      await editedMine.hover();
      await editedMine.getByRole("button", { name: "Delete message" }).click();
      await a.getByRole("dialog").getByRole("button", { name: "Delete" }).click();
      await toast(a, TEXT.messageDeleted).waitFor();
      await edited.waitFor({ state: "detached" });

      // Ama creates a channel and posts there: Kofi (on #General) gets a toast and an unread count.
      const suffix = crypto.randomUUID().slice(0, 6);
      channelId = `sales-${suffix}`;
      await a.getByRole("button", { name: "New channel" }).click();
      await a.getByLabel("Name").fill(`Sales ${suffix}`);
      await a.getByRole("button", { name: "Create channel" }).click();
      await a.getByRole("heading", { name: `# Sales ${suffix}` }).waitFor();
      await a.getByLabel(`Message #Sales ${suffix}`).fill("Q4 pipeline review on Friday");
      await a.getByLabel(`Message #Sales ${suffix}`).press("Enter");
      await toast(b, "Q4 pipeline review on Friday").waitFor();
      await b.getByTestId(`unread-${channelId}`).getByText("1").waitFor();
      await b.getByTestId(`channel-${channelId}`).click();
      await b.getByTestId("chat-message").filter({ hasText: "Q4 pipeline review on Friday" }).waitFor();
      expect(await b.getByTestId(`unread-${channelId}`).count()).toBe(0);

      for (const w of opened)
        expect(
          w.errors.filter((e) => !/favicon|Failed to load resource/.test(e)),
          "console errors",
        ).toEqual([]);
    } catch (err) {
      await screenshot(a, "team-chat-a");
      await screenshot(b, "team-chat-b");
      throw err;
    }
  });
});
