/**
 * The hub against the whole running stack, continued (hub.test.ts has chat, sign-in, limits and
 * presence): notification pokes and record updates routed by role, rights re-checked against the
 * real auth service, and the SPA's own client reconnecting and relaying.
 */
import type {} from "@supabase/supabase-js";
import { describe, expect, it } from "vitest";
import { DEFAULT_CHANNEL, HUB_RIGHTS_TTL_MS, SOCKET_RECONNECT_BASE_DELAY_MS } from "#core/constants.ts";
import { HUB_CLOSE, type HubFrame } from "#core/schemas/hub.ts";
import { HubClient } from "#app/lib/realtime/hub-client.ts";
import { deleteTestUser, serviceClient } from "../support/supabase.ts";
import { HUB_ORIGIN, isError } from "./hub-socket.ts";
import { hubActor, hubFixture } from "./hub-fixture.ts";

const { who, authed, joined } = hubFixture();

describe("notification pokes and record updates", () => {
  it("a poke reaches the target's sockets only, naming the sender from their profile; a title is refused", async () => {
    await serviceClient()
      .from("profiles")
      .update({ first_name: "Kwame", last_name: "Mensah" })
      .eq("user_id", who.admin1.user.id);
    const sender = await authed(who.admin1);
    const target = await authed(who.staff);
    const bystander = await authed(who.admin2);
    const notificationId = crypto.randomUUID();
    sender.send({
      type: "notification",
      targetUserId: who.staff.user.id,
      kind: "task_assigned",
      notificationId,
    });
    expect(await target.next((f) => f.type === "notification")).toEqual({
      type: "notification",
      targetUserId: who.staff.user.id,
      fromUserId: who.admin1.user.id,
      from: { first_name: "Kwame", last_name: "Mensah", avatar_url: null },
      kind: "task_assigned",
      notificationId,
    });
    sender.send({
      type: "notification",
      targetUserId: who.staff.user.id,
      title: "Urgent: payroll",
      link: "https://evil.example",
    });
    expect(await sender.next(isError("invalid_frame"))).toBeTruthy();
    await sleep(500);
    expect(target.frames.some((f) => f.type === "notification")).toBe(false);
    expect(bystander.frames.some((f) => f.type === "notification")).toBe(false);
  });

  it("deal updates reach staff and admins; finance and property-hunt updates reach admins only", async () => {
    const sender = await authed(who.admin1);
    const admin = await authed(who.admin2);
    const member = await authed(who.staff);
    const ids = [crypto.randomUUID()];
    sender.send({ type: "deal_update", action: "moved", ids });
    for (const s of [admin, member])
      expect(await s.next((f) => f.type === "deal_update")).toEqual({
        type: "deal_update",
        action: "moved",
        ids,
        fromUserId: who.admin1.user.id,
      });
    sender.send({ type: "financial_update", action: "created", ids });
    sender.send({ type: "property_hunt_update", action: "updated", ids });
    expect(await admin.next((f) => f.type === "financial_update")).toBeTruthy();
    expect(await admin.next((f) => f.type === "property_hunt_update")).toBeTruthy();
    await sleep(500);
    expect(
      member.frames.some((f) => f.type === "financial_update" || f.type === "property_hunt_update"),
    ).toBe(false);
  });
});

describe("rights are re-checked against the real auth service", () => {
  it("a user demoted to no role stops receiving admin-only chat live and is disconnected", async () => {
    const victim = await hubActor("admin");
    try {
      const a = await joined(who.admin1);
      const v = await joined(victim);
      a.send({
        type: "team_message",
        action: "insert",
        channelId: DEFAULT_CHANNEL,
        message: `before ${crypto.randomUUID()}`,
        ref: "b",
      });
      expect(
        await v.next((f) => f.type === "team_message" && f.message.user_id === who.admin1.user.id),
      ).toBeTruthy();

      const { error } = await serviceClient()
        .from("profiles")
        .update({ role: null })
        .eq("user_id", victim.user.id);
      expect(error).toBeNull();
      await sleep(HUB_RIGHTS_TTL_MS + 200);
      const text = `after the demotion ${crypto.randomUUID()}`;
      a.send({ type: "team_message", action: "insert", channelId: DEFAULT_CHANNEL, message: text, ref: "a" });
      expect(await a.next((f) => f.type === "team_message" && f.ref === "a")).toBeTruthy();
      expect(await v.next(isError("forbidden"))).toBeTruthy();
      expect((await v.closed).code).toBe(HUB_CLOSE.accessRevoked);
      expect(v.frames.some((f) => f.type === "team_message" && f.message.message === text)).toBe(false);
    } finally {
      await deleteTestUser(victim.user.id);
    }
  });

  it("a logged-out session's socket can neither post nor join, and is disconnected", async () => {
    const victim = await hubActor("admin");
    try {
      const watcher = await joined(who.admin1);
      const poster = await joined(victim);
      const joiner = await authed(victim);
      await victim.client.auth.signOut({ scope: "global" });
      await sleep(HUB_RIGHTS_TTL_MS + 200);

      const text = `after sign-out ${crypto.randomUUID()}`;
      poster.send({
        type: "team_message",
        action: "insert",
        channelId: DEFAULT_CHANNEL,
        message: text,
        ref: "p",
      });
      // Refused at this write, or already by the hub's periodic re-check: closed either way.
      expect(await poster.next(isError("session_ended"))).toBeTruthy();
      expect((await poster.closed).code).toBe(HUB_CLOSE.accessRevoked);
      joiner.send({ type: "join_channel", channelId: DEFAULT_CHANNEL });
      expect(await joiner.next(isError("session_ended"))).toBeTruthy();
      expect((await joiner.closed).code).toBe(HUB_CLOSE.accessRevoked);

      const { data } = await serviceClient().from("team_messages").select("id").eq("message", text);
      expect(data).toEqual([]);
      expect(watcher.frames.some((f) => f.type === "team_message" && f.message.message === text)).toBe(false);
    } finally {
      await deleteTestUser(victim.user.id);
    }
  });
});

describe("the SPA's client (app/lib/realtime/hub-client.ts)", () => {
  it("after the hub drops the socket it reconnects with backoff, re-authenticates and rejoins its channels", async () => {
    const watcher = await joined(who.admin2);
    const client = new HubClient({ host: new URL(HUB_ORIGIN).host, protocol: "ws", token: who.admin1.token });
    const frames: HubFrame[] = [];
    client.on((f) => frames.push(f));
    client.join(DEFAULT_CHANNEL);
    try {
      await waitFor(() => client.status() === "connected");
      expect(
        await watcher.next((f) => f.type === "user_joined" && f.userId === who.admin1.user.id),
      ).toBeTruthy();

      // The hub drops the socket (4003: it refuses a bad re-auth). The client keeps its own token.
      (client as unknown as { socket: WebSocket }).socket.send(
        JSON.stringify({ type: "auth", token: "garbage" }),
      );
      await waitFor(() => client.status() !== "connected");
      const droppedAt = Date.now();
      expect(
        await watcher.next((f) => f.type === "user_left" && f.userId === who.admin1.user.id),
      ).toBeTruthy();

      await waitFor(() => client.status() === "connected", 10_000);
      expect(Date.now() - droppedAt).toBeGreaterThanOrEqual(SOCKET_RECONNECT_BASE_DELAY_MS - 100);
      expect(
        await watcher.next((f) => f.type === "user_joined" && f.userId === who.admin1.user.id),
      ).toBeTruthy();
      expect(frames.filter((f) => f.type === "auth_success")).toHaveLength(2);

      // Rejoined for real: a write lands and comes back.
      const echo = await client.writeTeamMessage({
        action: "insert",
        channelId: DEFAULT_CHANNEL,
        message: "back after a drop",
      });
      expect(
        await watcher.next((f) => f.type === "team_message" && f.message.id === echo.message.id),
      ).toBeTruthy();
    } finally {
      client.close();
    }
  });

  it("a message written while offline is queued and delivered exactly once", async () => {
    const watcher = await joined(who.admin2);
    const client = new HubClient({ host: new URL(HUB_ORIGIN).host, protocol: "ws", token: who.admin1.token });
    client.join(DEFAULT_CHANNEL);
    try {
      expect(client.status()).toBe("connecting");
      const id = crypto.randomUUID();
      const pending = client.writeTeamMessage({
        action: "insert",
        channelId: DEFAULT_CHANNEL,
        id,
        message: "queued before connecting",
      });
      const echo = await pending;
      expect(echo.message.id).toBe(id);
      expect(await watcher.next((f) => f.type === "team_message" && f.message.id === id)).toBeTruthy();
      const { data } = await serviceClient().from("team_messages").select("id").eq("id", id);
      expect(data).toHaveLength(1);
    } finally {
      client.close();
    }
  });
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function waitFor(cond: () => boolean, timeoutMs = 8000): Promise<void> {
  const start = Date.now();
  while (!cond()) {
    if (Date.now() - start > timeoutMs) throw new Error("condition not met in time");
    await new Promise((r) => setTimeout(r, 25));
  }
}
