/**
 * Raw sockets to the hub for its workerd tests: connect through the hub worker's fetch handler
 * (workerd has no client `new WebSocket(url)` to itself), parse every frame with core's schema
 * (strict, so a frame with a field the protocol does not name fails the test), and wait for
 * frames by predicate. Tokens come from the fake Supabase (fake-supabase.ts).
 */
import { exports } from "cloudflare:workers";
import { HUB_ROOM, type HubFrame } from "#core/schemas/hub.ts";
import { FAKE_SUPABASE_URL } from "./fake-supabase.ts";
import { frameInbox, type FrameInbox } from "./frame-inbox.ts";

export const ORIGIN = "http://crm.localhost:8787";

export interface TestSocket extends FrameInbox {
  ws: WebSocket;
  closed: Promise<{ code: number; reason: string }>;
  send(frame: unknown): void;
}

const opened: TestSocket[] = [];

export async function open(room = HUB_ROOM, origin: string | null = ORIGIN): Promise<TestSocket> {
  const headers: Record<string, string> = { Upgrade: "websocket" };
  if (origin) headers.Origin = origin;
  const res = await exports.default.fetch(`http://localhost/parties/hub/${room}`, { headers });
  if (res.status !== 101 || !res.webSocket)
    throw new Error(`handshake answered ${res.status}: ${await res.text()}`);
  const ws = res.webSocket;
  ws.accept();
  let isClosed = false;
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    ws.addEventListener("close", (e) => {
      isClosed = true;
      resolve({ code: e.code, reason: e.reason });
    }),
  );
  const socket: TestSocket = {
    ...frameInbox(ws, 4000),
    ws,
    closed,
    // A browser drops a frame sent on a closed socket; workerd throws. The hub's alarm may close a
    // revoked socket before the test's write, which is as correct as refusing the write.
    send: (frame) => {
      if (!isClosed) ws.send(typeof frame === "string" ? frame : JSON.stringify(frame));
    },
  };
  opened.push(socket);
  return socket;
}

/** Closes every socket the test opened (the tests share the hub's one room). */
export function closeAll(): void {
  for (const s of opened.splice(0)) {
    try {
      s.ws.close(1000);
    } catch {
      /* already closed */
    }
  }
}

/** A token from the fake Supabase: sub, role (admin|staff|partner|none), partner (its id), exp (seconds), aal, mfa, aud, iss, forge. */
export async function token(params: Record<string, string> = {}): Promise<string> {
  return (await fetch(`${FAKE_SUPABASE_URL}/__test/token?${new URLSearchParams(params)}`)).text();
}

/** Changes what the fake Supabase answers for a user from now on. */
export async function setRole(sub: string, role: "admin" | "staff" | "partner" | "none"): Promise<void> {
  await fetch(`${FAKE_SUPABASE_URL}/__test/role?${new URLSearchParams({ sub, role })}`);
}
export async function revokeSessions(sub: string): Promise<void> {
  await fetch(`${FAKE_SUPABASE_URL}/__test/revoke?${new URLSearchParams({ sub })}`);
}
/** Makes the fake database answer chat writes only after `ms` (0: at once again). */
export async function stallWrites(ms: number): Promise<void> {
  await fetch(`${FAKE_SUPABASE_URL}/__test/stall-writes?${new URLSearchParams({ ms: String(ms) })}`);
}
/** The next `count` profile reads for this user fail as if the database did not answer. */
export async function profileOutage(sub: string, count: number): Promise<void> {
  await fetch(
    `${FAKE_SUPABASE_URL}/__test/profile-outage?${new URLSearchParams({ sub, count: String(count) })}`,
  );
}
/** How often the hub asked GoTrue's /user about this user. */
export async function userLookups(sub: string): Promise<number> {
  return (
    (await (await fetch(`${FAKE_SUPABASE_URL}/__test/lookups?${new URLSearchParams({ sub })}`)).json()) as {
      count: number;
    }
  ).count;
}

/** A socket signed in as a fresh (or the given) user. */
export async function signedIn(
  role: "admin" | "staff" = "admin",
  sub: string = crypto.randomUUID(),
): Promise<{ s: TestSocket; sub: string }> {
  const s = await open();
  s.send({ type: "auth", token: await token({ sub, role }) });
  const ok = await s.next((f) => f.type === "auth_success" || f.type === "error");
  if (ok.type !== "auth_success" || ok.userId !== sub) throw new Error(`auth failed: ${JSON.stringify(ok)}`);
  return { s, sub };
}

export const isError = (code: string) => (f: HubFrame) => f.type === "error" && f.code === code;

/** A channel of its own for each test: the room is shared. */
export const freshChannel = () => `t-${crypto.randomUUID().slice(0, 8)}`;

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The workerd project's HUB_RIGHTS_TTL_MS and HUB_RIGHTS_RECHECK_INTERVAL_MS (vitest.config.ts). */
export const TTL_MS = 300;
export const RECHECK_INTERVAL_MS = 1500;

/** A signed-in socket that has joined `channelId` and seen its member list. */
export async function joined(role: "admin" | "staff" = "admin", channelId: string) {
  const a = await signedIn(role);
  a.s.send({ type: "join_channel", channelId });
  await a.s.next((f) => f.type === "channel_members" && f.channelId === channelId);
  return a;
}

/** True when no frame matching `pred` arrives within `ms`. */
export async function nothingLike(s: TestSocket, pred: (f: HubFrame) => boolean, ms = 600): Promise<boolean> {
  await sleep(ms);
  return !s.frames.some(pred);
}
