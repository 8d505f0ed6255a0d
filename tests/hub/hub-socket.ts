/**
 * A raw WebSocket client of the hub for integration tests and the benchmark: Node's own
 * WebSocket (undici) against ws://localhost:<SITE_PORT>/parties/hub/team (the hub's one room),
 * every frame parsed with the core schema.
 */
import { SITE_PORT } from "#scripts/local-env.ts";
import { HUB_ROOM, hubFrameSchema, type HubFrame } from "#core/schemas/hub.ts";

export const HUB_ORIGIN = process.env.E2E_SITE_URL ?? `http://localhost:${SITE_PORT}`;
export const HUB_WS = `${HUB_ORIGIN.replace(/^http/, "ws")}/parties/hub`;

export interface HubSocket {
  ws: WebSocket;
  frames: HubFrame[];
  closed: Promise<{ code: number; reason: string }>;
  send(frame: unknown): void;
  next(pred: (f: HubFrame) => boolean, timeoutMs?: number): Promise<HubFrame>;
  close(): void;
}

export function openHub(opts: { origin?: string | null; room?: string } = {}): Promise<HubSocket> {
  const room = opts.room ?? HUB_ROOM;
  const origin = opts.origin === undefined ? HUB_ORIGIN : opts.origin;
  // Node's WebSocket accepts extra headers through the undici dispatcher options.
  const ws = new WebSocket(`${HUB_WS}/${room}`, origin ? ({ headers: { Origin: origin } } as unknown as string[]) : undefined);
  const frames: HubFrame[] = [];
  const waiters: Array<{ pred: (f: HubFrame) => boolean; resolve: (f: HubFrame) => void }> = [];
  ws.addEventListener("message", (e) => {
    const frame = hubFrameSchema.parse(JSON.parse(String(e.data)));
    const w = waiters.find((x) => x.pred(frame));
    if (w) {
      waiters.splice(waiters.indexOf(w), 1);
      w.resolve(frame);
    } else frames.push(frame);
  });
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    ws.addEventListener("close", (e) => resolve({ code: e.code, reason: e.reason })),
  );
  const socket: HubSocket = {
    ws,
    frames,
    closed,
    send: (frame) => ws.send(typeof frame === "string" ? frame : JSON.stringify(frame)),
    next(pred, timeoutMs = 8000) {
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
          reject(new Error(`no matching frame within ${timeoutMs} ms; unclaimed: ${JSON.stringify(frames).slice(0, 600)}`));
        }, timeoutMs);
        waiters.push(entry);
      });
    },
    close: () => ws.close(1000),
  };
  return new Promise((resolve, reject) => {
    ws.addEventListener("open", () => resolve(socket), { once: true });
    ws.addEventListener("error", () => reject(new Error(`could not open ${HUB_WS}/${room}`)), { once: true });
  });
}

export const isError = (code: string) => (f: HubFrame) => f.type === "error" && f.code === code;
