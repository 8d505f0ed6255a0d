import { describe, expect, it } from "vitest";
import { HUB_REPLAY_MAX_FRAMES, HUB_REPLAY_WINDOW_MS } from "./constants.ts";
import { framesToReplay, rememberFrame, REPLAYED_FRAME_TYPES, type RecentFrame } from "./realtime-replay.ts";
import { DOMAIN_UPDATE_TYPES, type HubFrame } from "./schemas/hub.ts";

const deal = (id: string): HubFrame =>
  ({ type: "deal_update", action: "moved", ids: [id], fromUserId: "u1" }) as HubFrame;
const presence: HubFrame = {
  type: "presence_updated",
  userId: "u1",
  status: "online",
  lastSeen: "2026-11-23T10:00:00Z",
} as HubFrame;

describe("the tab's replay buffer", () => {
  it("replays every kind of record update", () => {
    expect(REPLAYED_FRAME_TYPES).toEqual(expect.arrayContaining([...DOMAIN_UPDATE_TYPES]));
  });

  it("keeps record updates, not presence", () => {
    let b: RecentFrame[] = [];
    b = rememberFrame(b, presence, 1000);
    b = rememberFrame(b, deal("a"), 1000);
    expect(framesToReplay(b, 1000)).toEqual([deal("a")]);
  });

  it("forgets frames older than the window, on receipt and on replay", () => {
    let b = rememberFrame([], deal("old"), 0);
    expect(framesToReplay(b, HUB_REPLAY_WINDOW_MS - 1)).toEqual([deal("old")]);
    expect(framesToReplay(b, HUB_REPLAY_WINDOW_MS)).toEqual([]);
    b = rememberFrame(b, deal("new"), HUB_REPLAY_WINDOW_MS + 5);
    expect(b.map((r) => r.frame)).toEqual([deal("new")]);
  });

  it("keeps only the newest frames over the cap, oldest first", () => {
    let b: RecentFrame[] = [];
    for (let i = 0; i < HUB_REPLAY_MAX_FRAMES + 3; i++) b = rememberFrame(b, deal(String(i)), 10);
    const ids = framesToReplay(b, 10).map((f) => (f as { ids: string[] }).ids[0]);
    expect(ids).toHaveLength(HUB_REPLAY_MAX_FRAMES);
    expect(ids[0]).toBe("3");
    expect(ids.at(-1)).toBe(String(HUB_REPLAY_MAX_FRAMES + 2));
  });
});
