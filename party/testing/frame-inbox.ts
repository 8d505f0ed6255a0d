/**
 * The frames a test socket received, and a way to wait for one by predicate. Shared by the hub's
 * workerd tests (party/testing/hub-socket.ts) and the integration tests' Node sockets
 * (tests/hub/hub-socket.ts); every frame is parsed with core's schema on arrival.
 */
import { hubFrameSchema, type HubFrame } from "#core/schemas/hub.ts";

export interface FrameInbox {
  /** Frames not yet claimed by `next`. */
  frames: HubFrame[];
  /** Every frame as sent, for exact-shape assertions. */
  raw: string[];
  /** The first unclaimed frame matching `pred`, now or when it arrives; rejects after `timeoutMs`. */
  next(pred: (f: HubFrame) => boolean, timeoutMs?: number): Promise<HubFrame>;
}

interface MessageSource {
  addEventListener(type: "message", listener: (event: { data: unknown }) => void): void;
}

export function frameInbox(ws: MessageSource, defaultTimeoutMs: number): FrameInbox {
  const frames: HubFrame[] = [];
  const raw: string[] = [];
  const waiters: Array<{ pred: (f: HubFrame) => boolean; resolve: (f: HubFrame) => void }> = [];
  ws.addEventListener("message", (e) => {
    const text = String(e.data);
    raw.push(text);
    const frame = hubFrameSchema.parse(JSON.parse(text));
    const w = waiters.find((x) => x.pred(frame));
    if (w) {
      waiters.splice(waiters.indexOf(w), 1);
      w.resolve(frame);
    } else frames.push(frame);
  });
  return {
    frames,
    raw,
    next(pred, timeoutMs = defaultTimeoutMs) {
      const i = frames.findIndex(pred);
      if (i !== -1) return Promise.resolve(frames.splice(i, 1)[0]!);
      return new Promise((resolve, reject) => {
        const entry = {
          pred,
          resolve: (f: HubFrame) => {
            clearTimeout(timer);
            resolve(f);
          },
        };
        const timer = setTimeout(() => {
          waiters.splice(waiters.indexOf(entry), 1);
          reject(
            new Error(
              `no matching frame within ${timeoutMs} ms; unclaimed: ${JSON.stringify(frames).slice(0, 800)}`,
            ),
          );
        }, timeoutMs);
        waiters.push(entry);
      });
    },
  };
}
