/**
 * The leads hunt's outbox (nothing is lost if the network drops): each
 * outcome is kept in localStorage (per user) until the database has it, sent in order, retried on
 * `online` and every few seconds. The dedup key makes a retry after a lost answer land once.
 */
import { useCallback, useEffect, useRef, useState } from "react";
import { z } from "zod";
import { queuedOutcomeSchema, type QueuedOutcome } from "#core/leads-hunt/call-list.ts";
import { sendOutcome } from "./api/leads-api.ts";

const RETRY_MS = 5000;
const storageKey = (userId: string) => `leads-hunt-outbox:${userId}`;

function load(userId: string): QueuedOutcome[] {
  try {
    const parsed = z
      .array(queuedOutcomeSchema)
      .safeParse(JSON.parse(localStorage.getItem(storageKey(userId)) ?? "[]"));
    return parsed.success ? parsed.data : [];
  } catch {
    return [];
  }
}

function save(userId: string, items: QueuedOutcome[]) {
  try {
    localStorage.setItem(storageKey(userId), JSON.stringify(items));
  } catch {
    // Storage full or blocked: the queue still lives in memory for this tab.
  }
}

export function useOutcomeOutbox(userId: string, onSent: () => void) {
  const [pending, setPending] = useState<QueuedOutcome[]>(() => load(userId));
  const [lastError, setLastError] = useState<string | null>(null);
  const flushing = useRef(false);
  const queue = useRef(pending);

  const flush = useCallback(async () => {
    if (flushing.current) return;
    flushing.current = true;
    try {
      while (queue.current.length) {
        const next = queue.current[0]!;
        await sendOutcome(userId, next);
        queue.current = queue.current.slice(1);
        save(userId, queue.current);
        setPending(queue.current);
        setLastError(null);
        onSent();
      }
    } catch (err) {
      setLastError(err instanceof Error ? err.message : "The network is not answering");
    } finally {
      flushing.current = false;
    }
  }, [userId, onSent]);

  const enqueue = useCallback(
    (item: QueuedOutcome) => {
      queue.current = [...queue.current, item];
      save(userId, queue.current);
      setPending(queue.current);
      void flush();
    },
    [userId, flush],
  );

  useEffect(() => {
    void flush();
    const retry = () => void flush();
    window.addEventListener("online", retry);
    const timer = setInterval(() => {
      if (queue.current.length) retry();
    }, RETRY_MS);
    return () => {
      window.removeEventListener("online", retry);
      clearInterval(timer);
    };
  }, [flush]);

  return { pending, lastError, enqueue };
}
