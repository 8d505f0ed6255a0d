/**
 * A notification poke end to end (issue 11 item 6, issue 17 item 8) in Chromium: a colleague
 * creates a `notifications` row (RLS: as themselves, for a back-office user) and pokes the
 * recipient through the hub with ids only; the recipient's open page refetches through RLS — the
 * bell's count and a toast with the row's title — without a reload (the bell's own poll is 60 s).
 */
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, openPage, screenshot, signInOnPage } from "#tests/support/browser.ts";
import { openHub, type HubSocket } from "#tests/hub/hub-socket.ts";
import { createTestUser, deleteTestUser, signedInClient, type TestUser } from "#tests/support/supabase.ts";
import { expectToast } from "../shell/helpers.ts";

let browser: Browser;
let sender: TestUser;
let recipient: TestUser;
let socket: HubSocket | null = null;

beforeAll(async () => {
  browser = await launchBrowser();
  [sender, recipient] = await Promise.all([
    createTestUser({ role: "admin" }),
    createTestUser({ role: "staff" }),
  ]);
});
afterAll(async () => {
  socket?.close();
  await browser?.close();
  for (const u of [sender, recipient]) if (u) await deleteTestUser(u.id);
});

describe("notification pokes", () => {
  it("the recipient's bell and toast show the new notification at once, read through RLS", async () => {
    const { page, context, errors } = await openPage(browser);
    try {
      await signInOnPage(page, recipient, "/dashboard", { host: null });
      const bell = page.getByTestId("notification-bell");
      await bell.waitFor();
      expect(await bell.getAttribute("aria-label")).toBe("Notifications");

      const db = await signedInClient(sender.email, sender.password);
      const token = (await db.auth.getSession()).data.session!.access_token;
      socket = await openHub();
      socket.send({ type: "auth", token });
      await socket.next((f) => f.type === "auth_success");
      // The recipient's page is connected once the hub reports them online.
      await socket.next(
        (f) => f.type === "presence_updated" && f.userId === recipient.id && f.status !== "offline",
        15_000,
      );

      const title = `Call Kofi about the Oyarifa plot ${crypto.randomUUID().slice(0, 6)}`;
      // The sender may not read the recipient's row back (RLS), so the id is chosen here.
      const notificationId = crypto.randomUUID();
      const { error } = await db.from("notifications").insert({
        id: notificationId,
        user_id: recipient.id,
        kind: "task_assigned",
        title,
        actor_id: sender.id,
      });
      expect(error).toBeNull();
      socket.send({
        type: "notification",
        targetUserId: recipient.id,
        kind: "task_assigned",
        notificationId,
      });

      await page.getByRole("button", { name: "Notifications, 1 unread" }).waitFor();
      await expectToast(page, title);
      expect(errors).toEqual([]);
    } catch (e) {
      await screenshot(page, "notification-poke");
      throw e;
    } finally {
      await context.close();
    }
  });
});
