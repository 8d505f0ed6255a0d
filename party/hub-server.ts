/**
 * The realtime hub: one PartyServer `Server` (a Durable Object) per room; the SPA uses a single
 * room ("team") so presence and notifications span the whole back-office. Channels are logical
 * groups inside the room (issue 5 item 2; spec §4 "Realtime socket", §7 "WebSocket hub").
 *
 * Rules, in the order a frame meets them:
 *   1. frames over HUB_MAX_FRAME_BYTES → `error frame_too_large` (socket stays open);
 *   2. more than HUB_RATE_LIMIT frames per window → `error rate_limited` (socket stays open);
 *   3. non-JSON or a frame no schema in core/schemas/hub.ts accepts → `error invalid_frame`;
 *   4. anything but `auth` before a successful auth (or after the token expired) → `error not_authenticated`;
 *   5. a socket without a valid `auth` within HUB_AUTH_TIMEOUT_MS is closed with 4001;
 *      a refused token (forged, expired, wrong iss/aud, no back-office role) closes with 4003.
 *
 * Hibernation: the class hibernates (`static options.hibernate`), so every fact a later frame
 * needs lives in the connection's state (serialised with the socket) or in the Durable Object's
 * SQLite (access tokens: too large for the 2 KB attachment). In-memory maps are caches only.
 */
import { Server, type Connection, type ConnectionContext, type WSMessage } from "partyserver";
import { HUB_AUTH_TIMEOUT_MS, HUB_MAX_FRAME_BYTES, HUB_RATE_LIMIT } from "#core/constants.ts";
import type { Role } from "#core/roles.ts";
import {
  HUB_CLOSE,
  clientFrameSchema,
  type ClientFrame,
  type HubErrorCode,
  type HubFrame,
  type PresenceStatus,
  type TeamMessageAction,
  type TeamMessageWithProfile,
  type UserProfile,
} from "#core/schemas/hub.ts";
import type { HubEnv } from "./env.ts";
import { SlidingWindowLimiter } from "./rate-limit.ts";
import {
  HubAuthError,
  deleteTeamMessage,
  insertTeamMessage,
  selectTeamMessage,
  updateTeamMessage,
  verifyUser,
  type SupabaseTarget,
  type WriteResult,
} from "./supabase.ts";

/** How many channels one socket may be in at once. */
const MAX_CHANNELS_PER_CONNECTION = 32;

/** What the hub knows about a socket; survives hibernation (serialised with the socket). */
export interface ConnState {
  connectedAt: number;
  userId: string | null;
  role: Role | null;
  /** Access token expiry, seconds since the epoch. */
  exp: number;
  profile: UserProfile | null;
  channels: string[];
  status: PresenceStatus;
  lastSeen: string;
}

type HubConnection = Connection<ConnState>;

export class Hub extends Server<HubEnv> {
  static override options = { hibernate: true };

  private readonly limiter = new SlidingWindowLimiter(HUB_RATE_LIMIT.frames, HUB_RATE_LIMIT.windowMs);
  private readonly tokens = new Map<string, string>();
  private readonly authTimers = new Map<string, ReturnType<typeof setTimeout>>();
  private tableReady = false;

  private get target(): SupabaseTarget {
    return { url: this.env.SUPABASE_URL.replace(/\/+$/, ""), publishableKey: this.env.SUPABASE_PUBLISHABLE_KEY };
  }

  // ─── lifecycle ──────────────────────────────────────────────────────────────

  override onStart(): void {
    // Tokens of sockets that did not survive a restart are dead weight: drop them.
    this.ensureTable();
    const live = new Set([...this.getConnections()].map((c) => c.id));
    for (const row of this.sql<{ connection_id: string }>`select connection_id from hub_tokens`) {
      if (!live.has(row.connection_id)) this.sql`delete from hub_tokens where connection_id = ${row.connection_id}`;
    }
  }

  override onConnect(connection: HubConnection, _ctx: ConnectionContext): void {
    const now = Date.now();
    connection.setState({
      connectedAt: now,
      userId: null,
      role: null,
      exp: 0,
      profile: null,
      channels: [],
      status: "online",
      lastSeen: new Date(now).toISOString(),
    });
    // The timer gives the exact 5 s; the alarm is the backstop should the object hibernate.
    this.authTimers.set(
      connection.id,
      setTimeout(() => this.closeIfUnauthenticated(connection.id), HUB_AUTH_TIMEOUT_MS),
    );
    void this.ctx.storage.getAlarm().then((at) => {
      if (at === null || at > now + HUB_AUTH_TIMEOUT_MS + 500) {
        return this.ctx.storage.setAlarm(now + HUB_AUTH_TIMEOUT_MS + 500);
      }
    });
  }

  override async onAlarm(): Promise<void> {
    const now = Date.now();
    let pending = false;
    for (const conn of this.getConnections<ConnState>()) {
      const s = conn.state;
      if (!s || s.userId) continue;
      if (now - s.connectedAt >= HUB_AUTH_TIMEOUT_MS) this.closeIfUnauthenticated(conn.id);
      else pending = true;
    }
    if (pending) await this.ctx.storage.setAlarm(now + 1000);
  }

  override onClose(connection: HubConnection): void {
    this.cleanup(connection);
  }

  override onError(connection: HubConnection, error: unknown): void {
    console.warn("hub: socket error", connection.id, error);
    this.cleanup(connection);
  }

  private cleanup(connection: HubConnection): void {
    const timer = this.authTimers.get(connection.id);
    if (timer) clearTimeout(timer);
    this.authTimers.delete(connection.id);
    this.limiter.forget(connection.id);
    this.forgetToken(connection.id);
    const s = connection.state;
    if (!s?.userId) return;
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

  private closeIfUnauthenticated(connectionId: string): void {
    this.authTimers.delete(connectionId);
    const conn = this.getConnection<ConnState>(connectionId);
    if (conn && !conn.state?.userId) {
      this.sendError(conn, "not_authenticated", "No valid auth frame within 5 seconds");
      conn.close(HUB_CLOSE.authTimeout, "auth timeout");
    }
  }

  // ─── frames ─────────────────────────────────────────────────────────────────

  override async onMessage(connection: HubConnection, message: WSMessage): Promise<void> {
    if (typeof message !== "string") {
      this.sendError(connection, "invalid_frame", "Only JSON text frames are accepted");
      return;
    }
    // Cheap bound first: a UTF-8 byte is at most 3 per UTF-16 unit.
    if (message.length > HUB_MAX_FRAME_BYTES || (message.length * 3 > HUB_MAX_FRAME_BYTES && new TextEncoder().encode(message).byteLength > HUB_MAX_FRAME_BYTES)) {
      this.sendError(connection, "frame_too_large", `Frames are limited to ${HUB_MAX_FRAME_BYTES} bytes`);
      return;
    }
    if (!this.limiter.take(connection.id)) {
      this.sendError(
        connection,
        "rate_limited",
        `Too many frames: at most ${HUB_RATE_LIMIT.frames} per ${HUB_RATE_LIMIT.windowMs / 1000} s`,
      );
      return;
    }
    let json: unknown;
    try {
      json = JSON.parse(message);
    } catch {
      this.sendError(connection, "invalid_frame", "Frames must be JSON");
      return;
    }
    const parsed = clientFrameSchema.safeParse(json);
    if (!parsed.success) {
      const ref = refOf(json);
      this.sendError(connection, "invalid_frame", `Invalid frame: ${parsed.error.issues[0]?.message ?? "unknown"}`, ref);
      return;
    }
    const frame = parsed.data;
    if (frame.type === "auth") {
      await this.handleAuth(connection, frame.token);
      return;
    }
    const s = connection.state;
    if (!s?.userId) {
      this.sendError(connection, "not_authenticated", "Send an auth frame first", refOf(frame));
      return;
    }
    if (s.exp * 1000 <= Date.now()) {
      this.sendError(connection, "not_authenticated", "The session expired: send auth with a fresh token", refOf(frame));
      return;
    }
    await this.dispatch(connection, s as ConnState & { userId: string }, frame);
  }

  private async dispatch(connection: HubConnection, s: ConnState & { userId: string }, frame: ClientFrame): Promise<void> {
    switch (frame.type) {
      case "join_channel":
        return this.handleJoin(connection, s, frame.channelId);
      case "leave_channel":
        return this.handleLeave(connection, s, frame.channelId);
      case "presence_update":
        return this.handlePresence(s.userId, frame.status);
      case "team_message":
        return this.handleTeamMessage(connection, s, frame);
      case "property_hunt_update":
      case "financial_update":
      case "deal_update": {
        // Relayed as-is (the hub stores nothing here) to every other signed-in staff/admin socket.
        const { type, ...payload } = frame;
        this.toAuthenticated({ ...payload, type, fromUserId: s.userId } as HubFrame, connection.id);
        return;
      }
      case "notification": {
        const relayed = { ...frame, fromUserId: s.userId } as HubFrame;
        const raw = JSON.stringify(relayed);
        for (const conn of this.userConnections(frame.targetUserId)) if (isLive(conn.state)) conn.send(raw);
        return;
      }
      case "auth":
        return; // handled before dispatch
    }
  }

  private async handleAuth(connection: HubConnection, token: string): Promise<void> {
    let user;
    try {
      user = await verifyUser(this.target, token);
    } catch (err) {
      const e = err instanceof HubAuthError ? err : new HubAuthError("Authentication failed", "auth_failed");
      if (!(err instanceof HubAuthError)) console.error("hub: auth error", err);
      this.sendError(connection, e.code, e.message);
      connection.close(HUB_CLOSE.authFailed, e.code);
      return;
    }
    const prev = connection.state;
    if (prev?.userId && prev.userId !== user.userId) {
      this.sendError(connection, "auth_failed", "A socket cannot switch users; reconnect instead");
      connection.close(HUB_CLOSE.authFailed, "user switch");
      return;
    }
    const timer = this.authTimers.get(connection.id);
    if (timer) clearTimeout(timer);
    this.authTimers.delete(connection.id);
    this.storeToken(connection.id, token);
    const firstForUser = !prev?.userId && this.userConnections(user.userId, connection.id).length === 0;
    const sibling = this.userConnections(user.userId, connection.id)[0]?.state;
    const next = connection.setState((p) => ({
      ...(p as ConnState),
      userId: user.userId,
      role: user.role,
      exp: user.exp,
      profile: user.profile,
      // Someone who is no longer an admin (role changed since the last token) leaves every chat channel.
      channels: user.role === "admin" ? [...(p?.channels ?? [])] : [],
      // A second tab of the same user takes the user's current status.
      status: prev?.userId ? (p?.status ?? "online") : (sibling?.status ?? "online"),
      lastSeen: new Date().toISOString(),
    }))!;
    this.send(connection, { type: "auth_success", userId: user.userId, role: user.role, ...(prev?.userId ? { reauth: true } : {}) });
    if (!prev?.userId) {
      // Who is online right now (one frame per user), then tell the others about this user.
      for (const [userId, st] of this.onlineUsers()) {
        if (userId !== user.userId) this.send(connection, { type: "presence_updated", userId, status: st.status, lastSeen: st.lastSeen });
      }
      if (firstForUser) {
        this.toAuthenticated({ type: "presence_updated", userId: user.userId, status: next.status, lastSeen: next.lastSeen });
      } else {
        this.send(connection, { type: "presence_updated", userId: user.userId, status: next.status, lastSeen: next.lastSeen });
      }
    }
  }

  private handleJoin(connection: HubConnection, s: ConnState & { userId: string }, channelId: string): void {
    if (s.role !== "admin") {
      this.sendError(connection, "forbidden", "Team chat is for admins only");
      return;
    }
    if (!s.channels.includes(channelId)) {
      if (s.channels.length >= MAX_CHANNELS_PER_CONNECTION) {
        this.sendError(connection, "forbidden", `At most ${MAX_CHANNELS_PER_CONNECTION} channels per connection`);
        return;
      }
      const alreadyThere = this.userConnections(s.userId, connection.id).some((c) => c.state?.channels.includes(channelId));
      connection.setState((p) => ({ ...(p as ConnState), channels: [...(p?.channels ?? []), channelId] }));
      if (!alreadyThere) this.toChannel(channelId, { type: "user_joined", userId: s.userId, channelId }, connection.id);
    }
    // The joiner learns who is in the channel (including itself).
    const members = new Map<string, { userId: string; status: PresenceStatus; lastSeen: string }>();
    for (const conn of this.getConnections<ConnState>()) {
      const cs = conn.state;
      if (cs?.userId && cs.channels.includes(channelId)) members.set(cs.userId, { userId: cs.userId, status: cs.status, lastSeen: cs.lastSeen });
    }
    this.send(connection, { type: "channel_members", channelId, members: [...members.values()] });
    this.send(connection, { type: "user_joined", userId: s.userId, channelId });
  }

  private handleLeave(connection: HubConnection, s: ConnState & { userId: string }, channelId: string): void {
    if (!s.channels.includes(channelId)) return;
    connection.setState((p) => ({ ...(p as ConnState), channels: (p?.channels ?? []).filter((c) => c !== channelId) }));
    this.send(connection, { type: "user_left", userId: s.userId, channelId });
    const stillThere = this.userConnections(s.userId, connection.id).some((c) => c.state?.channels.includes(channelId));
    if (!stillThere) this.toChannel(channelId, { type: "user_left", userId: s.userId, channelId }, connection.id);
  }

  private handlePresence(userId: string, status: PresenceStatus): void {
    const lastSeen = new Date().toISOString();
    for (const conn of this.userConnections(userId)) {
      conn.setState((p) => ({ ...(p as ConnState), status, lastSeen }));
    }
    this.toAuthenticated({ type: "presence_updated", userId, status, lastSeen });
  }

  private async handleTeamMessage(
    connection: HubConnection,
    s: ConnState & { userId: string },
    frame: TeamMessageAction,
  ): Promise<void> {
    const ref = frame.ref;
    if (s.role !== "admin") {
      this.sendError(connection, "forbidden", "Team chat is for admins only", ref);
      return;
    }
    if (!s.channels.includes(frame.channelId)) {
      this.sendError(connection, "not_in_channel", `Join ${frame.channelId} before writing to it`, ref);
      return;
    }
    const token = this.loadToken(connection.id);
    if (!token) {
      this.sendError(connection, "not_authenticated", "Send auth again", ref);
      return;
    }
    const filter = { id: frame.action === "insert" ? "" : frame.id, channel_id: frame.channelId, user_id: s.userId };
    let result: WriteResult;
    let event: "INSERT" | "UPDATE" | "DELETE";
    try {
      if (frame.action === "insert") {
        event = "INSERT";
        result = await insertTeamMessage(this.target, token, {
          ...(frame.id ? { id: frame.id } : {}),
          user_id: s.userId,
          message: frame.message,
          channel_id: frame.channelId,
          reply_to_id: frame.replyToId ?? null,
        });
        if (!result.ok && frame.id && (result.status === 409 || result.code === "23505")) {
          // A resend after a reconnect: the row is already stored. Confirm it to the sender only
          // (everyone else received it when it was first stored).
          const existing = await selectTeamMessage(this.target, token, frame.id);
          if (existing.ok && existing.row.user_id === s.userId) {
            this.send(connection, { type: "team_message", event: "INSERT", message: this.withProfile(existing.row, s), ref });
            return;
          }
        }
      } else if (frame.action === "update") {
        event = "UPDATE";
        result = await updateTeamMessage(this.target, token, filter, frame.message);
      } else {
        event = "DELETE";
        result = await deleteTeamMessage(this.target, token, filter);
      }
    } catch (err) {
      console.error("hub: team_message write failed", err);
      this.sendError(connection, "write_failed", "The message could not be stored", ref);
      return;
    }
    if (!result.ok) {
      const code: HubErrorCode = result.status === 401 || result.status === 403 || result.code === "42501" ? "forbidden" : "write_failed";
      this.sendError(connection, code, result.message, ref);
      return;
    }
    const message = this.withProfile(result.row, s);
    const out = JSON.stringify({ type: "team_message", event, message } satisfies HubFrame);
    const mine = JSON.stringify({ type: "team_message", event, message, ref } satisfies HubFrame);
    // INSERTs go to every admin socket (unread counts and notifications for other channels);
    // edits and deletes only to the channel's members.
    for (const conn of this.getConnections<ConnState>()) {
      const cs = conn.state;
      if (!isLive(cs)) continue;
      if (conn.id === connection.id) continue;
      const inChannel = cs.channels.includes(result.row.channel_id);
      if (inChannel || (event === "INSERT" && cs.role === "admin")) conn.send(out);
    }
    connection.send(mine);
  }

  private withProfile(row: TeamMessageWithProfile | Omit<TeamMessageWithProfile, "user_profile">, s: ConnState): TeamMessageWithProfile {
    return { ...row, user_profile: row.user_id === s.userId ? s.profile : this.profileOf(row.user_id) };
  }

  private profileOf(userId: string): UserProfile | null {
    for (const conn of this.userConnections(userId)) if (conn.state?.profile) return conn.state.profile;
    return null;
  }

  // ─── helpers ────────────────────────────────────────────────────────────────

  private userConnections(userId: string, exceptId?: string): HubConnection[] {
    const out: HubConnection[] = [];
    for (const conn of this.getConnections<ConnState>()) {
      if (conn.id !== exceptId && conn.state?.userId === userId) out.push(conn);
    }
    return out;
  }

  private onlineUsers(): Map<string, { status: PresenceStatus; lastSeen: string }> {
    const users = new Map<string, { status: PresenceStatus; lastSeen: string }>();
    for (const conn of this.getConnections<ConnState>()) {
      const s = conn.state;
      if (s?.userId && !users.has(s.userId)) users.set(s.userId, { status: s.status, lastSeen: s.lastSeen });
    }
    return users;
  }

  private toChannel(channelId: string, frame: HubFrame, exceptId?: string): void {
    const raw = JSON.stringify(frame);
    for (const conn of this.getConnections<ConnState>()) {
      if (conn.id !== exceptId && isLive(conn.state) && conn.state.channels.includes(channelId)) conn.send(raw);
    }
  }

  private toAuthenticated(frame: HubFrame, exceptId?: string): void {
    const raw = JSON.stringify(frame);
    for (const conn of this.getConnections<ConnState>()) {
      if (conn.id !== exceptId && isLive(conn.state)) conn.send(raw);
    }
  }

  private send(connection: HubConnection, frame: HubFrame): void {
    try {
      connection.send(JSON.stringify(frame));
    } catch {
      /* the socket is already closing */
    }
  }

  private sendError(connection: HubConnection, code: HubErrorCode, message: string, ref?: string): void {
    this.send(connection, { type: "error", code, message, ...(ref ? { ref } : {}) });
  }

  // Access tokens live in the object's SQLite: the socket attachment is capped at 2 KB.
  private ensureTable(): void {
    if (this.tableReady) return;
    this.sql`create table if not exists hub_tokens (connection_id text primary key, token text not null)`;
    this.tableReady = true;
  }

  private storeToken(connectionId: string, token: string): void {
    this.tokens.set(connectionId, token);
    this.ensureTable();
    this.sql`insert or replace into hub_tokens (connection_id, token) values (${connectionId}, ${token})`;
  }

  private loadToken(connectionId: string): string | null {
    const cached = this.tokens.get(connectionId);
    if (cached) return cached;
    this.ensureTable();
    const row = this.sql<{ token: string }>`select token from hub_tokens where connection_id = ${connectionId}`[0];
    if (row) this.tokens.set(connectionId, row.token);
    return row?.token ?? null;
  }

  private forgetToken(connectionId: string): void {
    this.tokens.delete(connectionId);
    this.ensureTable();
    this.sql`delete from hub_tokens where connection_id = ${connectionId}`;
  }
}

/** Signed in with a token that has not expired: only such sockets receive anything but errors. */
function isLive<S extends { userId: string | null; exp: number }>(s: S | null | undefined): s is S & { userId: string } {
  return !!s?.userId && s.exp * 1000 > Date.now();
}

function refOf(value: unknown): string | undefined {
  if (typeof value === "object" && value !== null && "ref" in value) {
    const ref = (value as { ref: unknown }).ref;
    if (typeof ref === "string" && ref.length <= 64) return ref;
  }
  return undefined;
}
