/**
 * The hub's routing inside workerd: channels, chat and presence, notification pokes, record
 * updates routed by role, and rights re-checked (demotions, ended sessions). Tokens are real
 * ES256 JWTs; the fake Supabase (party/testing/fake-supabase.ts) lets a test demote a user or end
 * their sessions. Every test runs in the hub's one room. Handshake and limits: hub-protocol.test.ts.
 */
import { afterEach, describe, expect, it } from "vitest";
import { HUB_RELAY_RATE_LIMIT } from "#core/constants.ts";
import { HUB_CLOSE, MAX_RECORD_IDS } from "#core/schemas/hub.ts";
import type {} from "./env.ts";
import {
  closeAll,
  freshChannel,
  isError,
  joined,
  nothingLike,
  profileOutage,
  RECHECK_INTERVAL_MS,
  revokeSessions,
  setRole,
  signedIn,
  sleep,
  token,
  TTL_MS,
  userLookups,
} from "./testing/hub-socket.ts";

afterEach(() => closeAll());

const uuid = () => crypto.randomUUID();

describe("hub channels, chat and presence", () => {
  it("broadcasts joins, stored messages and presence; refuses staff in chat", async () => {
    const channel = freshChannel();
    const a = await signedIn("admin");
    const b = await signedIn("admin");
    expect(
      await a.s.next((f) => f.type === "presence_updated" && f.userId === b.sub && f.status === "online"),
    ).toBeTruthy();

    a.s.send({ type: "join_channel", channelId: channel });
    await a.s.next((f) => f.type === "channel_members");
    b.s.send({ type: "join_channel", channelId: channel });
    const members = await b.s.next((f) => f.type === "channel_members");
    expect(members.type === "channel_members" && members.members.map((m) => m.userId).sort()).toEqual(
      [a.sub, b.sub].sort(),
    );
    expect(await a.s.next((f) => f.type === "user_joined" && f.userId === b.sub)).toMatchObject({
      channelId: channel,
    });

    const id = uuid();
    a.s.send({
      type: "team_message",
      action: "insert",
      channelId: channel,
      id,
      message: "Hello team",
      ref: "m1",
    });
    const got = await b.s.next((f) => f.type === "team_message");
    expect(got).toMatchObject({
      event: "INSERT",
      message: {
        id,
        message: "Hello team",
        user_id: a.sub,
        channel_id: channel,
        user_profile: { first_name: "Test" },
      },
    });
    expect(got.type === "team_message" && got.ref).toBeFalsy();
    expect(await a.s.next((f) => f.type === "team_message")).toMatchObject({ ref: "m1", message: { id } });

    const staff = await signedIn("staff");
    staff.s.send({ type: "join_channel", channelId: channel });
    expect(await staff.s.next(isError("forbidden"))).toBeTruthy();
    staff.s.send({
      type: "team_message",
      action: "insert",
      channelId: channel,
      message: "sneaky",
      ref: "s1",
    });
    expect(await staff.s.next(isError("forbidden"))).toMatchObject({ ref: "s1" });
    expect(staff.s.frames.some((f) => f.type === "team_message")).toBe(false);
  });

  it("refuses a write to a channel the socket has not joined", async () => {
    const { s } = await signedIn();
    s.send({ type: "team_message", action: "insert", channelId: freshChannel(), message: "hi", ref: "x" });
    expect(await s.next(isError("not_in_channel"))).toMatchObject({ ref: "x" });
  });

  it("leave_channel: the others see user_left, and the leaver may no longer write there", async () => {
    const channel = freshChannel();
    const a = await joined("admin", channel);
    const b = await joined("admin", channel);
    b.s.send({ type: "leave_channel", channelId: channel });
    expect(await b.s.next((f) => f.type === "user_left" && f.userId === b.sub)).toMatchObject({
      channelId: channel,
    });
    expect(await a.s.next((f) => f.type === "user_left" && f.userId === b.sub)).toMatchObject({
      channelId: channel,
    });
    b.s.send({
      type: "team_message",
      action: "insert",
      channelId: channel,
      message: "still here?",
      ref: "l",
    });
    expect(await b.s.next(isError("not_in_channel"))).toMatchObject({ ref: "l" });
    b.s.send({ type: "join_channel", channelId: channel });
    const back = await b.s.next((f) => f.type === "channel_members");
    expect(back.type === "channel_members" && back.members.map((m) => m.userId).sort()).toEqual(
      [a.sub, b.sub].sort(),
    );
  });

  it("presence_update reaches every signed-in socket (staff too); the last closed socket goes offline", async () => {
    const a = await signedIn("admin");
    const staff = await signedIn("staff");
    const second = await signedIn("admin", a.sub); // a second tab of the same user
    second.s.send({ type: "presence_update", status: "busy" });
    expect(
      await staff.s.next((f) => f.type === "presence_updated" && f.userId === a.sub && f.status === "busy"),
    ).toBeTruthy();
    a.s.ws.close(1000);
    expect(
      await nothingLike(
        staff.s,
        (f) => f.type === "presence_updated" && f.userId === a.sub && f.status === "offline",
        300,
      ),
    ).toBe(true);
    second.s.ws.close(1000);
    expect(
      await staff.s.next(
        (f) => f.type === "presence_updated" && f.userId === a.sub && f.status === "offline",
      ),
    ).toBeTruthy();
  });
});

describe("notification pokes", () => {
  it("reach only the target user's sockets, with the sender the hub knows and ids only", async () => {
    const sender = await signedIn("admin");
    const target = await signedIn("staff");
    const target2 = await signedIn("staff", target.sub);
    const bystander = await signedIn("staff");
    const notificationId = uuid();
    sender.s.send({ type: "notification", targetUserId: target.sub, kind: "task_assigned", notificationId });
    for (const t of [target, target2]) {
      const f = await t.s.next((x) => x.type === "notification");
      expect(f).toEqual({
        type: "notification",
        targetUserId: target.sub,
        fromUserId: sender.sub,
        from: { first_name: "Test", last_name: "admin", avatar_url: null },
        kind: "task_assigned",
        notificationId,
      });
      const raw = JSON.parse(t.s.raw.find((r) => r.includes('"notification"'))!) as Record<string, unknown>;
      expect(Object.keys(raw).sort()).toEqual([
        "from",
        "fromUserId",
        "kind",
        "notificationId",
        "targetUserId",
        "type",
      ]);
    }
    expect(await nothingLike(bystander.s, (f) => f.type === "notification")).toBe(true);
    expect(sender.s.frames.some((f) => f.type === "notification")).toBe(false);
  });

  it("a poke carrying a title, body, link or any other field is refused and delivered to no one", async () => {
    const sender = await signedIn("staff");
    const target = await signedIn("admin");
    for (const extra of [
      { title: "Payroll" },
      { body: "click" },
      { link: "https://evil.example" },
      { fromUserId: uuid() },
    ]) {
      sender.s.send({ type: "notification", targetUserId: target.sub, ...extra });
      expect(await sender.s.next(isError("invalid_frame"))).toMatchObject({
        message: expect.stringMatching(/unrecognized key/i),
      });
    }
    expect(await nothingLike(target.s, (f) => f.type === "notification")).toBe(true);
  });

  it("are rate-limited per socket, apart from record updates", async () => {
    const sender = await signedIn("admin");
    const target = await signedIn("staff");
    for (let i = 0; i < HUB_RELAY_RATE_LIMIT.frames + 2; i++)
      sender.s.send({ type: "notification", targetUserId: target.sub });
    await sender.s.next(isError("rate_limited"));
    await sleep(300);
    expect(sender.s.frames.filter(isError("rate_limited")).length + 1).toBe(2);
    sender.s.send({ type: "deal_update", action: "created", ids: [uuid()] });
    expect(await target.s.next((f) => f.type === "deal_update")).toBeTruthy();
  });
});

describe("record updates: kinds and ids, routed by role", () => {
  it("deal_update reaches staff and admins; financial_update and property_hunt_update reach admins only", async () => {
    const sender = await signedIn("admin");
    const otherTab = await signedIn("admin", sender.sub);
    const admin = await signedIn("admin");
    const staff = await signedIn("staff");
    const ids = [uuid(), uuid()];
    sender.s.send({ type: "deal_update", action: "moved", ids });
    for (const s of [admin.s, staff.s, otherTab.s])
      expect(await s.next((f) => f.type === "deal_update")).toEqual({
        type: "deal_update",
        action: "moved",
        ids,
        fromUserId: sender.sub,
      });

    sender.s.send({ type: "financial_update", action: "created", ids: [ids[0]] });
    sender.s.send({ type: "property_hunt_update", action: "updated", ids: [ids[1]] });
    expect(await admin.s.next((f) => f.type === "financial_update")).toMatchObject({
      action: "created",
      fromUserId: sender.sub,
    });
    expect(await admin.s.next((f) => f.type === "property_hunt_update")).toMatchObject({ action: "updated" });
    expect(
      await nothingLike(staff.s, (f) => f.type === "financial_update" || f.type === "property_hunt_update"),
    ).toBe(true);
    expect(sender.s.frames.some((f) => f.type === "deal_update" || f.type === "financial_update")).toBe(
      false,
    );
  });

  it("record_update names its module and is routed by the same table", async () => {
    const sender = await signedIn("admin");
    const staff = await signedIn("staff");
    const admin = await signedIn("admin");
    sender.s.send({ type: "record_update", module: "finances", action: "deleted", ids: [uuid()] });
    expect(await admin.s.next((f) => f.type === "record_update")).toMatchObject({
      module: "finances",
      action: "deleted",
    });
    sender.s.send({ type: "record_update", module: "deals", action: "created", ids: [uuid()] });
    expect(await staff.s.next((f) => f.type === "record_update")).toMatchObject({ module: "deals" });
    expect(staff.s.frames.some((f) => f.type === "record_update" && f.module === "finances")).toBe(false);
  });

  it("staff may not publish an admin-only module's updates", async () => {
    const staff = await signedIn("staff");
    const admin = await signedIn("admin");
    staff.s.send({ type: "financial_update", action: "updated", ids: [uuid()] });
    expect(await staff.s.next(isError("forbidden"))).toBeTruthy();
    expect(await nothingLike(admin.s, (f) => f.type === "financial_update")).toBe(true);
  });

  it("refuses row contents, unknown modules and actions, and bad ids", async () => {
    const { s } = await signedIn("admin");
    const bad = [
      { type: "deal_update", action: "updated", ids: [uuid()], title: "Sale of plot 12", value: 450000 },
      { type: "deal_update", dealId: "d-1", stage: "won" },
      { type: "deal_update", action: "won", ids: [uuid()] },
      { type: "deal_update", action: "updated", ids: ["d-1"] },
      { type: "deal_update", action: "updated", ids: [] },
      { type: "deal_update", action: "updated", ids: Array.from({ length: MAX_RECORD_IDS + 1 }, uuid) },
      { type: "record_update", module: "payroll", action: "created", ids: [uuid()] },
    ];
    for (const f of bad) {
      s.send(f);
      expect(await s.next(isError("invalid_frame")), JSON.stringify(f).slice(0, 80)).toBeTruthy();
    }
  });

  it("are rate-limited per socket and module", async () => {
    const sender = await signedIn("admin");
    const admin = await signedIn("admin");
    for (let i = 0; i < HUB_RELAY_RATE_LIMIT.frames + 1; i++)
      sender.s.send({ type: "deal_update", action: "updated", ids: [uuid()] });
    expect(await sender.s.next(isError("rate_limited"))).toMatchObject({
      message: expect.stringContaining("deals"),
    });
    sender.s.send({ type: "financial_update", action: "updated", ids: [uuid()] });
    expect(await admin.s.next((f) => f.type === "financial_update")).toBeTruthy();
  });
});

describe("rights are re-checked", () => {
  it("a user demoted to no role stops receiving admin-only chat and is disconnected", async () => {
    const channel = freshChannel();
    const a = await joined("admin", channel);
    const b = await joined("admin", channel);
    a.s.send({ type: "team_message", action: "insert", channelId: channel, message: "before", ref: "1" });
    expect(await b.s.next((f) => f.type === "team_message")).toMatchObject({
      message: { message: "before" },
    });

    await setRole(b.sub, "none");
    await sleep(TTL_MS + 50);
    a.s.send({
      type: "team_message",
      action: "insert",
      channelId: channel,
      message: "after the demotion",
      ref: "2",
    });
    expect(await a.s.next((f) => f.type === "team_message" && f.ref === "2")).toBeTruthy();
    expect(await b.s.next(isError("forbidden"))).toBeTruthy();
    expect((await b.s.closed).code).toBe(HUB_CLOSE.accessRevoked);
    expect(
      b.s.frames.some((f) => f.type === "team_message" && f.message.message === "after the demotion"),
    ).toBe(false);
    expect(await a.s.next((f) => f.type === "user_left" && f.userId === b.sub)).toMatchObject({
      channelId: channel,
    });
  });

  it("an admin demoted to staff leaves the chat channels, learns the new role and stays connected", async () => {
    const channel = freshChannel();
    const a = await joined("admin", channel);
    const b = await joined("admin", channel);
    await setRole(b.sub, "staff");
    await sleep(TTL_MS + 50);
    a.s.send({
      type: "team_message",
      action: "insert",
      channelId: channel,
      message: "admins only",
      ref: "3",
    });
    expect(await b.s.next((f) => f.type === "auth_success")).toMatchObject({ role: "staff", reauth: true });
    expect(await nothingLike(b.s, (f) => f.type === "team_message")).toBe(true);
    b.s.send({ type: "deal_update", action: "created", ids: [uuid()] });
    expect(await a.s.next((f) => f.type === "deal_update")).toBeTruthy();
    expect(b.s.ws.readyState).toBe(WebSocket.OPEN);
  });

  it("a signed-out session's socket can neither join nor post, and is closed", async () => {
    const channel = freshChannel();
    const watcher = await joined("admin", channel);
    const a = await joined("admin", channel);
    await revokeSessions(a.sub);
    await sleep(TTL_MS + 50);
    a.s.send({
      type: "team_message",
      action: "insert",
      channelId: channel,
      message: "after sign-out",
      ref: "x",
    });
    expect(await a.s.next(isError("session_ended"))).toBeTruthy();
    expect((await a.s.closed).code).toBe(HUB_CLOSE.accessRevoked);
    expect(await nothingLike(watcher.s, (f) => f.type === "team_message")).toBe(true);

    const b = await joined("admin", freshChannel());
    await revokeSessions(b.sub);
    await sleep(TTL_MS + 50);
    b.s.send({ type: "join_channel", channelId: channel });
    expect(await b.s.next(isError("session_ended"))).toBeTruthy();
    expect((await b.s.closed).code).toBe(HUB_CLOSE.accessRevoked);
    expect(await nothingLike(watcher.s, (f) => f.type === "user_joined" && f.userId === b.sub)).toBe(true);
  });

  it("a signed-out session's socket cannot relay updates or pokes", async () => {
    const admin = await signedIn("admin");
    const s = await signedIn("admin");
    await revokeSessions(s.sub);
    await sleep(TTL_MS + 50);
    s.s.send({ type: "notification", targetUserId: admin.sub, kind: "spoof" });
    expect(await s.s.next(isError("session_ended"))).toBeTruthy();
    expect(await nothingLike(admin.s, (f) => f.type === "notification")).toBe(true);
  });

  it(
    "the alarm closes a quiet socket whose session ended",
    async () => {
      const quiet = await signedIn("staff");
      await revokeSessions(quiet.sub);
      const { code } = await quiet.s.closed;
      expect(code).toBe(HUB_CLOSE.accessRevoked);
    },
    3 * RECHECK_INTERVAL_MS + 5000,
  );

  it("a refreshed token (auth again) is checked again: a signed-out session is closed", async () => {
    const { s, sub } = await signedIn("admin");
    const refreshed = await token({ sub, role: "admin" });
    await revokeSessions(sub);
    s.send({ type: "auth", token: refreshed });
    expect(await s.next(isError("session_ended"))).toBeTruthy();
    expect((await s.closed).code).toBe(HUB_CLOSE.authFailed);
  });

  it("checks are cached: a burst of frames within the TTL asks GoTrue at most once", async () => {
    const sender = await signedIn("admin");
    const admin = await signedIn("admin");
    await sleep(TTL_MS + 50);
    const before = await userLookups(sender.sub);
    for (let i = 0; i < 5; i++) sender.s.send({ type: "deal_update", action: "updated", ids: [uuid()] });
    for (let i = 0; i < 5; i++) await admin.s.next((f) => f.type === "deal_update");
    expect((await userLookups(sender.sub)) - before).toBe(1);
  });

  it("a recipient whose check the database could not answer gets the message late, not never", async () => {
    const channel = freshChannel();
    const a = await joined("admin", channel);
    const b = await joined("admin", channel);
    await sleep(TTL_MS + 100); // b's last check is stale: the delivery asks again
    await profileOutage(b.sub, 2); // the first two asks find the database unavailable
    const id = uuid();
    a.s.send({ type: "team_message", action: "insert", channelId: channel, id, message: "Late, not lost" });
    expect(
      await b.s.next((f) => f.type === "team_message" && f.message.id === id),
      "delivered once a retry confirmed b's rights",
    ).toMatchObject({ message: { message: "Late, not lost" } });
  });
});
