/**
 * The hub under more chat than its database keeps up with: past HUB_MAX_WRITES_IN_FLIGHT writes
 * waiting at once, a new message is refused at once with `rate_limited` (named by its ref, so the
 * sender keeps it and retries) instead of queueing for seconds; every message is either stored
 * and confirmed or refused — none vanishes — and the hub takes messages again once it drains.
 */
import { afterEach, describe, expect, it } from "vitest";
import type { HubFrame } from "#core/schemas/hub.ts";
import { HUB_MAX_WRITES_IN_FLIGHT } from "./hub/chat.ts";
import { closeAll, freshChannel, signedIn, sleep, stallWrites } from "./testing/hub-socket.ts";

afterEach(async () => {
  await stallWrites(0);
  closeAll();
});

const answerTo = (ref: string) => (f: HubFrame) =>
  (f.type === "team_message" || f.type === "error") && "ref" in f && f.ref === ref;

describe("hub overload", () => {
  it("refuses chat past the writes in flight at once, loses none, and takes messages again after", async () => {
    const channelId = freshChannel();
    const senders = await Promise.all([0, 1, 2, 3].map(() => signedIn("admin")));
    for (const a of senders) {
      a.s.send({ type: "join_channel", channelId });
      await a.s.next((f) => f.type === "channel_members" && f.channelId === channelId);
    }
    await stallWrites(1500);
    const perSocket = 15; // within the per-socket frame limit (20 per 10 s)
    const sentAt = Date.now();
    const refs: Array<{ s: (typeof senders)[number]["s"]; ref: string }> = [];
    for (let i = 0; i < perSocket; i++)
      for (const [n, a] of senders.entries()) {
        const ref = `m${n}-${i}`;
        refs.push({ s: a.s, ref });
        a.s.send({ type: "team_message", action: "insert", channelId, message: `load ${ref}`, ref });
      }
    const answers = await Promise.all(
      refs.map(async ({ s, ref }) => ({ frame: await s.next(answerTo(ref), 10_000), at: Date.now() })),
    );
    const refused = answers.filter((a) => a.frame.type === "error");
    const stored = answers.filter((a) => a.frame.type === "team_message");
    expect(refused.length + stored.length).toBe(senders.length * perSocket);
    expect(stored).toHaveLength(HUB_MAX_WRITES_IN_FLIGHT);
    for (const r of refused) {
      expect(r.frame).toMatchObject({ type: "error", code: "rate_limited" });
      // Refused at once, not after waiting behind the stalled writes.
      expect(r.at - sentAt).toBeLessThan(1000);
    }

    await stallWrites(0);
    await sleep(100);
    senders[0]!.s.send({ type: "team_message", action: "insert", channelId, message: "after", ref: "after" });
    expect(await senders[0]!.s.next(answerTo("after"))).toMatchObject({ type: "team_message" });
  });
});
