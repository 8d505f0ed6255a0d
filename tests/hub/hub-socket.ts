/**
 * A raw WebSocket client of the hub for integration tests and the benchmark: Node's own
 * WebSocket (undici) against ws://localhost:<SITE_PORT>/parties/hub/team (the hub's one room),
 * every frame parsed with the core schema.
 */
import { SITE_PORT } from "#scripts/local-env.ts";
import { HUB_ROOM, type HubFrame } from "#core/schemas/hub.ts";
import { frameInbox, type FrameInbox } from "#party/testing/frame-inbox.ts";

export const HUB_ORIGIN = process.env.E2E_SITE_URL ?? `http://localhost:${SITE_PORT}`;
export const HUB_WS = `${HUB_ORIGIN.replace(/^http/, "ws")}/parties/hub`;

export interface HubSocket extends FrameInbox {
  ws: WebSocket;
  closed: Promise<{ code: number; reason: string }>;
  send(frame: unknown): void;
  close(): void;
}

export function openHub(opts: { origin?: string | null; room?: string } = {}): Promise<HubSocket> {
  const room = opts.room ?? HUB_ROOM;
  const origin = opts.origin === undefined ? HUB_ORIGIN : opts.origin;
  // Node's WebSocket accepts extra headers through the undici dispatcher options.
  const ws = new WebSocket(
    `${HUB_WS}/${room}`,
    origin ? ({ headers: { Origin: origin } } as unknown as string[]) : undefined,
  );
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    ws.addEventListener("close", (e) => resolve({ code: e.code, reason: e.reason })),
  );
  const socket: HubSocket = {
    ...frameInbox(ws, 8000),
    ws,
    closed,
    send: (frame) => ws.send(typeof frame === "string" ? frame : JSON.stringify(frame)),
    close: () => ws.close(1000),
  };
  return new Promise((resolve, reject) => {
    ws.addEventListener("open", () => resolve(socket), { once: true });
    ws.addEventListener("error", () => reject(new Error(`could not open ${HUB_WS}/${room}`)), { once: true });
  });
}

export const isError = (code: string) => (f: HubFrame) => f.type === "error" && f.code === code;
