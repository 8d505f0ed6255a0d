/**
 * The leads hunt's outbox (nothing is lost if the network drops): each outcome is kept in
 * IndexedDB (the signed-in user's offline store) until the database has it, sent in the order it
 * was recorded, retried when the browser says it is back online, on a growing timer and when the
 * user asks. A failed send keeps the item with its error. The item's key is the activity's dedup
 * key and the task's id, so a replay after a lost answer lands once.
 */
import { useCallback, useEffect, useRef, useState } from "react";
import type { QueuedOutcome } from "#core/leads-hunt/call-list.ts";
import {
  enqueue as enqueueItem,
  markFailed,
  markSent,
  nextDue,
  OUTBOX_STORE_KEY,
  parseOutbox,
  retryAllNow,
  type OutboxItem,
} from "#core/leads-hunt/outbox-queue.ts";
import { readOffline, writeOffline } from "#app/lib/offline/offline-store.ts";
import { sendOutcome } from "./api/leads-api.ts";

const TICK_MS = 1000;
/** Where outcomes waited before the outbox moved to IndexedDB: carried over once, then removed. */
const legacyKey = (userId: string) => `leads-hunt-outbox:${userId}`;

async function loadStored(userId: string): Promise<OutboxItem[]> {
  let { items } = parseOutbox(await readOffline(userId, OUTBOX_STORE_KEY));
  try {
    const legacy = localStorage.getItem(legacyKey(userId));
    if (legacy) {
      for (const item of parseOutbox(JSON.parse(legacy)).items) items = enqueueItem(items, item);
      if (await writeOffline(userId, OUTBOX_STORE_KEY, items)) localStorage.removeItem(legacyKey(userId));
    }
  } catch {
    // Unreadable old entry: left where it is.
  }
  return items;
}

export function useOutcomeOutbox(userId: string, onSent: () => void) {
  const [pending, setPending] = useState<OutboxItem[]>([]);
  const [sending, setSending] = useState(false);
  const queue = useRef<OutboxItem[]>([]);
  const loaded = useRef(false);
  const flushing = useRef(false);

  const persist = useCallback(
    (next: OutboxItem[]) => {
      queue.current = next;
      setPending(next);
      // A write that fails (storage blocked) keeps the queue in memory for this tab.
      void writeOffline(userId, OUTBOX_STORE_KEY, next);
    },
    [userId],
  );

  const flush = useCallback(async () => {
    if (flushing.current || !loaded.current) return;
    flushing.current = true;
    setSending(true);
    try {
      for (let item = nextDue(queue.current, new Date()); item; item = nextDue(queue.current, new Date())) {
        try {
          await sendOutcome(userId, item);
        } catch (err) {
          const message = err instanceof Error ? err.message : String((err as { message?: unknown }).message);
          persist(markFailed(queue.current, item.key, message || "The network is not answering", new Date()));
          return;
        }
        persist(markSent(queue.current, item.key));
        onSent();
      }
    } finally {
      flushing.current = false;
      setSending(false);
    }
  }, [userId, onSent, persist]);

  const enqueue = useCallback(
    (item: QueuedOutcome) => {
      persist(enqueueItem(queue.current, item));
      void flush();
    },
    [persist, flush],
  );

  /** Every waiting item is due now (the retry button, or the network coming back). */
  const retry = useCallback(() => {
    persist(retryAllNow(queue.current));
    void flush();
  }, [persist, flush]);

  useEffect(() => {
    let cancelled = false;
    void loadStored(userId).then((stored) => {
      if (cancelled) return;
      // Outcomes recorded while the store was being read go behind the stored ones.
      let merged = stored;
      for (const item of queue.current) merged = enqueueItem(merged, item);
      loaded.current = true;
      persist(merged);
      void flush();
    });
    return () => {
      cancelled = true;
    };
  }, [userId, persist, flush]);

  useEffect(() => {
    window.addEventListener("online", retry);
    const timer = setInterval(() => {
      if (nextDue(queue.current, new Date())) void flush();
    }, TICK_MS);
    return () => {
      window.removeEventListener("online", retry);
      clearInterval(timer);
    };
  }, [retry, flush]);

  return { pending, sending, enqueue, retry };
}
