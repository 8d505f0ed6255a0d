/**
 * The hub across Durable Object lifecycle events, inside workerd:
 * - hibernation (graceful eviction keeps the sockets): sign-in, channels and the token survive,
 *   because they live in the socket attachment and the object's SQLite, not in memory;
 * - restart (eviction that closes the sockets): the SPA's own client (hub-client.ts, partysocket)
 *   reconnects with backoff, re-authenticates and rejoins its channels.
 */
import { evictAllDurableObjects } from "cloudflare:test";
import { exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { HubClient, HubWriteError } from "#app/lib/realtime/hub-client.ts";
import { SOCKET_MAX_RECONNECT_ATTEMPTS } from "#core/constants.ts";
import { hubFrameSchema, type HubFrame } from "#core/schemas/hub.ts";
import { FAKE_SUPABASE_URL } from "./testing/fake-supabase.ts";

const ORIGIN = "http://crm.localhost:8787";

async function token(params: Record<string, string> = {}): Promise<string> {
  return (await fetch(`${FAKE_SUPABASE_URL}/__test/token?${new URLSearchParams(params)}`)).text();
}

/** A raw socket to the hub with a frame inbox. */
async function rawSocket(room: string) {
  const res = await exports.default.fetch(`http://localhost/parties/hub/${room}`, { headers: { Upgrade: "websocket", Origin: ORIGIN } });
  const ws = res.webSocket!;
  ws.accept();
  const inbox: HubFrame[] = [];
  const waiters: Array<{ pred: (f: HubFrame) => boolean; resolve: (f: HubFrame) => void }> = [];
  ws.addEventListener("message", (e) => {
    const f = hubFrameSchema.parse(JSON.parse(e.data as string));
    const w = waiters.find((x) => x.pred(f));
    if (w) {
      waiters.splice(waiters.indexOf(w), 1);
      w.resolve(f);
    } else inbox.push(f);
  });
  return {
    ws,
    send: (f: unknown) => ws.send(JSON.stringify(f)),
    next(pred: (f: HubFrame) => boolean, ms = 5000): Promise<HubFrame> {
      const i = inbox.findIndex(pred);
      if (i !== -1) return Promise.resolve(inbox.splice(i, 1)[0]!);
      return new Promise((resolve, reject) => {
        const t = setTimeout(() => reject(new Error(`timeout; inbox ${JSON.stringify(inbox)}`)), ms);
        waiters.push({ pred, resolve: (f) => (clearTimeout(t), resolve(f)) });
      });
    },
  };
}

/**
 * A WebSocket constructor for partysocket that connects through the worker's fetch handler
 * (workerd has no client `new WebSocket(url)` to itself).
 */
class WorkerWebSocket extends EventTarget {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSING = 2;
  static readonly CLOSED = 3;
  readonly CONNECTING = 0;
  readonly OPEN = 1;
  readonly CLOSING = 2;
  readonly CLOSED = 3;
  readyState = 0;
  binaryType: "blob" | "arraybuffer" = "blob";
  protocol = "";
  extensions = "";
  bufferedAmount = 0;
  private ws: WebSocket | null = null;

  static opened = 0;

  constructor(readonly url: string) {
    super();
    WorkerWebSocket.opened++;
    const httpUrl = url.replace(/^ws/, "http");
    void exports.default.fetch(httpUrl, { headers: { Upgrade: "websocket", Origin: ORIGIN } }).then(
      (res) => {
        const ws = res.webSocket;
        if (!ws) return this.fail(1006);
        ws.accept();
        this.ws = ws;
        ws.addEventListener("message", (e) => this.dispatchEvent(new MessageEvent("message", { data: e.data })));
        ws.addEventListener("close", (e) => this.fail(e.code, e.reason));
        ws.addEventListener("error", () => this.dispatchEvent(new Event("error")));
        this.readyState = 1;
        this.dispatchEvent(new Event("open"));
      },
      () => this.fail(1006),
    );
  }

  private fail(code: number, reason = ""): void {
    if (this.readyState === 3) return;
    this.readyState = 3;
    const ev = new Event("close") as Event & { code: number; reason: string; wasClean: boolean };
    Object.assign(ev, { code, reason, wasClean: code === 1000 });
    this.dispatchEvent(ev);
  }

  send(data: string): void {
    this.ws?.send(data);
  }

  close(code = 1000, reason = ""): void {
    if (this.readyState >= 2) return;
    this.readyState = 2;
    try {
      this.ws?.close(code, reason);
    } catch {
      /* already closed */
    }
    this.fail(code, reason);
  }
}

async function waitFor(cond: () => boolean, ms = 10_000): Promise<void> {
  const start = Date.now();
  while (!cond()) {
    if (Date.now() - start > ms) throw new Error("condition not met in time");
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe("hub lifecycle", () => {
  it("keeps sign-in, channels and the sender's token across hibernation", async () => {
    const room = `hib-${crypto.randomUUID()}`;
    const a = await rawSocket(room);
    const b = await rawSocket(room);
    a.send({ type: "auth", token: await token({ role: "admin" }) });
    b.send({ type: "auth", token: await token({ role: "admin" }) });
    await a.next((f) => f.type === "auth_success");
    await b.next((f) => f.type === "auth_success");
    a.send({ type: "join_channel", channelId: "general" });
    b.send({ type: "join_channel", channelId: "general" });
    await a.next((f) => f.type === "channel_members");
    await b.next((f) => f.type === "channel_members");

    await evictAllDurableObjects(); // graceful: hibernatable sockets stay open, memory is gone

    a.send({ type: "team_message", action: "insert", channelId: "general", message: "after hibernation", ref: "h" });
    expect(await a.next((f) => f.type === "team_message" && f.ref === "h")).toMatchObject({ message: { message: "after hibernation" } });
    expect(await b.next((f) => f.type === "team_message")).toMatchObject({ event: "INSERT", message: { message: "after hibernation" } });
  });

  it("the SPA's client reconnects after the hub restarts, re-authenticates and rejoins its channels", async () => {
    const room = `rst-${crypto.randomUUID()}`;
    const client = new HubClient({
      host: "localhost",
      protocol: "ws",
      room,
      token: await token({ role: "admin" }),
      WebSocket: WorkerWebSocket as unknown as typeof WebSocket,
      baseDelayMs: 50,
    });
    const frames: HubFrame[] = [];
    client.on((f) => frames.push(f));
    client.join("general");
    try {
      await waitFor(() => client.status() === "connected");
      await waitFor(() => frames.some((f) => f.type === "channel_members"));

      await evictAllDurableObjects({ webSockets: "close" }); // a restart: every socket is dropped
      await waitFor(() => client.status() !== "connected");
      await waitFor(() => frames.filter((f) => f.type === "auth_success").length === 2);
      await waitFor(() => frames.filter((f) => f.type === "channel_members").length === 2);
      expect(client.status()).toBe("connected");

      const echo = await client.writeTeamMessage({ action: "insert", channelId: "general", message: "back after a restart" });
      expect(echo.message).toMatchObject({ message: "back after a restart", channel_id: "general" });
    } finally {
      client.close();
    }
  });

  it("gives up after 5 reconnect attempts with doubling delays, and fails queued writes clearly", async () => {
    const room = `gu-${crypto.randomUUID()}`;
    WorkerWebSocket.opened = 0;
    const base = 40;
    const client = new HubClient({
      host: "localhost",
      protocol: "ws",
      room,
      token: "not-a-valid-token", // the hub closes every attempt with 4003
      WebSocket: WorkerWebSocket as unknown as typeof WebSocket,
      baseDelayMs: base,
    });
    const started = Date.now();
    const queued = client.writeTeamMessage({ action: "insert", channelId: "general", message: "never delivered" });
    try {
      await expect(queued).rejects.toBeInstanceOf(HubWriteError);
      await waitFor(() => client.status() === "disconnected");
      // The first connection plus SOCKET_MAX_RECONNECT_ATTEMPTS retries, waiting 40+80+160+320+640 ms.
      expect(WorkerWebSocket.opened).toBe(1 + SOCKET_MAX_RECONNECT_ATTEMPTS);
      let waited = 0;
      for (let i = 0; i < SOCKET_MAX_RECONNECT_ATTEMPTS; i++) waited += base * 2 ** i;
      expect(Date.now() - started).toBeGreaterThanOrEqual(waited);
      await new Promise((r) => setTimeout(r, base * 2 ** SOCKET_MAX_RECONNECT_ATTEMPTS + 200));
      expect(WorkerWebSocket.opened).toBe(1 + SOCKET_MAX_RECONNECT_ATTEMPTS);
    } finally {
      client.close();
    }
  });
});
