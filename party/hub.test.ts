/**
 * Protocol rules of the hub, inside workerd (issue 5 item 2). Tokens are real ES256 JWTs
 * verified by jose against a JWKS (party/testing/fake-supabase.ts serves both).
 */
import { exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { HUB_MAX_FRAME_BYTES, HUB_RATE_LIMIT } from "#core/constants.ts";
import { HUB_CLOSE, hubFrameSchema, type HubFrame } from "#core/schemas/hub.ts";
import { FAKE_SUPABASE_URL } from "./testing/fake-supabase.ts";

const ORIGIN = "http://crm.localhost:8787";

interface TestSocket {
  ws: WebSocket;
  frames: HubFrame[];
  closed: Promise<{ code: number; reason: string }>;
  send(frame: unknown): void;
  next(pred: (f: HubFrame) => boolean, timeoutMs?: number): Promise<HubFrame>;
}

async function open(room = `room-${crypto.randomUUID()}`, origin: string | null = ORIGIN): Promise<TestSocket> {
  const headers: Record<string, string> = { Upgrade: "websocket" };
  if (origin) headers.Origin = origin;
  const res = await exports.default.fetch(`http://localhost/parties/hub/${room}`, { headers });
  expect(res.status).toBe(101);
  const ws = res.webSocket!;
  ws.accept();
  const frames: HubFrame[] = [];
  const waiters: Array<{ pred: (f: HubFrame) => boolean; resolve: (f: HubFrame) => void }> = [];
  ws.addEventListener("message", (e) => {
    const frame = hubFrameSchema.parse(JSON.parse(e.data as string));
    frames.push(frame);
    for (const w of [...waiters]) {
      if (w.pred(frame)) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve(frame);
      }
    }
  });
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    ws.addEventListener("close", (e) => resolve({ code: e.code, reason: e.reason })),
  );
  return {
    ws,
    frames,
    closed,
    send: (frame) => ws.send(typeof frame === "string" ? frame : JSON.stringify(frame)),
    next(pred, timeoutMs = 4000) {
      const seen = frames.find(pred);
      if (seen) {
        frames.splice(frames.indexOf(seen), 1);
        return Promise.resolve(seen);
      }
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`timed out; frames seen: ${JSON.stringify(frames)}`)), timeoutMs);
        waiters.push({
          pred,
          resolve: (f) => {
            clearTimeout(timer);
            frames.splice(frames.indexOf(f), 1);
            resolve(f);
          },
        });
      });
    },
  };
}

async function token(params: Record<string, string> = {}): Promise<string> {
  const res = await fetch(`${FAKE_SUPABASE_URL}/__test/token?${new URLSearchParams(params)}`);
  return res.text();
}

async function signedIn(room: string, role = "admin", sub: string = crypto.randomUUID()) {
  const s = await open(room);
  s.send({ type: "auth", token: await token({ sub, role }) });
  const ok = await s.next((f) => f.type === "auth_success" || f.type === "error");
  expect(ok).toMatchObject({ type: "auth_success", userId: sub });
  return { s, sub };
}

const isError = (code: string) => (f: HubFrame) => f.type === "error" && f.code === code;

describe("hub handshake", () => {
  it("answers plain HTTP with 426 and unknown paths with 404", async () => {
    expect((await exports.default.fetch("http://localhost/parties/hub/team")).status).toBe(426);
    expect((await exports.default.fetch("http://localhost/nope")).status).toBe(404);
  });

  it("refuses a foreign Origin before the socket opens", async () => {
    const res = await exports.default.fetch("http://localhost/parties/hub/team", {
      headers: { Upgrade: "websocket", Origin: "https://evil.example" },
    });
    expect(res.status).toBe(403);
    expect(res.webSocket).toBeNull();
  });

  it("accepts the site's own hosts", async () => {
    const s = await open(undefined, "http://localhost:8787");
    s.ws.close(1000);
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
});

describe("hub re-authentication and two-factor", () => {
  it("accepts a refreshed token for the same user and refuses a switch of user", async () => {
    const room = `r-${crypto.randomUUID()}`;
    const { s, sub } = await signedIn(room);
    s.send({ type: "auth", token: await token({ sub, role: "admin" }) });
    expect(await s.next((f) => f.type === "auth_success")).toMatchObject({ userId: sub, reauth: true });
    s.send({ type: "join_channel", channelId: "general" });
    expect(await s.next((f) => f.type === "channel_members")).toBeTruthy();
    s.send({ type: "auth", token: await token({ role: "admin" }) });
    expect(await s.next(isError("auth_failed"))).toBeTruthy();
    expect((await s.closed).code).toBe(HUB_CLOSE.authFailed);
  });

  it("stops serving a socket whose token expired until it re-authenticates", async () => {
    const room = `r-${crypto.randomUUID()}`;
    const sub = crypto.randomUUID();
    const a = await open(room);
    a.send({ type: "auth", token: await token({ sub, role: "admin", exp: "2" }) });
    await a.next((f) => f.type === "auth_success");
    a.send({ type: "join_channel", channelId: "general" });
    await a.next((f) => f.type === "channel_members");
    const b = await signedIn(room, "admin");
    b.s.send({ type: "join_channel", channelId: "general" });
    await b.s.next((f) => f.type === "channel_members");
    await new Promise((r) => setTimeout(r, 2600));
    b.s.send({ type: "team_message", action: "insert", channelId: "general", message: "after expiry", ref: "e" });
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
    expect(await a.next(isError("forbidden"))).toMatchObject({ message: expect.stringMatching(/two-factor/i) });
    const b = await open();
    b.send({ type: "auth", token: await token({ role: "admin", mfa: "1", aal: "aal2" }) });
    expect(await b.next((f) => f.type === "auth_success")).toBeTruthy();
  });
});

describe("hub limits", () => {
  it("refuses a frame over 16 KB and keeps the socket usable", async () => {
    const room = `r-${crypto.randomUUID()}`;
    const { s } = await signedIn(room);
    s.send({ type: "presence_update", status: "away", pad: "x".repeat(HUB_MAX_FRAME_BYTES) });
    expect(await s.next(isError("frame_too_large"))).toBeTruthy();
    s.send({ type: "join_channel", channelId: "general" });
    expect(await s.next((f) => f.type === "channel_members")).toMatchObject({ channelId: "general" });
  });

  it("answers a flood with rate_limited errors, not a disconnect", async () => {
    const room = `r-${crypto.randomUUID()}`;
    const { s } = await signedIn(room); // the auth frame counts as 1
    const extra = 5;
    for (let i = 0; i < HUB_RATE_LIMIT.frames - 1 + extra; i++) s.send({ type: "presence_update", status: "online" });
    await s.next(isError("rate_limited"));
    await new Promise((r) => setTimeout(r, 200));
    const limited = s.frames.filter(isError("rate_limited")).length + 1;
    expect(limited).toBe(extra);
    expect(s.ws.readyState).toBe(WebSocket.OPEN);
  });

  it("rejects frames that fit no schema", async () => {
    const { s } = await signedIn(`r-${crypto.randomUUID()}`);
    s.send("{not json");
    expect(await s.next(isError("invalid_frame"))).toBeTruthy();
    s.send({ type: "presence_update", status: "sleeping" });
    expect(await s.next(isError("invalid_frame"))).toBeTruthy();
    s.send({ type: "team_message", action: "update", channelId: "general", message: "no id", ref: "r1" });
    expect(await s.next(isError("invalid_frame"))).toMatchObject({ ref: "r1" });
  });
});

describe("hub channels, chat and relays", () => {
  it("broadcasts joins, stored messages and presence; refuses staff in chat", async () => {
    const room = `r-${crypto.randomUUID()}`;
    const a = await signedIn(room, "admin");
    const b = await signedIn(room, "admin");
    expect(await a.s.next((f) => f.type === "presence_updated" && f.userId === b.sub && f.status === "online")).toBeTruthy();

    a.s.send({ type: "join_channel", channelId: "general" });
    await a.s.next((f) => f.type === "channel_members");
    b.s.send({ type: "join_channel", channelId: "general" });
    const members = await b.s.next((f) => f.type === "channel_members");
    expect(members.type === "channel_members" && members.members.map((m) => m.userId).sort()).toEqual([a.sub, b.sub].sort());
    expect(await a.s.next((f) => f.type === "user_joined" && f.userId === b.sub)).toMatchObject({ channelId: "general" });

    const id = crypto.randomUUID();
    a.s.send({ type: "team_message", action: "insert", channelId: "general", id, message: "Hello team", ref: "m1" });
    const got = await b.s.next((f) => f.type === "team_message");
    expect(got).toMatchObject({ event: "INSERT", message: { id, message: "Hello team", user_id: a.sub, channel_id: "general", user_profile: { first_name: "Test" } } });
    expect(got.type === "team_message" && got.ref).toBeFalsy();
    expect(await a.s.next((f) => f.type === "team_message")).toMatchObject({ ref: "m1", message: { id } });

    const staff = await signedIn(room, "staff");
    staff.s.send({ type: "join_channel", channelId: "general" });
    expect(await staff.s.next(isError("forbidden"))).toBeTruthy();
    staff.s.send({ type: "team_message", action: "insert", channelId: "general", message: "sneaky", ref: "s1" });
    expect(await staff.s.next(isError("forbidden"))).toMatchObject({ ref: "s1" });

    b.s.send({ type: "presence_update", status: "busy" });
    expect(await a.s.next((f) => f.type === "presence_updated" && f.userId === b.sub && f.status === "busy")).toBeTruthy();

    b.s.send({ type: "leave_channel", channelId: "general" });
    expect(await a.s.next((f) => f.type === "user_left" && f.userId === b.sub)).toMatchObject({ channelId: "general" });
    b.s.ws.close(1000);
    expect(await a.s.next((f) => f.type === "presence_updated" && f.userId === b.sub && f.status === "offline")).toBeTruthy();
  });

  it("refuses a write to a channel the socket has not joined", async () => {
    const { s } = await signedIn(`r-${crypto.randomUUID()}`);
    s.send({ type: "team_message", action: "insert", channelId: "general", message: "hi", ref: "x" });
    expect(await s.next(isError("not_in_channel"))).toMatchObject({ ref: "x" });
  });

  it("delivers a notification only to the target user's sockets and relays domain updates to staff", async () => {
    const room = `r-${crypto.randomUUID()}`;
    const sender = await signedIn(room, "admin");
    const target = await signedIn(room, "staff");
    const target2 = await signedIn(room, "staff", target.sub);
    const bystander = await signedIn(room, "staff");
    sender.s.send({ type: "notification", targetUserId: target.sub, title: "Task assigned", body: "Call the client" });
    for (const t of [target, target2]) {
      expect(await t.s.next((f) => f.type === "notification")).toMatchObject({ fromUserId: sender.sub, title: "Task assigned" });
    }
    sender.s.send({ type: "deal_update", dealId: "d-1", stage: "won" });
    expect(await bystander.s.next((f) => f.type === "deal_update")).toMatchObject({ dealId: "d-1", fromUserId: sender.sub });
    expect(bystander.s.frames.some((f) => f.type === "notification")).toBe(false);
  });
});
