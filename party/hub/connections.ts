/**
 * The hub's sockets: who is connected (an in-memory index over the room's sockets, rebuilt after
 * hibernation), the fan-out helpers that serialise a frame once and send it to many, the clean-up
 * when a socket goes, and the access tokens kept in the object's SQLite.
 */
import { Server } from "partyserver";
import {
  HUB_RATE_LIMIT,
  HUB_RELAY_RATE_LIMIT,
  HUB_RIGHTS_RECHECK_INTERVAL_MS,
  HUB_RIGHTS_TTL_MS,
} from "#core/constants.ts";
import { HUB_CLOSE, type HubErrorCode, type HubFrame, type PresenceStatus } from "#core/schemas/hub.ts";
import type { HubEnv } from "../env.ts";
import { SlidingWindowLimiter } from "../rate-limit.ts";
import type { SupabaseTarget } from "../supabase.ts";
import { isLive, msFrom, reaches, type ConnState, type HubConnection, type Rights } from "./state.ts";

export abstract class HubConnections extends Server<HubEnv> {
  protected readonly limiter = new SlidingWindowLimiter(HUB_RATE_LIMIT.frames, HUB_RATE_LIMIT.windowMs);
  protected readonly relayLimiter = new SlidingWindowLimiter(
    HUB_RELAY_RATE_LIMIT.frames,
    HUB_RELAY_RATE_LIMIT.windowMs,
  );
  /** Rights checks in flight per connection, so a burst of frames waits for one check. */
  protected readonly rechecks = new Map<string, Promise<Rights>>();
  private readonly tokens = new Map<string, string>();
  protected readonly authTimers = new Map<string, ReturnType<typeof setTimeout>>();
  private tableReady = false;
  /**
   * The room's sockets by id. Walking the platform's list reads every socket's attachment
   * afresh (a structured-clone per socket per walk), which made a fan-out to 200 sockets cost
   * tens of milliseconds; this index is built once per wake-up and kept with connect and close.
   */
  private index: Map<string, HubConnection> | null = null;

  protected get target(): SupabaseTarget {
    return {
      url: this.env.SUPABASE_URL.replace(/\/+$/, ""),
      publishableKey: this.env.SUPABASE_PUBLISHABLE_KEY,
    };
  }

  protected get rightsTtlMs(): number {
    return msFrom(this.env.HUB_RIGHTS_TTL_MS, HUB_RIGHTS_TTL_MS);
  }

  protected get recheckIntervalMs(): number {
    return msFrom(this.env.HUB_RIGHTS_RECHECK_INTERVAL_MS, HUB_RIGHTS_RECHECK_INTERVAL_MS);
  }

  // ─── the index ──────────────────────────────────────────────────────────────

  private sockets(): Map<string, HubConnection> {
    if (!this.index) {
      this.index = new Map();
      for (const conn of this.getConnections<ConnState>()) this.index.set(conn.id, conn);
    }
    return this.index;
  }

  /** Adds a socket that just connected. */
  protected track(connection: HubConnection): void {
    this.sockets().set(connection.id, connection);
  }

  /** The open sockets of the room. */
  protected *connections(): Generator<HubConnection> {
    for (const [id, conn] of this.sockets()) {
      if (conn.readyState === WebSocket.OPEN) yield conn;
      else if (conn.readyState === WebSocket.CLOSED) this.index?.delete(id);
    }
  }

  protected connectionById(id: string): HubConnection | undefined {
    const conn = this.sockets().get(id);
    return conn && conn.readyState === WebSocket.OPEN ? conn : undefined;
  }

  protected cleanup(connection: HubConnection): void {
    const timer = this.authTimers.get(connection.id);
    if (timer) clearTimeout(timer);
    this.authTimers.delete(connection.id);
    this.index?.delete(connection.id);
    this.limiter.forget(connection.id);
    this.relayLimiter.forgetPrefix(`${connection.id}:`);
    this.rechecks.delete(connection.id);
    this.forgetToken(connection.id);
    const s = connection.state;
    // Partner sockets are in no channel and never in the team's presence.
    if (!s?.userId || s.partnerId) return;
    const userId = s.userId;
    const others = this.userConnections(userId, connection.id);
    for (const channelId of s.channels) {
      if (!others.some((c) => c.state?.channels.includes(channelId))) {
        this.toChannel(channelId, { type: "user_left", userId, channelId }, connection.id);
      }
    }
    if (others.length === 0) {
      this.toAuthenticated(
        { type: "presence_updated", userId, status: "offline", lastSeen: new Date().toISOString() },
        connection.id,
      );
    }
  }

  protected closeIfUnauthenticated(connectionId: string): void {
    this.authTimers.delete(connectionId);
    const conn = this.connectionById(connectionId);
    if (conn && !conn.state?.userId) {
      this.sendError(conn, "not_authenticated", "No valid auth frame within 5 seconds");
      conn.close(HUB_CLOSE.authTimeout, "auth timeout");
    }
  }

  // ─── fan-out and tokens ─────────────────────────────────────────────────────

  protected userConnections(userId: string, exceptId?: string): HubConnection[] {
    const out: HubConnection[] = [];
    for (const conn of this.connections()) {
      if (conn.id !== exceptId && conn.state?.userId === userId) out.push(conn);
    }
    return out;
  }

  protected onlineUsers(): Map<string, { status: PresenceStatus; lastSeen: string }> {
    const users = new Map<string, { status: PresenceStatus; lastSeen: string }>();
    for (const conn of this.connections()) {
      const s = conn.state;
      if (s?.userId && !s.partnerId && !users.has(s.userId))
        users.set(s.userId, { status: s.status, lastSeen: s.lastSeen });
    }
    return users;
  }

  protected toChannel(channelId: string, frame: HubFrame, exceptId?: string): void {
    const raw = JSON.stringify(frame);
    for (const conn of this.connections()) {
      if (
        conn.id !== exceptId &&
        isLive(conn.state) &&
        reaches(conn.state, frame) &&
        conn.state.channels.includes(channelId)
      )
        conn.send(raw);
    }
  }

  protected toAuthenticated(frame: HubFrame, exceptId?: string): void {
    const raw = JSON.stringify(frame);
    for (const conn of this.connections()) {
      if (conn.id !== exceptId && isLive(conn.state) && reaches(conn.state, frame)) conn.send(raw);
    }
  }

  protected send(connection: HubConnection, frame: HubFrame): void {
    try {
      connection.send(JSON.stringify(frame));
    } catch {
      /* the socket is already closing */
    }
  }

  protected sendError(connection: HubConnection, code: HubErrorCode, message: string, ref?: string): void {
    this.send(connection, { type: "error", code, message, ...(ref ? { ref } : {}) });
  }

  // Access tokens live in the object's SQLite: the socket attachment is capped at 2 KB.
  protected ensureTable(): void {
    if (this.tableReady) return;
    this.sql`create table if not exists hub_tokens (connection_id text primary key, token text not null)`;
    this.tableReady = true;
  }

  protected storeToken(connectionId: string, token: string): void {
    this.tokens.set(connectionId, token);
    this.ensureTable();
    this.sql`insert or replace into hub_tokens (connection_id, token) values (${connectionId}, ${token})`;
  }

  protected loadToken(connectionId: string): string | null {
    const cached = this.tokens.get(connectionId);
    if (cached) return cached;
    this.ensureTable();
    const row = this.sql<{
      token: string;
    }>`select token from hub_tokens where connection_id = ${connectionId}`[0];
    if (row) this.tokens.set(connectionId, row.token);
    return row?.token ?? null;
  }

  protected forgetToken(connectionId: string): void {
    this.tokens.delete(connectionId);
    this.ensureTable();
    this.sql`delete from hub_tokens where connection_id = ${connectionId}`;
  }
}
