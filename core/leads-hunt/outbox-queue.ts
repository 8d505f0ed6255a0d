/**
 * The leads hunt's outbox as data: outcomes recorded on the phone wait here until the database
 * has them. Pure functions over an immutable list, so the browser's storage (IndexedDB) and the
 * page's state hold the same thing: an item leaves the queue only when its send succeeded, a
 * failed send keeps it (with its error and attempt count) and schedules the next try.
 */
import * as v from "valibot";
import { callLeadSchema, queuedOutcomeSchema, type CallReason, type QueuedOutcome } from "./call-list.ts";

/** Where the outbox is kept in the device's offline store. */
export const OUTBOX_STORE_KEY = "leads-hunt-outbox";

const count = v.pipe(v.number(), v.integer(), v.minValue(0));

export const outboxItemSchema = v.object({
  ...queuedOutcomeSchema.entries,
  attempts: v.optional(count, 0),
  lastError: v.optional(v.nullable(v.string()), null),
  /** ISO time of the next automatic retry; null: send at once. */
  retryAt: v.optional(v.nullable(v.string()), null),
});
export type OutboxItem = v.InferOutput<typeof outboxItemSchema>;

/** The longest wait between automatic retries: a phone back in coverage syncs within a minute. */
export const MAX_RETRY_MS = 60_000;
const FIRST_RETRY_MS = 5_000;

/** Doubling waits from 5 s, capped at a minute. */
export function retryDelayMs(attempts: number): number {
  return Math.min(MAX_RETRY_MS, FIRST_RETRY_MS * 2 ** Math.max(0, attempts - 1));
}

/**
 * Reads a stored queue: items that no longer parse are kept out (and reported), never thrown on,
 * so one bad entry cannot block the ones behind it.
 */
export function parseOutbox(raw: unknown): { items: OutboxItem[]; dropped: number } {
  if (!Array.isArray(raw)) return { items: [], dropped: 0 };
  const items: OutboxItem[] = [];
  for (const entry of raw) {
    const parsed = v.safeParse(outboxItemSchema, entry);
    if (parsed.success) items.push(parsed.output);
  }
  return { items, dropped: raw.length - items.length };
}

/** Adds an outcome at the end; the same key twice (a double tap) is queued once. */
export function enqueue(queue: readonly OutboxItem[], outcome: QueuedOutcome): OutboxItem[] {
  if (queue.some((i) => i.key === outcome.key)) return [...queue];
  return [...queue, { ...outcome, attempts: 0, lastError: null, retryAt: null }];
}

/** The database has it: only now does it leave the queue. */
export function markSent(queue: readonly OutboxItem[], key: string): OutboxItem[] {
  return queue.filter((i) => i.key !== key);
}

/** A send failed: the item stays, with the error shown and the next try scheduled. */
export function markFailed(
  queue: readonly OutboxItem[],
  key: string,
  error: string,
  now: Date,
): OutboxItem[] {
  return queue.map((i) => {
    if (i.key !== key) return i;
    const attempts = i.attempts + 1;
    return {
      ...i,
      attempts,
      lastError: error,
      retryAt: new Date(now.getTime() + retryDelayMs(attempts)).toISOString(),
    };
  });
}

/** A retry the user asked for (or the network coming back): every item is due now. */
export function retryAllNow(queue: readonly OutboxItem[]): OutboxItem[] {
  return queue.map((i) => ({ ...i, retryAt: null }));
}

/**
 * The item to send next, in the order they were recorded: the first one, once it is due. Later
 * items wait behind it, so outcomes reach the timeline in the order they were recorded.
 */
export function nextDue(queue: readonly OutboxItem[], now: Date): OutboxItem | null {
  const first = queue[0];
  if (!first) return null;
  return first.retryAt === null || Date.parse(first.retryAt) <= now.getTime() ? first : null;
}

/** What signing out would lose: the question to ask before it, or null when nothing waits. */
export function unsyncedWarning(queue: readonly unknown[]): string | null {
  if (queue.length === 0) return null;
  const what = queue.length === 1 ? "1 call outcome has" : `${queue.length} call outcomes have`;
  return `${what} not reached the server yet. Signing out deletes ${queue.length === 1 ? "it" : "them"} from this device. Sign out anyway?`;
}

const CALL_REASONS = [
  "new_submission",
  "lease_ending",
  "never_contacted",
  "not_contacted_recently",
] as const satisfies readonly CallReason[];

/** The call list as last loaded, kept on the device so a reload without network still shows it. */
export const callListSnapshotSchema = v.object({
  savedAt: v.string(),
  leads: v.array(
    v.object({
      ...callLeadSchema.entries,
      reason: v.picklist(CALL_REASONS),
      leaseEndDate: v.optional(v.string()),
    }),
  ),
  count: v.nullable(count),
  goal: count,
});
export type CallListSnapshot = v.InferOutput<typeof callListSnapshotSchema>;
