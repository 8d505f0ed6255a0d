import { describe, expect, it } from "vitest";
import { DEFAULT_CHANNEL } from "../constants.ts";
import {
  REALTIME_MODULES,
  REALTIME_MODULE_NAMES,
  channelIdFromName,
  clientFrameSchema,
  domainUpdateFrame,
  domainUpdateOf,
  frameByteLength,
  hubFrameSchema,
  mayReceiveModule,
  moduleOfFrame,
  parseHubFrame,
} from "./hub.ts";

const uuid = "2f1c7f0e-8a44-4b8e-9d7c-6a1f3b2c4d5e";

describe("client frames", () => {
  it("accepts every client frame type of the protocol", () => {
    const frames = [
      { type: "auth", token: "t" },
      { type: "join_channel", channelId: DEFAULT_CHANNEL },
      { type: "leave_channel", channelId: DEFAULT_CHANNEL },
      { type: "presence_update", status: "away" },
      { type: "team_message", action: "insert", channelId: DEFAULT_CHANNEL, message: "hi" },
      {
        type: "team_message",
        action: "insert",
        channelId: DEFAULT_CHANNEL,
        id: uuid,
        message: "hi",
        replyToId: uuid,
      },
      { type: "team_message", action: "update", channelId: DEFAULT_CHANNEL, id: uuid, message: "edited" },
      { type: "team_message", action: "delete", channelId: DEFAULT_CHANNEL, id: uuid },
      { type: "property_hunt_update", action: "created", ids: [uuid] },
      { type: "financial_update", action: "deleted", ids: [uuid] },
      { type: "deal_update", action: "moved", ids: [uuid, uuid] },
      { type: "record_update", module: "deals", action: "updated", ids: [uuid] },
      { type: "notification", targetUserId: uuid },
      { type: "notification", targetUserId: uuid, kind: "task_assigned", notificationId: uuid },
    ];
    for (const f of frames) expect(clientFrameSchema.safeParse(f).success, JSON.stringify(f)).toBe(true);
  });

  it("refuses malformed frames", () => {
    const bad = [
      { type: "auth" },
      { type: "auth", token: "" },
      { type: "join_channel", channelId: "General Chat" },
      { type: "presence_update", status: "offline" },
      { type: "team_message", action: "insert", channelId: DEFAULT_CHANNEL, message: "   " },
      { type: "team_message", action: "update", channelId: DEFAULT_CHANNEL, message: "no id" },
      { type: "team_message", action: "delete", channelId: DEFAULT_CHANNEL, id: "not-a-uuid" },
      { type: "team_message", action: "upsert", channelId: DEFAULT_CHANNEL, message: "x" },
      { type: "notification", targetUserId: "someone" },
      {
        type: "notification",
        targetUserId: uuid,
        title: "Payroll",
        body: "click",
        link: "https://evil.example",
      },
      { type: "notification", targetUserId: uuid, kind: "Task Assigned!" },
      { type: "deal_update", dealId: "x", stage: "won" },
      { type: "deal_update", action: "moved", ids: [uuid], row: { value: 1 } },
      { type: "financial_update", action: "paid", ids: [uuid] },
      { type: "record_update", module: "payroll", action: "created", ids: [uuid] },
      { type: "record_update", action: "created", ids: [uuid] },
      { type: "mystery" },
    ];
    for (const f of bad) expect(clientFrameSchema.safeParse(f).success, JSON.stringify(f)).toBe(false);
  });
});

describe("record updates of modules", () => {
  it("every module's roles come from one table; staff never get admin-only modules", () => {
    expect(REALTIME_MODULE_NAMES).toEqual(Object.keys(REALTIME_MODULES));
    expect(mayReceiveModule("staff", "deals")).toBe(true);
    expect(mayReceiveModule("admin", "deals")).toBe(true);
    expect(mayReceiveModule("staff", "finances")).toBe(false);
    expect(mayReceiveModule("staff", "property_hunt")).toBe(false);
    expect(mayReceiveModule("admin", "finances")).toBe(true);
    expect(mayReceiveModule(null, "deals")).toBe(false);
  });

  it("a module's updates use the spec's frame type where it has one, and map back", () => {
    expect(domainUpdateFrame("deals", "moved", [uuid])).toEqual({
      type: "deal_update",
      action: "moved",
      ids: [uuid],
    });
    expect(domainUpdateFrame("finances", "created", [uuid])).toMatchObject({ type: "financial_update" });
    expect(domainUpdateFrame("property_hunt", "deleted", [uuid])).toMatchObject({
      type: "property_hunt_update",
    });
    for (const m of REALTIME_MODULE_NAMES)
      expect(moduleOfFrame(domainUpdateFrame(m, "updated", [uuid]))).toBe(m);
    expect(moduleOfFrame({ type: "record_update", module: "finances", action: "updated", ids: [uuid] })).toBe(
      "finances",
    );
  });

  it("domainUpdateOf reads a relayed update of either form, and nothing else", () => {
    const relayed = parseHubFrame(
      JSON.stringify({ type: "deal_update", action: "moved", ids: [uuid], fromUserId: uuid }),
    );
    expect(relayed && domainUpdateOf(relayed)).toEqual({
      module: "deals",
      action: "moved",
      ids: [uuid],
      fromUserId: uuid,
    });
    const generic = parseHubFrame(
      JSON.stringify({
        type: "record_update",
        module: "finances",
        action: "created",
        ids: [uuid],
        fromUserId: uuid,
      }),
    );
    expect(generic && domainUpdateOf(generic)).toMatchObject({ module: "finances", action: "created" });
    expect(domainUpdateOf({ type: "user_joined", userId: uuid, channelId: "general" })).toBeNull();
  });
});

describe("hub frames", () => {
  const row = {
    id: uuid,
    user_id: uuid,
    message: "hello",
    channel_id: "general",
    reply_to_id: null,
    is_edited: false,
    created_at: "2026-11-21T10:00:00Z",
    updated_at: "2026-11-21T10:00:00Z",
  };

  it("parses a team_message event with the sender's profile", () => {
    const f = parseHubFrame(
      JSON.stringify({
        type: "team_message",
        event: "INSERT",
        message: { ...row, user_profile: { first_name: "Ama", last_name: "Owusu", avatar_url: null } },
      }),
    );
    expect(f).toMatchObject({ type: "team_message", event: "INSERT" });
  });

  it("parses a notification poke with its sender, and refuses one carrying anything more", () => {
    const poke = {
      type: "notification",
      targetUserId: uuid,
      fromUserId: uuid,
      from: { first_name: "Ama", last_name: null, avatar_url: null },
      kind: null,
      notificationId: uuid,
    };
    expect(parseHubFrame(JSON.stringify(poke))).toEqual(poke);
    expect(parseHubFrame(JSON.stringify({ ...poke, title: "Payroll" }))).toBeNull();
    expect(
      parseHubFrame(
        JSON.stringify({ type: "deal_update", action: "moved", ids: [uuid], fromUserId: uuid, value: 5 }),
      ),
    ).toBeNull();
  });

  it("returns null for junk and unknown frames", () => {
    expect(parseHubFrame("{")).toBeNull();
    expect(parseHubFrame(JSON.stringify({ type: "team_message", event: "UPSERT", message: row }))).toBeNull();
    expect(hubFrameSchema.safeParse({ type: "error", code: "nope", message: "x" }).success).toBe(false);
  });

  it("measures frames in UTF-8 bytes", () => {
    expect(frameByteLength("abc")).toBe(3);
    expect(frameByteLength("₵")).toBe(3);
  });
});

describe("channelIdFromName", () => {
  it("slugifies display names into valid channel ids", () => {
    expect(channelIdFromName("Sales Team")).toBe("sales-team");
    expect(channelIdFromName("  Kumasi / Ashanti Office!! ")).toBe("kumasi-ashanti-office");
    expect(channelIdFromName("Café Ops")).toBe("cafe-ops");
    expect(channelIdFromName("!!!")).toBeNull();
    expect(channelIdFromName("x".repeat(60))).toHaveLength(40);
  });
});
