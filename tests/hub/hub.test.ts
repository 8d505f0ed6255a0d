/**
 * The hub against the whole running stack (docs/product.md#realtime-socket): real WebSocket
 * clients through the site's origin (/parties/hub/team), real tokens from the emulator's auth,
 * real rows in Postgres through the Data API with the sender's token. Chat, who gets in, limits,
 * presence and the one room; pokes, record updates, re-checked rights and the SPA's client are in
 * hub-relays.test.ts.
 */
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import type {} from "@supabase/supabase-js";
import { SignJWT, importJWK, type JWK } from "jose";
import * as OTPAuth from "otpauth";
import { describe, expect, it } from "vitest";
import { DEFAULT_CHANNEL, HUB_MAX_FRAME_BYTES, HUB_RATE_LIMIT } from "#core/constants.ts";
import { HUB_CLOSE, HUB_ROOM } from "#core/schemas/hub.ts";
import {
  DEMO_PASSWORD,
  DEMO_TOTP_SECRET,
  DEMO_USERS,
  EMULATOR_DATA_DIR,
  SUPABASE_URL,
} from "#scripts/local-env.ts";
import { anonClient, serviceClient } from "../support/supabase.ts";
import { HUB_ORIGIN, isError, openHub } from "./hub-socket.ts";
import { hubFixture } from "./hub-fixture.ts";

const { who, track, authed, joined } = hubFixture();

describe("chat through the hub", () => {
  it("two admins: one sends, the other receives the stored row, and it is in the database", async () => {
    const a = await joined(who.admin1);
    const b = await joined(who.admin2);
    expect(await a.next((f) => f.type === "user_joined" && f.userId === who.admin2.user.id)).toBeTruthy();

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
      message: { user_id: who.admin1.user.id, channel_id: DEFAULT_CHANNEL, is_edited: false },
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
    expect(row).toMatchObject({ message: text, user_id: who.admin1.user.id, channel_id: DEFAULT_CHANNEL });
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
    const a = await joined(who.admin1);
    const b = await joined(who.admin2);
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
    const a = await joined(who.admin1);
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
    const s = await authed(who.staff);
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
    s.send({ type: "auth", token: who.visitor.token });
    expect(await s.next(isError("forbidden"))).toBeTruthy();
    expect((await s.closed).code).toBe(HUB_CLOSE.authFailed);
  });

  it("a forged token is refused", async () => {
    const [h, p] = who.admin1.token.split(".");
    const claims = JSON.parse(Buffer.from(p!, "base64url").toString());
    const forgedPayload = Buffer.from(JSON.stringify({ ...claims, sub: who.admin2.user.id })).toString(
      "base64url",
    );
    const s = track(await openHub());
    s.send({ type: "auth", token: `${h}.${forgedPayload}.${who.admin1.token.split(".")[2]}` });
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
      .setSubject(who.admin1.user.id)
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
    const s = await authed(who.admin1);
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
    const s = await authed(who.admin1);
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
    const a = await joined(who.admin1);
    const b = await authed(who.admin2);
    expect(
      await a.next(
        (f) => f.type === "presence_updated" && f.userId === who.admin2.user.id && f.status === "online",
      ),
    ).toBeTruthy();
    b.send({ type: "join_channel", channelId: DEFAULT_CHANNEL });
    expect(await a.next((f) => f.type === "user_joined" && f.userId === who.admin2.user.id)).toMatchObject({
      channelId: DEFAULT_CHANNEL,
    });
    b.send({ type: "presence_update", status: "away" });
    expect(
      await a.next(
        (f) => f.type === "presence_updated" && f.userId === who.admin2.user.id && f.status === "away",
      ),
    ).toBeTruthy();
    b.send({ type: "leave_channel", channelId: DEFAULT_CHANNEL });
    expect(await a.next((f) => f.type === "user_left" && f.userId === who.admin2.user.id)).toBeTruthy();
    b.close();
    expect(
      await a.next(
        (f) => f.type === "presence_updated" && f.userId === who.admin2.user.id && f.status === "offline",
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
