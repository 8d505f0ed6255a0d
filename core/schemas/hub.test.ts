import { describe, expect, it } from "vitest";
import { DEFAULT_CHANNEL } from "../constants.ts";
import { channelIdFromName, clientFrameSchema, frameByteLength, hubFrameSchema, parseHubFrame } from "./hub.ts";

const uuid = "2f1c7f0e-8a44-4b8e-9d7c-6a1f3b2c4d5e";

describe("client frames", () => {
  it("accepts every client frame type of the protocol", () => {
    const frames = [
      { type: "auth", token: "t" },
      { type: "join_channel", channelId: DEFAULT_CHANNEL },
      { type: "leave_channel", channelId: DEFAULT_CHANNEL },
      { type: "presence_update", status: "away" },
      { type: "team_message", action: "insert", channelId: DEFAULT_CHANNEL, message: "hi" },
      { type: "team_message", action: "insert", channelId: DEFAULT_CHANNEL, id: uuid, message: "hi", replyToId: uuid },
      { type: "team_message", action: "update", channelId: DEFAULT_CHANNEL, id: uuid, message: "edited" },
      { type: "team_message", action: "delete", channelId: DEFAULT_CHANNEL, id: uuid },
      { type: "property_hunt_update", huntId: 1 },
      { type: "financial_update", amount: 5 },
      { type: "deal_update", dealId: "x" },
      { type: "notification", targetUserId: uuid, title: "t" },
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
      { type: "mystery" },
    ];
    for (const f of bad) expect(clientFrameSchema.safeParse(f).success, JSON.stringify(f)).toBe(false);
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
    const f = parseHubFrame(JSON.stringify({ type: "team_message", event: "INSERT", message: { ...row, user_profile: { first_name: "Ama", last_name: "Owusu", avatar_url: null } } }));
    expect(f).toMatchObject({ type: "team_message", event: "INSERT" });
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
