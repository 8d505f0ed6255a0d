/** The outbox's queue: nothing leaves it but a confirmed send, failures wait and retry in order. */
import { describe, expect, it } from "vitest";
import type { QueuedOutcome } from "./call-list.ts";
import {
  enqueue,
  markFailed,
  markSent,
  MAX_RETRY_MS,
  nextDue,
  parseOutbox,
  retryAllNow,
  retryDelayMs,
  unsyncedWarning,
} from "./outbox-queue.ts";

const outcome = (n: number): QueuedOutcome => ({
  key: `00000000-0000-4000-8000-00000000000${n}`,
  contactId: "11111111-1111-4111-8111-111111111111",
  outcome: "no_answer",
  callBackAt: null,
  summary: "Call: no answer",
  occurredAt: "2026-11-28T09:00:00.000Z",
  followUp: null,
});
const now = new Date("2026-11-28T10:00:00Z");

describe("the outbox queue", () => {
  it("queues an outcome once, however often it is added", () => {
    const q = enqueue(enqueue([], outcome(1)), outcome(1));
    expect(q).toHaveLength(1);
    expect(q[0]).toMatchObject({ attempts: 0, lastError: null, retryAt: null });
  });

  it("keeps a failed item, with its error, and schedules the next try with a growing wait", () => {
    let q = enqueue(enqueue([], outcome(1)), outcome(2));
    q = markFailed(q, outcome(1).key, "Failed to fetch", now);
    expect(q.map((i) => i.key)).toEqual([outcome(1).key, outcome(2).key]);
    expect(q[0]).toMatchObject({
      attempts: 1,
      lastError: "Failed to fetch",
      retryAt: "2026-11-28T10:00:05.000Z",
    });
    q = markFailed(q, outcome(1).key, "Failed to fetch", now);
    expect(q[0]!.retryAt).toBe("2026-11-28T10:00:10.000Z");
    expect(retryDelayMs(20)).toBe(MAX_RETRY_MS);
  });

  it("sends in recorded order: a later item waits behind a failed first one until it is due", () => {
    let q = enqueue(enqueue([], outcome(1)), outcome(2));
    expect(nextDue(q, now)?.key).toBe(outcome(1).key);
    q = markFailed(q, outcome(1).key, "offline", now);
    expect(nextDue(q, now)).toBeNull();
    expect(nextDue(q, new Date(now.getTime() + 5_000))?.key).toBe(outcome(1).key);
    expect(nextDue(retryAllNow(q), now)?.key).toBe(outcome(1).key);
    q = markSent(q, outcome(1).key);
    expect(nextDue(q, now)?.key).toBe(outcome(2).key);
    expect(nextDue(markSent(q, outcome(2).key), now)).toBeNull();
  });

  it("reads a stored queue, keeping the entries that still parse (older entries without retry fields too)", () => {
    const { key: _, ...noKey } = outcome(3);
    const { items, dropped } = parseOutbox([
      outcome(1),
      noKey,
      { ...outcome(2), attempts: 2, lastError: "x" },
    ]);
    expect(items.map((i) => i.key)).toEqual([outcome(1).key, outcome(2).key]);
    expect(items[1]).toMatchObject({ attempts: 2, lastError: "x", retryAt: null });
    expect(dropped).toBe(1);
    expect(parseOutbox("garbage")).toEqual({ items: [], dropped: 0 });
  });

  it("asks before a sign-out would delete unsynced outcomes", () => {
    expect(unsyncedWarning([])).toBeNull();
    expect(unsyncedWarning([1])).toMatch(/^1 call outcome has not reached the server yet.*deletes it/);
    expect(unsyncedWarning([1, 2])).toMatch(/^2 call outcomes have .*deletes them/);
  });
});
