/** The partner-thread frame: ids only, strict, and the one thing a partner socket may receive. */
import { describe, expect, it } from "vitest";
import { clientFrameSchema, hubFrameSchema, partnerMayReceive, type HubFrame } from "./hub.ts";

const partnerId = "6f1b8a2e-4c3d-4e5f-9a0b-1c2d3e4f5a6b";
const other = "0e9d8c7b-6a5f-4e3d-8c2b-1a0f9e8d7c6b";
const id = "a1b2c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c5d";

describe("partner_thread_update", () => {
  it("carries a partner and message ids, nothing else", () => {
    expect(clientFrameSchema.safeParse({ type: "partner_thread_update", partnerId, ids: [id] }).success).toBe(
      true,
    );
    expect(
      clientFrameSchema.safeParse({
        type: "partner_thread_update",
        partnerId,
        ids: [id],
        body: "Viewing on Saturday?",
      }).success,
    ).toBe(false);
    expect(clientFrameSchema.safeParse({ type: "partner_thread_update", partnerId, ids: [] }).success).toBe(
      false,
    );
    expect(
      clientFrameSchema.safeParse({ type: "partner_thread_update", partnerId: "acme", ids: [id] }).success,
    ).toBe(false);
    expect(hubFrameSchema.safeParse({ type: "auth_success", userId: id, role: "partner" }).success).toBe(
      true,
    );
  });

  it("is all a partner socket receives, and only for its own partner", () => {
    const thread = (p: string): HubFrame => ({
      type: "partner_thread_update",
      partnerId: p,
      ids: [id],
      fromUserId: id,
    });
    expect(partnerMayReceive(partnerId, thread(partnerId))).toBe(true);
    expect(partnerMayReceive(partnerId, thread(other))).toBe(false);
    for (const f of [
      { type: "presence_updated", userId: id, status: "online", lastSeen: "2026-11-23T10:00:00Z" },
      { type: "deal_update", action: "created", ids: [id], fromUserId: id },
      {
        type: "notification",
        targetUserId: id,
        fromUserId: id,
        from: { first_name: "Ama", last_name: "Owusu", avatar_url: null },
        kind: null,
        notificationId: null,
      },
    ] as HubFrame[])
      expect(partnerMayReceive(partnerId, f)).toBe(false);
    // Back-office sockets are routed by the other rules.
    expect(partnerMayReceive(null, thread(partnerId))).toBe(true);
  });
});
