/**
 * The hub against the whole running stack (docs/product.md#realtime-socket): real WebSocket clients through the
 * site's origin (/parties/hub/team), real tokens from the emulator's auth, real rows in
 * Postgres through the Data API with the sender's token.
 */
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import type { SupabaseClient } from "@supabase/supabase-js";
import { SignJWT, importJWK, type JWK } from "jose";
import * as OTPAuth from "otpauth";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import {
  DEFAULT_CHANNEL,
  HUB_MAX_FRAME_BYTES,
  HUB_RATE_LIMIT,
  HUB_RIGHTS_TTL_MS,
  SOCKET_RECONNECT_BASE_DELAY_MS,
} from "#core/constants.ts";
import { HUB_CLOSE, HUB_ROOM, type HubFrame } from "#core/schemas/hub.ts";
import { HubClient } from "#app/lib/realtime/hub-client.ts";
import {
  DEMO_PASSWORD,
  DEMO_TOTP_SECRET,
  DEMO_USERS,
  EMULATOR_DATA_DIR,
  SUPABASE_URL,
} from "#scripts/local-env.ts";
import {
  anonClient,
  createTestUser,
  deleteTestUser,
  serviceClient,
  signedInClient,
  type TestUser,
} from "../support/supabase.ts";
import { HUB_ORIGIN, isError, openHub, type HubSocket } from "./hub-socket.ts";

interface Actor {
  user: TestUser;
  client: SupabaseClient;
  token: string;
}

async function actor(role: "admin" | "staff" | null): Promise<Actor> {
  const user = await createTestUser({ role });
  const client = await signedInClient(user.email, user.password);
  const { data } = await client.auth.getSession();
  return { user, client, token: data.session!.access_token };
}

async function authed(a: Actor): Promise<HubSocket> {
  const s = track(await openHub());
  s.send({ type: "auth", token: a.token });
  expect(await s.next((f) => f.type === "auth_success" || f.type === "error")).toMatchObject({
    type: "auth_success",
    userId: a.user.id,
  });
  return s;
}

async function joined(a: Actor, channelId = DEFAULT_CHANNEL): Promise<HubSocket> {
  const s = await authed(a);
  s.send({ type: "join_channel", channelId });
  await s.next((f) => f.type === "channel_members" && f.channelId === channelId);
  return s;
}

const sockets: HubSocket[] = [];
const track = (s: HubSocket) => (sockets.push(s), s);
let admin1: Actor;
let admin2: Actor;
let staff: Actor;
let visitor: Actor;

beforeAll(async () => {
  [admin1, admin2, staff, visitor] = await Promise.all([
    actor("admin"),
    actor("admin"),
    actor("staff"),
    actor(null),
  ]);
});

// Every test shares the hub's one room: each closes its sockets, so the next starts with none.
afterEach(async () => {
  const open = sockets.splice(0);
  for (const s of open) if (s.ws.readyState === WebSocket.OPEN) s.close();
  await Promise.all(open.map((s) => Promise.race([s.closed, new Promise((r) => setTimeout(r, 2000))])));
});

afterAll(async () => {
  await Promise.all([admin1, admin2, staff, visitor].filter(Boolean).map((a) => deleteTestUser(a.user.id)));
});

describe("chat through the hub", () => {
  it("two admins: one sends, the other receives the stored row, and it is in the database", async () => {
    const a = await joined(admin1);
    const b = await joined(admin2);
    expect(await a.next((f) => f.type === "user_joined" && f.userId === admin2.user.id)).toBeTruthy();

    const text = `Hello from the hub test ${crypto.randomUUID()}`;
    a.send({
      type: "team_message",
      action: "insert",
      channelId: DEFAULT_CHANNEL,
      message: text,
      ref: "send-1",
    });
    const got = await b.next((f) => f.type === "team_message" && f.message.message === text);
    const mine = await a.next((f) => f.type === "team_message" && f.ref === "send-1");
    expect(got).toMatchObject({
      event: "INSERT",
      message: { user_id: admin1.user.id, channel_id: DEFAULT_CHANNEL, is_edited: false },
    });
    expect(got.type === "team_message" && got.message.user_profile).not.toBeNull();
    const id = got.type === "team_message" ? got.message.id : "";
    expect(mine.type === "team_message" && mine.message.id).toBe(id);

    const { data: row, error } = await serviceClient()
      .from("team_messages")
      .select("*")
      .eq("id", id)
      .single();
    expect(error).toBeNull();
    expect(row).toMatchObject({ message: text, user_id: admin1.user.id, channel_id: DEFAULT_CHANNEL });
    // What was broadcast is exactly what is stored.
    expect(got.type === "team_message" && got.message.created_at).toBe(row!.created_at);

    // Edit propagates with is_edited, then delete propagates and the row is gone.
    a.send({
      type: "team_message",
      action: "update",
      channelId: DEFAULT_CHANNEL,
      id,
      message: `${text} (edited)`,
      ref: "edit-1",
    });
    expect(await b.next((f) => f.type === "team_message" && f.event === "UPDATE")).toMatchObject({
      message: { id, is_edited: true, message: `${text} (edited)` },
    });
    a.send({ type: "team_message", action: "delete", channelId: DEFAULT_CHANNEL, id, ref: "del-1" });
    expect(await b.next((f) => f.type === "team_message" && f.event === "DELETE")).toMatchObject({
      message: { id },
    });
    const { data: gone } = await serviceClient().from("team_messages").select("id").eq("id", id);
    expect(gone).toEqual([]);
  });

  it("an admin cannot edit or delete someone else's message (RLS decides)", async () => {
    const a = await joined(admin1);
    const b = await joined(admin2);
    a.send({
      type: "team_message",
      action: "insert",
      channelId: DEFAULT_CHANNEL,
      message: "mine, not yours",
      ref: "m",
    });
    const sent = await a.next((f) => f.type === "team_message" && f.ref === "m");
    const id = sent.type === "team_message" ? sent.message.id : "";
    b.send({
      type: "team_message",
      action: "update",
      channelId: DEFAULT_CHANNEL,
      id,
      message: "hijacked",
      ref: "u",
    });
    expect(await b.next((f) => f.type === "error" && f.ref === "u")).toBeTruthy();
    b.send({ type: "team_message", action: "delete", channelId: DEFAULT_CHANNEL, id, ref: "d" });
    expect(await b.next((f) => f.type === "error" && f.ref === "d")).toBeTruthy();
    const { data } = await serviceClient().from("team_messages").select("message").eq("id", id).single();
    expect(data!.message).toBe("mine, not yours");
  });

  it("a resent insert with the same id is stored once", async () => {
    const a = await joined(admin1);
    const id = crypto.randomUUID();
    for (const ref of ["first", "again"]) {
      a.send({
        type: "team_message",
        action: "insert",
        channelId: DEFAULT_CHANNEL,
        id,
        message: "exactly once",
        ref,
      });
      expect(await a.next((f) => f.type === "team_message" && f.ref === ref)).toMatchObject({
        message: { id },
      });
    }
    const { data } = await serviceClient().from("team_messages").select("id").eq("id", id);
    expect(data).toHaveLength(1);
  });
});

describe("who gets in", () => {
  it("a staff member authenticates (notifications, domain updates) but is refused team chat", async () => {
    const s = await authed(staff);
    s.send({ type: "join_channel", channelId: DEFAULT_CHANNEL });
    expect(await s.next(isError("forbidden"))).toBeTruthy();
    s.send({
      type: "team_message",
      action: "insert",
      channelId: DEFAULT_CHANNEL,
      message: "staff here",
      ref: "s",
    });
    expect(await s.next(isError("forbidden"))).toMatchObject({ ref: "s" });
  });

  it("a signed-in user without a back-office role is refused and disconnected", async () => {
    const s = track(await openHub());
    s.send({ type: "auth", token: visitor.token });
    expect(await s.next(isError("forbidden"))).toBeTruthy();
    expect((await s.closed).code).toBe(HUB_CLOSE.authFailed);
  });

  it("a forged token is refused", async () => {
    const [h, p] = admin1.token.split(".");
    const claims = JSON.parse(Buffer.from(p!, "base64url").toString());
    const forgedPayload = Buffer.from(JSON.stringify({ ...claims, sub: admin2.user.id })).toString(
      "base64url",
    );
    const s = track(await openHub());
    s.send({ type: "auth", token: `${h}.${forgedPayload}.${admin1.token.split(".")[2]}` });
    expect(await s.next(isError("auth_failed"))).toBeTruthy();
    expect((await s.closed).code).toBe(HUB_CLOSE.authFailed);
  });

  it("an expired token (signed with the project's real key) is refused", async () => {
    const keyFile = path.join(EMULATOR_DATA_DIR, "jwt-signing-key.json");
    const { privateJwk, kid } = JSON.parse(fs.readFileSync(keyFile, "utf8")) as {
      privateJwk: JWK;
      kid: string;
    };
    const now = Math.floor(Date.now() / 1000);
    const expired = await new SignJWT({ role: "authenticated", aal: "aal1" })
      .setProtectedHeader({ alg: "ES256", kid, typ: "JWT" })
      .setSubject(admin1.user.id)
      .setAudience("authenticated")
      .setIssuer(`${SUPABASE_URL}/auth/v1`)
      .setIssuedAt(now - 7200)
      .setExpirationTime(now - 3600)
      .sign(await importJWK(privateJwk, "ES256"));
    const s = track(await openHub());
    s.send({ type: "auth", token: expired });
    const err = await s.next(isError("auth_failed"));
    expect(err.type === "error" && err.message).toMatch(/exp/i);
    expect((await s.closed).code).toBe(HUB_CLOSE.authFailed);
  });

  it("a missing token is refused, and a silent socket is closed with 4001 after 5 s", async () => {
    const a = track(await openHub());
    a.send({ type: "auth" });
    expect(await a.next(isError("invalid_frame"))).toBeTruthy();
    a.send({ type: "join_channel", channelId: DEFAULT_CHANNEL });
    expect(await a.next(isError("not_authenticated"))).toBeTruthy();
    expect((await a.closed).code).toBe(HUB_CLOSE.authTimeout);
  });

  it("an admin with a verified factor is refused at aal1 and accepted after the TOTP step (aal2)", async () => {
    const c = anonClient();
    const signIn = await c.auth.signInWithPassword({ email: DEMO_USERS.mfa, password: DEMO_PASSWORD });
    expect(signIn.error).toBeNull();
    const s1 = track(await openHub());
    s1.send({ type: "auth", token: signIn.data.session!.access_token });
    expect(await s1.next(isError("forbidden"))).toMatchObject({
      message: expect.stringMatching(/two-factor/i),
    });
    expect((await s1.closed).code).toBe(HUB_CLOSE.authFailed);

    const factors = await c.auth.mfa.listFactors();
    const code = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(DEMO_TOTP_SECRET) }).generate();
    const verified = await c.auth.mfa.challengeAndVerify({ factorId: factors.data!.totp[0]!.id, code });
    expect(verified.error).toBeNull();
    const s2 = track(await openHub());
    s2.send({ type: "auth", token: verified.data!.access_token });
    expect(await s2.next((f) => f.type === "auth_success" || f.type === "error")).toMatchObject({
      type: "auth_success",
    });
  });

  it("a page on a foreign origin cannot open a socket", async () => {
    await expect(openHub({ origin: "https://evil.example" })).rejects.toThrow();
    const status = await handshakeStatus("https://evil.example");
    // The hub answers 403; a dev server in front may just drop the connection (status 0).
    expect([403, 0]).toContain(status);
    expect(await handshakeStatus(HUB_ORIGIN)).toBe(101);
  });
});

describe("limits keep the socket usable", () => {
  it("refuses an oversized frame, then still works", async () => {
    const s = await authed(admin1);
    s.send({
      type: "team_message",
      action: "insert",
      channelId: DEFAULT_CHANNEL,
      message: "x".repeat(HUB_MAX_FRAME_BYTES + 10),
    });
    expect(await s.next(isError("frame_too_large"))).toBeTruthy();
    s.send({ type: "join_channel", channelId: DEFAULT_CHANNEL });
    expect(await s.next((f) => f.type === "channel_members")).toBeTruthy();
  });

  it("answers a flood with rate_limited errors instead of disconnecting", async () => {
    const s = await authed(admin1);
    const flood = HUB_RATE_LIMIT.frames + 10;
    for (let i = 0; i < flood; i++) s.send({ type: "presence_update", status: "online" });
    await s.next(isError("rate_limited"));
    await new Promise((r) => setTimeout(r, 500));
    const refused = 1 + s.frames.filter(isError("rate_limited")).length;
    expect(refused).toBe(flood + 1 - HUB_RATE_LIMIT.frames); // + 1: the auth frame counted
    expect(s.ws.readyState).toBe(WebSocket.OPEN);
  });
});

describe("presence", () => {
  it("reports join, leave, status updates and going offline", async () => {
    const a = await joined(admin1);
    const b = await authed(admin2);
    expect(
      await a.next(
        (f) => f.type === "presence_updated" && f.userId === admin2.user.id && f.status === "online",
      ),
    ).toBeTruthy();
    b.send({ type: "join_channel", channelId: DEFAULT_CHANNEL });
    expect(await a.next((f) => f.type === "user_joined" && f.userId === admin2.user.id)).toMatchObject({
      channelId: DEFAULT_CHANNEL,
    });
    b.send({ type: "presence_update", status: "away" });
    expect(
      await a.next(
        (f) => f.type === "presence_updated" && f.userId === admin2.user.id && f.status === "away",
      ),
    ).toBeTruthy();
    b.send({ type: "leave_channel", channelId: DEFAULT_CHANNEL });
    expect(await a.next((f) => f.type === "user_left" && f.userId === admin2.user.id)).toBeTruthy();
    b.close();
    expect(
      await a.next(
        (f) => f.type === "presence_updated" && f.userId === admin2.user.id && f.status === "offline",
      ),
    ).toBeTruthy();
  });
});

describe("the hub's one room", () => {
  it("a room other than the hub's own is refused at the handshake", async () => {
    await expect(openHub({ room: `it-${crypto.randomUUID().slice(0, 8)}` })).rejects.toThrow();
    // The hub answers 404; a dev server in front may just drop the connection (status 0).
    expect([404, 0]).toContain(await handshakeStatus(HUB_ORIGIN, "another-room"));
  });
});

describe("notification pokes and record updates", () => {
  it("a poke reaches the target's sockets only, naming the sender from their profile; a title is refused", async () => {
    await serviceClient()
      .from("profiles")
      .update({ first_name: "Kwame", last_name: "Mensah" })
      .eq("user_id", admin1.user.id);
    const sender = await authed(admin1);
    const target = await authed(staff);
    const bystander = await authed(admin2);
    const notificationId = crypto.randomUUID();
    sender.send({ type: "notification", targetUserId: staff.user.id, kind: "task_assigned", notificationId });
    expect(await target.next((f) => f.type === "notification")).toEqual({
      type: "notification",
      targetUserId: staff.user.id,
      fromUserId: admin1.user.id,
      from: { first_name: "Kwame", last_name: "Mensah", avatar_url: null },
      kind: "task_assigned",
      notificationId,
    });
    sender.send({
      type: "notification",
      targetUserId: staff.user.id,
      title: "Urgent: payroll",
      link: "https://evil.example",
    });
    expect(await sender.next(isError("invalid_frame"))).toBeTruthy();
    await sleep(500);
    expect(target.frames.some((f) => f.type === "notification")).toBe(false);
    expect(bystander.frames.some((f) => f.type === "notification")).toBe(false);
  });

  it("deal updates reach staff and admins; finance and property-hunt updates reach admins only", async () => {
    const sender = await authed(admin1);
    const admin = await authed(admin2);
    const member = await authed(staff);
    const ids = [crypto.randomUUID()];
    sender.send({ type: "deal_update", action: "moved", ids });
    for (const s of [admin, member])
      expect(await s.next((f) => f.type === "deal_update")).toEqual({
        type: "deal_update",
        action: "moved",
        ids,
        fromUserId: admin1.user.id,
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
    const victim = await actor("admin");
    try {
      const a = await joined(admin1);
      const v = await joined(victim);
      a.send({
        type: "team_message",
        action: "insert",
        channelId: DEFAULT_CHANNEL,
        message: `before ${crypto.randomUUID()}`,
        ref: "b",
      });
      expect(
        await v.next((f) => f.type === "team_message" && f.message.user_id === admin1.user.id),
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
    const victim = await actor("admin");
    try {
      const watcher = await joined(admin1);
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
    const watcher = await joined(admin2);
    const client = new HubClient({ host: new URL(HUB_ORIGIN).host, protocol: "ws", token: admin1.token });
    const frames: HubFrame[] = [];
    client.on((f) => frames.push(f));
    client.join(DEFAULT_CHANNEL);
    try {
      await waitFor(() => client.status() === "connected");
      expect(await watcher.next((f) => f.type === "user_joined" && f.userId === admin1.user.id)).toBeTruthy();

      // The hub drops the socket (4003: it refuses a bad re-auth). The client keeps its own token.
      (client as unknown as { socket: WebSocket }).socket.send(
        JSON.stringify({ type: "auth", token: "garbage" }),
      );
      await waitFor(() => client.status() !== "connected");
      const droppedAt = Date.now();
      expect(await watcher.next((f) => f.type === "user_left" && f.userId === admin1.user.id)).toBeTruthy();

      await waitFor(() => client.status() === "connected", 10_000);
      expect(Date.now() - droppedAt).toBeGreaterThanOrEqual(SOCKET_RECONNECT_BASE_DELAY_MS - 100);
      expect(await watcher.next((f) => f.type === "user_joined" && f.userId === admin1.user.id)).toBeTruthy();
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
    const watcher = await joined(admin2);
    const client = new HubClient({ host: new URL(HUB_ORIGIN).host, protocol: "ws", token: admin1.token });
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

/** Status of a raw WebSocket handshake with the given Origin (101 = upgraded, 0 = dropped). */
function handshakeStatus(origin: string, room = HUB_ROOM): Promise<number> {
  const url = new URL(`${HUB_ORIGIN}/parties/hub/${room}`);
  return new Promise((resolve, reject) => {
    const req = http.request({
      host: "127.0.0.1",
      port: url.port,
      path: url.pathname,
      headers: {
        Host: url.host,
        Origin: origin,
        Connection: "Upgrade",
        Upgrade: "websocket",
        "Sec-WebSocket-Version": "13",
        "Sec-WebSocket-Key": Buffer.from(crypto.getRandomValues(new Uint8Array(16))).toString("base64"),
      },
    });
    req.on("upgrade", (res, socket) => {
      socket.destroy();
      resolve(res.statusCode ?? 0);
    });
    req.on("response", (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    // vite dev drops a refused upgrade without relaying the worker's status.
    req.on("error", (err: NodeJS.ErrnoException) => (err.code === "ECONNRESET" ? resolve(0) : reject(err)));
    req.end();
  });
}
