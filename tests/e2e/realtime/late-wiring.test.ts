/**
 * A module's live wiring loads lazily, after the page's socket has connected. A frame that
 * arrives in between must not be lost: the tab replays what it received in the last
 * HUB_REPLAY_WINDOW_MS to wiring that mounts late. Here the team chat notifier's code is held
 * back until the page has received a colleague's message; once released, the toast still shows.
 * (On a loaded machine this gap is seconds long; the test makes it certain.)
 */
import fs from "node:fs";
import path from "node:path";
import type { Browser, Route } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_CHANNEL, TEXT } from "#core/constants.ts";
import { LOCAL_CLIENT_DIR } from "#scripts/local-env.ts";
import { launchBrowser, hostUrl, openPage, screenshot } from "#tests/support/browser.ts";
import { openHub, type HubSocket } from "#tests/hub/hub-socket.ts";
import { completeTwoFactor } from "../shell/helpers.ts";
import {
  createTestUser,
  deleteTestUser,
  serviceClient,
  signedInClient,
  type TestUser,
} from "#tests/support/supabase.ts";

/** The notifier's chunk (chunk files are named by their hash: found through the build's manifest). */
function notifierChunk(): string {
  const manifest = JSON.parse(
    fs.readFileSync(path.join(LOCAL_CLIENT_DIR, ".vite/manifest.json"), "utf8"),
  ) as Record<string, { file: string }>;
  const entry = manifest["app/features/team-chat/chat-notifications.tsx"];
  if (!entry) throw new Error("no team chat notifier chunk in the build manifest");
  return entry.file;
}

let browser: Browser;
let sender: TestUser;
let reader: TestUser;
let socket: HubSocket | null = null;
const tag = crypto.randomUUID().slice(0, 6);

beforeAll(async () => {
  browser = await launchBrowser();
  [sender, reader] = await Promise.all([
    createTestUser({ role: "admin" }),
    createTestUser({ role: "admin" }),
  ]);
  const { error } = await serviceClient()
    .from("profiles")
    .update({ first_name: "Efua", last_name: `Late ${tag}` })
    .eq("user_id", sender.id);
  if (error) throw new Error(error.message);
});
afterAll(async () => {
  socket?.close();
  await serviceClient().from("team_messages").delete().eq("user_id", sender.id);
  await browser?.close();
  for (const u of [sender, reader]) if (u) await deleteTestUser(u.id);
});

describe("live wiring that loads late", () => {
  it("still shows the chat notification for a message that arrived while its code was loading", async () => {
    const { page, context, errors } = await openPage(browser);
    // Hold the notifier's chunk until released.
    let release: () => void = () => {};
    const released = new Promise<void>((r) => (release = r));
    let held = false;
    await page.route(`**/${notifierChunk()}`, async (route: Route) => {
      held = true;
      await released;
      await route.continue();
    });
    // Every team message the page's socket receives.
    const received: string[] = [];
    page.on("websocket", (ws) =>
      ws.on("framereceived", ({ payload }) => {
        if (typeof payload === "string" && payload.includes('"team_message"')) received.push(payload);
      }),
    );
    try {
      await page.goto(hostUrl("crm", `/auth?redirectTo=${encodeURIComponent("/dashboard")}`));
      await page.getByLabel("Email").fill(reader.email);
      await page.getByLabel("Password").fill(reader.password);
      await page.getByRole("button", { name: TEXT.signInButton }).click();
      // The organisation requires two-factor for admins: the reader enters their authenticator code.
      await completeTwoFactor(page, reader.email);
      await page.locator('[data-testid="realtime-status"][data-status="connected"]').waitFor();
      await expect.poll(() => held).toBe(true);

      const db = await signedInClient(sender.email, sender.password);
      socket = await openHub();
      socket.send({ type: "auth", token: (await db.auth.getSession()).data.session!.access_token });
      await socket.next((f) => f.type === "auth_success");
      socket.send({ type: "join_channel", channelId: DEFAULT_CHANNEL });
      const text = `Keys for the Spintex flat are at the front desk ${tag}`;
      socket.send({
        type: "team_message",
        action: "insert",
        channelId: DEFAULT_CHANNEL,
        message: text,
        ref: "late-1",
      });
      await socket.next((f) => f.type === "team_message" && f.ref === "late-1", 15_000);
      await expect.poll(() => received.some((p) => p.includes(tag))).toBe(true);

      // Only now does the notifier's code arrive.
      release();
      const note = page
        .locator("[data-sonner-toast]")
        .filter({ hasText: `Efua Late ${tag}` })
        .first();
      await note.waitFor();
      await note.hover();
      expect(await note.textContent()).toContain(text.slice(0, 20));
      expect(errors).toEqual([]);
    } catch (e) {
      await screenshot(page, `late-wiring-${tag}`);
      throw e;
    } finally {
      release();
      await context.close();
    }
  });
});
