/**
 * The hub's handshake, authentication and limits, inside workerd. Tokens are real ES256 JWTs
 * verified by core's verifier against a JWKS; the fake Supabase (party/testing/fake-supabase.ts)
 * also answers /auth/v1/user and profiles, and lets a test demote a user or end their sessions.
 * Every test runs in the hub's one room. Routing and re-checked rights: hub-routing.test.ts.
 */
import { env, listDurableObjectIds } from "cloudflare:test";
import { exports } from "cloudflare:workers";
import { afterEach, describe, expect, it } from "vitest";
import { HUB_MAX_FRAME_BYTES, HUB_RATE_LIMIT } from "#core/constants.ts";
import { HUB_CLOSE, HUB_ROOM } from "#core/schemas/hub.ts";
import type { HubEnv } from "./env.ts";
import {
  closeAll,
  freshChannel,
  isError,
  joined,
  open,
  revokeSessions,
  signedIn,
  sleep,
  token,
} from "./testing/hub-socket.ts";

const hubNamespace = (env as unknown as HubEnv).Hub;

afterEach(() => closeAll());

const uuid = () => crypto.randomUUID();

describe("hub handshake", () => {
  it("answers plain HTTP with 426 and unknown paths with 404", async () => {
    expect((await exports.default.fetch(`http://localhost/parties/hub/${HUB_ROOM}`)).status).toBe(426);
    expect((await exports.default.fetch("http://localhost/nope")).status).toBe(404);
  });

  it("closes a socket to a path without a room with 1008 and the right path", async () => {
    for (const path of ["/parties/hub", "/parties/hub/", "/parties"]) {
      const res = await exports.default.fetch(`http://localhost${path}`, {
        headers: { Upgrade: "websocket", Origin: "http://crm.localhost:8787" },
      });
      expect(res.status).toBe(101);
      const ws = res.webSocket!;
      const closed = new Promise<{ code: number; reason: string }>((resolve) =>
        ws.addEventListener("close", (e) => resolve({ code: e.code, reason: e.reason })),
      );
      ws.accept();
      const { code, reason } = await closed;
      expect(code).toBe(1008);
      expect(reason).toContain(`/parties/hub/${HUB_ROOM}`);
    }
    expect((await exports.default.fetch("http://localhost/parties/hub")).status).toBe(404);
  });

  it("refuses a foreign Origin before the socket opens", async () => {
    const res = await exports.default.fetch(`http://localhost/parties/hub/${HUB_ROOM}`, {
      headers: { Upgrade: "websocket", Origin: "https://evil.example" },
    });
    expect(res.status).toBe(403);
    expect(res.webSocket).toBeNull();
  });

  it("accepts the site's own hosts", async () => {
    const s = await open(HUB_ROOM, "http://localhost:8787");
    s.ws.close(1000);
  });

  it("refuses any room but the hub's own before a Durable Object exists for it", async () => {
    const room = `room-${uuid()}`;
    const res = await exports.default.fetch(`http://localhost/parties/hub/${room}`, {
      headers: { Upgrade: "websocket", Origin: "http://crm.localhost:8787" },
    });
    expect(res.status).toBe(404);
    expect(res.webSocket).toBeNull();
    expect(await res.text()).toContain(`/parties/hub/${HUB_ROOM}`);
    expect((await exports.default.fetch(`http://localhost/parties/hub/${room}`)).status).toBe(404);
    await signedIn(); // the hub's own room does get its object
    const ids = (await listDurableObjectIds(hubNamespace)).map((id) => id.toString());
    expect(ids).toContain(hubNamespace.idFromName(HUB_ROOM).toString());
    expect(ids).not.toContain(hubNamespace.idFromName(room).toString());
  });
});

describe("hub authentication", () => {
  it("refuses every frame before auth, with an error frame and without closing", async () => {
    const s = await open();
    s.send({ type: "join_channel", channelId: "general" });
    expect(await s.next(isError("not_authenticated"))).toBeTruthy();
    s.send({ type: "auth", token: await token({ role: "admin" }) });
    expect(await s.next((f) => f.type === "auth_success")).toBeTruthy();
  });

  it("closes a socket that does not authenticate within 5 s with 4001", async () => {
    const s = await open();
    const started = Date.now();
    const { code } = await s.closed;
    expect(code).toBe(HUB_CLOSE.authTimeout);
    expect(Date.now() - started).toBeGreaterThanOrEqual(4500);
  }, 12_000);

  it.each([
    ["forged (other key)", { forge: "1" }],
    ["expired", { exp: "-60" }],
    ["wrong audience", { aud: "anon-ish" }],
    ["wrong issuer", { iss: "https://evil.example/auth/v1" }],
  ])("refuses a %s token with auth_failed and close 4003", async (_label, params) => {
    const s = await open();
    s.send({ type: "auth", token: await token({ role: "admin", ...params }) });
    expect(await s.next(isError("auth_failed"))).toBeTruthy();
    expect((await s.closed).code).toBe(HUB_CLOSE.authFailed);
  });

  it("refuses garbage and users without a back-office role", async () => {
    const a = await open();
    a.send({ type: "auth", token: "not-a-jwt" });
    expect(await a.next(isError("auth_failed"))).toBeTruthy();
    const b = await open();
    b.send({ type: "auth", token: await token({ role: "none" }) });
    expect(await b.next(isError("forbidden"))).toBeTruthy();
    expect((await b.closed).code).toBe(HUB_CLOSE.authFailed);
  });

  it("refuses the token of a signed-out session", async () => {
    const sub = uuid();
    const t = await token({ sub, role: "admin" });
    await revokeSessions(sub);
    const s = await open();
    s.send({ type: "auth", token: t });
    expect(await s.next(isError("session_ended"))).toBeTruthy();
    expect((await s.closed).code).toBe(HUB_CLOSE.authFailed);
  });
});

describe("hub re-authentication and two-factor", () => {
  it("accepts a refreshed token for the same user and refuses a switch of user", async () => {
    const { s, sub } = await signedIn();
    s.send({ type: "auth", token: await token({ sub, role: "admin" }) });
    expect(await s.next((f) => f.type === "auth_success")).toMatchObject({ userId: sub, reauth: true });
    s.send({ type: "join_channel", channelId: "general" });
    expect(await s.next((f) => f.type === "channel_members")).toBeTruthy();
    s.send({ type: "auth", token: await token({ role: "admin" }) });
    expect(await s.next(isError("auth_failed"))).toBeTruthy();
    expect((await s.closed).code).toBe(HUB_CLOSE.authFailed);
  });

  it("stops serving a socket whose token expired until it re-authenticates", async () => {
    const channel = freshChannel();
    const sub = uuid();
    const a = await open();
    a.send({ type: "auth", token: await token({ sub, role: "admin", exp: "2" }) });
    await a.next((f) => f.type === "auth_success");
    a.send({ type: "join_channel", channelId: channel });
    await a.next((f) => f.type === "channel_members");
    const b = await joined("admin", channel);
    await sleep(2600);
    b.s.send({
      type: "team_message",
      action: "insert",
      channelId: channel,
      message: "after expiry",
      ref: "e",
    });
    await b.s.next((f) => f.type === "team_message" && f.ref === "e");
    a.send({ type: "presence_update", status: "away" });
    expect(await a.next(isError("not_authenticated"))).toBeTruthy();
    expect(a.frames.some((f) => f.type === "team_message")).toBe(false);
    a.send({ type: "auth", token: await token({ sub, role: "admin" }) });
    expect(await a.next((f) => f.type === "auth_success")).toBeTruthy();
  });

  it("refuses a user with a verified factor at aal1, accepts them at aal2", async () => {
    const a = await open();
    a.send({ type: "auth", token: await token({ role: "admin", mfa: "1", aal: "aal1" }) });
    expect(await a.next(isError("forbidden"))).toMatchObject({
      message: expect.stringMatching(/two-factor/i),
    });
    const b = await open();
    b.send({ type: "auth", token: await token({ role: "admin", mfa: "1", aal: "aal2" }) });
    expect(await b.next((f) => f.type === "auth_success")).toBeTruthy();
  });
});

describe("hub limits", () => {
  it("refuses a frame over 16 KB and keeps the socket usable", async () => {
    const { s } = await signedIn();
    s.send({ type: "presence_update", status: "away", pad: "x".repeat(HUB_MAX_FRAME_BYTES) });
    expect(await s.next(isError("frame_too_large"))).toBeTruthy();
    s.send({ type: "join_channel", channelId: "general" });
    expect(await s.next((f) => f.type === "channel_members")).toMatchObject({ channelId: "general" });
  });

  it("answers a flood with rate_limited errors, not a disconnect", async () => {
    const { s } = await signedIn(); // the auth frame counts as 1
    const extra = 5;
    for (let i = 0; i < HUB_RATE_LIMIT.frames - 1 + extra; i++)
      s.send({ type: "presence_update", status: "online" });
    await s.next(isError("rate_limited"));
    await sleep(200);
    const limited = s.frames.filter(isError("rate_limited")).length + 1;
    expect(limited).toBe(extra);
    expect(s.ws.readyState).toBe(WebSocket.OPEN);
  });

  it("rejects frames that fit no schema", async () => {
    const { s } = await signedIn();
    s.send("{not json");
    expect(await s.next(isError("invalid_frame"))).toBeTruthy();
    s.send({ type: "presence_update", status: "sleeping" });
    expect(await s.next(isError("invalid_frame"))).toBeTruthy();
    s.send({ type: "team_message", action: "update", channelId: "general", message: "no id", ref: "r1" });
    expect(await s.next(isError("invalid_frame"))).toMatchObject({ ref: "r1" });
  });
});
