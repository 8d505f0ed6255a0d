/**
 * The SPA's connection to the realtime hub (docs/product.md#realtime-socket).
 *
 * - partysocket to `/parties/hub/team` (HUB_ROOM) on the page's own origin.
 * - On open: `auth {token}`, then (after `auth_success`) rejoin every channel and flush the outbox.
 * - A close with any code other than 1000 reconnects with backoff 1000 ms doubling, at most 5 tries.
 * - `status()` is "connected" only while the socket is open AND authenticated.
 * - Chat writes go through an outbox: queued while offline, (re)sent after each auth, settled by
 *   the hub's echo of the stored row (matched by `ref`) or by an `error` with that `ref`; a write
 *   that the hub never confirms within OUTBOX_TIMEOUT_MS, or when reconnecting gave up, fails.
 *   Inserts carry a client-generated uuid, so a resend after a drop cannot double the row.
 */
import { PartySocket } from "partysocket";
import { SOCKET_MAX_RECONNECT_ATTEMPTS, SOCKET_RECONNECT_BASE_DELAY_MS } from "#core/constants.ts";
import {
  HUB_PARTY,
  HUB_ROOM,
  parseHubFrame,
  type ClientFrame,
  type HubErrorFrame,
  type HubFrame,
  type TeamMessageAction,
  type TeamMessageEventFrame,
} from "#core/schemas/hub.ts";
import { HubWriteError } from "./hub-write-error.ts";

export type RealtimeStatus = "disconnected" | "connecting" | "connected";

export { HUB_PARTY, HUB_ROOM };

/** How long a chat write may wait for the hub's confirmation before it is marked failed. */
export const OUTBOX_TIMEOUT_MS = 20_000;

export { HubWriteError };

interface PendingWrite {
  ref: string;
  frame: TeamMessageAction;
  sent: boolean;
  timer: ReturnType<typeof setTimeout>;
  resolve: (frame: TeamMessageEventFrame) => void;
  reject: (err: HubWriteError) => void;
}

export interface HubClientOptions {
  /** host[:port] of the site; defaults to the page's host (same origin). */
  host?: string;
  protocol?: "ws" | "wss";
  room?: string;
  token: string;
  /** For Node tests and benchmarks (the `ws` package or undici's WebSocket). */
  WebSocket?: typeof WebSocket;
  /** Test hook: speed up backoff. */
  baseDelayMs?: number;
}

type Listener = (frame: HubFrame) => void;

let refCounter = 0;
function nextRef(): string {
  refCounter = (refCounter + 1) % 1_000_000_000;
  return `${Date.now().toString(36)}-${refCounter.toString(36)}`;
}

export class HubClient {
  private socket: PartySocket;
  private token: string;
  private authenticated = false;
  private gaveUp = false;
  /** Closes since the last successful auth (partysocket counts its retries the same way). */
  private failedAttempts = 0;
  private closedByUser = false;
  private readonly channels = new Set<string>();
  private readonly listeners = new Set<Listener>();
  private readonly statusListeners = new Set<(s: RealtimeStatus) => void>();
  private readonly outbox = new Map<string, PendingWrite>();
  private lastStatus: RealtimeStatus = "connecting";
  /** The hub's verdict on the last auth (userId), null until auth_success. */
  userId: string | null = null;

  constructor(options: HubClientOptions) {
    this.token = options.token;
    const base = options.baseDelayMs ?? SOCKET_RECONNECT_BASE_DELAY_MS;
    // Read through globalThis: the class also runs outside browsers (Node tests, workerd tests).
    const loc = (globalThis as { location?: { host: string; protocol: string } }).location;
    const host = options.host ?? loc?.host ?? "localhost";
    const protocol = options.protocol ?? (loc?.protocol === "https:" ? "wss" : "ws");
    this.socket = new PartySocket({
      host,
      protocol,
      party: HUB_PARTY,
      room: options.room ?? HUB_ROOM,
      WebSocket: options.WebSocket,
      // At most 5 reconnect attempts, base delay 1000 ms doubling each attempt.
      maxRetries: SOCKET_MAX_RECONNECT_ATTEMPTS,
      minReconnectionDelay: base,
      reconnectionDelayGrowFactor: 2,
      maxReconnectionDelay: base * 2 ** (SOCKET_MAX_RECONNECT_ATTEMPTS - 1),
      minUptime: 2000,
      connectionTimeout: 8000,
      // A close with code 1000 is final; any other code reconnects.
      shouldReconnectOnClose: (event) => event.code !== 1000,
      // Nothing may reach the hub before `auth`: the client keeps its own outbox instead.
      maxEnqueuedMessages: 0,
    });
    this.socket.addEventListener("open", this.handleOpen);
    this.socket.addEventListener("message", this.handleMessage);
    this.socket.addEventListener("close", this.handleClose);
  }

  status(): RealtimeStatus {
    if (this.closedByUser || this.gaveUp) return "disconnected";
    if (this.authenticated && this.socket.readyState === WebSocket.OPEN) return "connected";
    return "connecting";
  }

  /** Channels this client is (or will be, after reconnecting) joined to. */
  joinedChannels(): string[] {
    return [...this.channels];
  }

  /** A fresh access token (after TOKEN_REFRESHED): re-authenticates the live socket. */
  setToken(token: string): void {
    if (token === this.token) return;
    this.token = token;
    if (this.socket.readyState === WebSocket.OPEN) this.raw({ type: "auth", token });
    else if (this.gaveUp) this.reconnect();
  }

  /** Starts over after reconnecting gave up (e.g. the browser came back online). */
  reconnect(): void {
    if (this.closedByUser) return;
    this.gaveUp = false;
    this.failedAttempts = 0;
    this.emitStatus();
    this.socket.reconnect();
  }

  join(channelId: string): void {
    this.channels.add(channelId);
    if (this.authenticated) this.raw({ type: "join_channel", channelId });
  }

  leave(channelId: string): void {
    if (!this.channels.delete(channelId)) return;
    if (this.authenticated) this.raw({ type: "leave_channel", channelId });
  }

  /**
   * Sends a frame that may be dropped while offline (presence, domain updates, notifications).
   * Returns false when it could not be sent now.
   */
  send(frame: Exclude<ClientFrame, { type: "auth" | "team_message" }>): boolean {
    if (!this.authenticated) return false;
    this.raw(frame);
    return true;
  }

  /** A chat write through the outbox; resolves with the hub's echo of the stored row. */
  writeTeamMessage(
    action: DistributiveOmit<TeamMessageAction, "type" | "ref">,
  ): Promise<TeamMessageEventFrame> {
    if (this.closedByUser) return Promise.reject(new HubWriteError("Not connected", "disconnected"));
    const ref = nextRef();
    const frame = { ...action, type: "team_message", ref } as TeamMessageAction;
    return new Promise<TeamMessageEventFrame>((resolve, reject) => {
      const timer = setTimeout(
        () => this.settle(ref, new HubWriteError("The hub did not confirm the message in time", "timeout")),
        OUTBOX_TIMEOUT_MS,
      );
      const pending: PendingWrite = { ref, frame, sent: false, timer, resolve, reject };
      this.outbox.set(ref, pending);
      if (this.authenticated) {
        pending.sent = true;
        this.raw(frame);
      }
    });
  }

  on(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  onStatus(listener: (s: RealtimeStatus) => void): () => void {
    this.statusListeners.add(listener);
    return () => this.statusListeners.delete(listener);
  }

  /** Sign-out: close with 1000 (no reconnect) and fail whatever is still queued. */
  close(): void {
    this.closedByUser = true;
    this.authenticated = false;
    this.socket.close(1000, "client closed");
    this.failOutbox(new HubWriteError("Disconnected", "disconnected"));
    this.emitStatus();
  }

  private raw(frame: ClientFrame): void {
    this.socket.send(JSON.stringify(frame));
  }

  private handleOpen = (): void => {
    this.authenticated = false;
    this.gaveUp = false;
    this.raw({ type: "auth", token: this.token });
    this.emitStatus();
  };

  private handleMessage = (event: MessageEvent): void => {
    if (typeof event.data !== "string") return;
    const frame = parseHubFrame(event.data);
    if (!frame) {
      console.warn("realtime: ignoring an unrecognised hub frame", event.data.slice(0, 200));
      return;
    }
    if (frame.type === "auth_success") {
      const first = !this.authenticated;
      this.authenticated = true;
      this.failedAttempts = 0;
      this.userId = frame.userId;
      if (first) {
        for (const channelId of this.channels) this.raw({ type: "join_channel", channelId });
        // Resend everything unconfirmed: inserts carry their uuid, so the hub cannot double them.
        for (const pending of this.outbox.values()) {
          pending.sent = true;
          this.raw(pending.frame);
        }
      }
      this.emitStatus();
    } else if (frame.type === "team_message" && frame.ref) {
      this.settle(frame.ref, frame);
    } else if (frame.type === "error") {
      if (frame.ref) this.settle(frame.ref, errorOf(frame));
      else console.warn(`realtime: hub refused a frame: ${frame.code} ${frame.message}`);
    }
    for (const listener of this.listeners) {
      try {
        listener(frame);
      } catch (err) {
        console.error("realtime: listener failed", err);
      }
    }
  };

  private handleClose = (event: CloseEvent): void => {
    this.authenticated = false;
    for (const pending of this.outbox.values()) pending.sent = false;
    if (!this.closedByUser) {
      this.failedAttempts++;
      // The first connection plus SOCKET_MAX_RECONNECT_ATTEMPTS retries have all ended (or the
      // hub closed normally): partysocket stops, so queued writes can no longer be delivered.
      if (event.code === 1000 || this.failedAttempts > SOCKET_MAX_RECONNECT_ATTEMPTS) {
        this.gaveUp = true;
        this.failOutbox(new HubWriteError("Could not reach the realtime hub", "disconnected"));
      }
    }
    this.emitStatus();
  };

  private settle(ref: string, result: TeamMessageEventFrame | HubWriteError): void {
    const pending = this.outbox.get(ref);
    if (!pending) return;
    this.outbox.delete(ref);
    clearTimeout(pending.timer);
    if (result instanceof HubWriteError) pending.reject(result);
    else pending.resolve(result);
  }

  private failOutbox(err: HubWriteError): void {
    for (const ref of [...this.outbox.keys()]) this.settle(ref, err);
  }

  private emitStatus(): void {
    const s = this.status();
    if (s === this.lastStatus) return;
    this.lastStatus = s;
    for (const l of this.statusListeners) l(s);
  }
}

function errorOf(frame: HubErrorFrame): HubWriteError {
  return new HubWriteError(frame.message, frame.code);
}

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;
