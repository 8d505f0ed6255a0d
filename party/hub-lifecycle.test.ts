/**
 * The hub across Durable Object lifecycle events, inside workerd:
 * - hibernation (graceful eviction keeps the sockets): sign-in, channels and the token survive,
 *   because they live in the socket attachment and the object's SQLite, not in memory;
 * - restart (eviction that closes the sockets): the SPA's own client (hub-client.ts, partysocket)
 *   reconnects with backoff, re-authenticates and rejoins its channels.
 */
import { evictAllDurableObjects } from "cloudflare:test";
import { exports } from "cloudflare:workers";
import { afterEach, describe, expect, it } from "vitest";
import { HubClient, HubWriteError } from "#app/lib/realtime/hub-client.ts";
import { SOCKET_MAX_RECONNECT_ATTEMPTS } from "#core/constants.ts";
import { domainUpdateFrame, domainUpdateOf, type HubFrame } from "#core/schemas/hub.ts";
import { closeAll, freshChannel, open, ORIGIN, token } from "./testing/hub-socket.ts";

afterEach(() => closeAll());

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
        ws.addEventListener("message", (e) =>
          this.dispatchEvent(new MessageEvent("message", { data: e.data })),
        );
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
    const channel = freshChannel();
    const a = await open();
    const b = await open();
    a.send({ type: "auth", token: await token({ role: "admin" }) });
    b.send({ type: "auth", token: await token({ role: "admin" }) });
    await a.next((f) => f.type === "auth_success");
    await b.next((f) => f.type === "auth_success");
    a.send({ type: "join_channel", channelId: channel });
    b.send({ type: "join_channel", channelId: channel });
    await a.next((f) => f.type === "channel_members");
    await b.next((f) => f.type === "channel_members");

    await evictAllDurableObjects(); // graceful: hibernatable sockets stay open, memory is gone

    a.send({
      type: "team_message",
      action: "insert",
      channelId: channel,
      message: "after hibernation",
      ref: "h",
    });
    expect(await a.next((f) => f.type === "team_message" && f.ref === "h")).toMatchObject({
      message: { message: "after hibernation" },
    });
    expect(await b.next((f) => f.type === "team_message")).toMatchObject({
      event: "INSERT",
      message: { message: "after hibernation" },
    });
  });

  it("the SPA's client reconnects after the hub restarts, re-authenticates and rejoins its channels", async () => {
    const client = new HubClient({
      host: "localhost",
      protocol: "ws",
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

      const echo = await client.writeTeamMessage({
        action: "insert",
        channelId: "general",
        message: "back after a restart",
      });
      expect(echo.message).toMatchObject({ message: "back after a restart", channel_id: "general" });
    } finally {
      client.close();
    }
  });

  it("gives up after 5 reconnect attempts with doubling delays, and fails queued writes clearly", async () => {
    WorkerWebSocket.opened = 0;
    const base = 40;
    const client = new HubClient({
      host: "localhost",
      protocol: "ws",
      token: "not-a-valid-token", // the hub closes every attempt with 4003
      WebSocket: WorkerWebSocket as unknown as typeof WebSocket,
      baseDelayMs: base,
    });
    const started = Date.now();
    const queued = client.writeTeamMessage({
      action: "insert",
      channelId: "general",
      message: "never delivered",
    });
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

  it("the SPA's client publishes record updates and pokes; another client receives them as DomainUpdates", async () => {
    const clients = await Promise.all(
      (["admin", "staff"] as const).map(async (role) => {
        const sub = crypto.randomUUID();
        const c = new HubClient({
          host: "localhost",
          protocol: "ws",
          token: await token({ sub, role }),
          WebSocket: WorkerWebSocket as unknown as typeof WebSocket,
        });
        const frames: HubFrame[] = [];
        c.on((f) => frames.push(f));
        return { c, sub, frames };
      }),
    );
    const [admin, staff] = clients as [(typeof clients)[0], (typeof clients)[0]];
    try {
      await waitFor(() => admin.c.status() === "connected" && staff.c.status() === "connected");
      const id = crypto.randomUUID();
      expect(admin.c.send(domainUpdateFrame("deals", "moved", [id]))).toBe(true);
      await waitFor(() => staff.frames.some((f) => f.type === "deal_update"));
      expect(staff.frames.map(domainUpdateOf).find(Boolean)).toEqual({
        module: "deals",
        action: "moved",
        ids: [id],
        fromUserId: admin.sub,
      });

      const notificationId = crypto.randomUUID();
      expect(
        admin.c.send({
          type: "notification",
          targetUserId: staff.sub,
          kind: "deal_assigned",
          notificationId,
        }),
      ).toBe(true);
      await waitFor(() => staff.frames.some((f) => f.type === "notification"));
      expect(staff.frames.find((f) => f.type === "notification")).toMatchObject({
        fromUserId: admin.sub,
        kind: "deal_assigned",
        notificationId,
      });
    } finally {
      for (const { c } of clients) c.close();
    }
  });
});
