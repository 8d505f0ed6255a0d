/**
 * The realtime hub: one PartyServer `Server` (a Durable Object) per room; the SPA uses a single
 * room ("team") so presence and notifications span the whole back-office. Channels are logical
 * groups inside the room (issue 5 item 2; spec §4 "Realtime socket", §7 "WebSocket hub").
 *
 * Rules, in the order a frame meets them:
 *   1. frames over HUB_MAX_FRAME_BYTES → `error frame_too_large` (socket stays open);
 *   2. more than HUB_RATE_LIMIT frames per window → `error rate_limited` (socket stays open);
 *   3. non-JSON or a frame no schema in core/schemas/hub.ts accepts (they are strict: an unknown
 *      field refuses the frame) → `error invalid_frame`;
 *   4. anything but `auth` before a successful auth (or after the token expired) → `error not_authenticated`;
 *   5. a socket without a valid `auth` within HUB_AUTH_TIMEOUT_MS is closed with 4001;
 *      a refused token (forged, expired, wrong iss/aud, ended session, aal1 where aal2 is due,
 *      no back-office role) closes with 4003.
 *
 * Rights are re-checked (issue 17 item 2): a socket's session and role are confirmed again —
 * core's verifier plus profiles.role, with the socket's own token — when the last check is older
 * than HUB_RIGHTS_TTL_MS and the socket writes (join, chat, updates, pokes) or is about to
 * receive a gated frame (chat, record updates, pokes), on every `auth` with a refreshed token, and
 * by the alarm every HUB_RIGHTS_RECHECK_INTERVAL_MS. A socket whose session ended or whose user
 * lost the back-office role is closed with 4004; one demoted from admin leaves its chat channels.
 *
 * Routing: chat to admins (channel members for edits and deletes); record updates only to the
 * roles core's REALTIME_MODULES allows for that module, kinds and ids only; notification pokes
 * only to the target user's sockets, with the sender the hub knows. Relays are rate-limited per
 * socket and module (HUB_RELAY_RATE_LIMIT).
 *
 * Partners (issue 16 item 5): a collaboration-portal account signs in too (its partner read from
 * the database with its own token), but a partner socket may only send `partner_thread_update`
 * for its own partner, and of everything fanned out it receives only its own partner's thread
 * updates (core's partnerMayReceive, checked on every fan-out path): no chat, presence, record
 * updates or pokes. Thread updates go to admins and that partner's sockets, ids only.
 *
 * Hibernation: the class hibernates (`static options.hibernate`), so every fact a later frame
 * needs lives in the connection's state (serialised with the socket) or in the Durable Object's
 * SQLite (access tokens: too large for the 2 KB attachment). In-memory maps are caches only.
 */
import { Server, type Connection, type ConnectionContext, type WSMessage } from "partyserver";
import {
  HUB_AUTH_TIMEOUT_MS,
  HUB_MAX_FRAME_BYTES,
  HUB_RATE_LIMIT,
  HUB_RELAY_RATE_LIMIT,
  HUB_RIGHTS_RECHECK_INTERVAL_MS,
  HUB_RIGHTS_TTL_MS,
} from "#core/constants.ts";
import type { Role } from "#core/roles.ts";
import {
  HUB_CLOSE,
  clientFrameSchema,
  mayReceiveModule,
  moduleOfFrame,
  partnerMayReceive,
  type ClientDomainFrame,
  type ClientFrame,
  type HubErrorCode,
  type HubFrame,
  type PartnerThreadUpdateFrame,
  type PresenceStatus,
  type TeamMessageAction,
  type TeamMessageWithProfile,
  type UserProfile,
} from "#core/schemas/hub.ts";
import type { HubEnv } from "./env.ts";
import { handleInternalPublish } from "./internal-publish.ts";
import { SlidingWindowLimiter } from "./rate-limit.ts";
import {
  HubAuthError,
  deleteTeamMessage,
  insertTeamMessage,
  selectTeamMessage,
  updateTeamMessage,
  verifyUser,
  type SupabaseTarget,
  type VerifiedUser,
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
  /** When the session and role were last confirmed (ms since the epoch). */
  checkedAt: number;
  /** Set for a partner account's socket (role null): the only partner whose thread it hears. */
  partnerId: string | null;
}

type HubConnection = Connection<ConnState>;
type LiveState = ConnState & { userId: string };
/** What routing looks at in a recipient's state. */
type Recipient = {
  readonly userId: string;
  readonly role: Role | null;
  readonly channels: readonly string[];
  readonly partnerId: string | null;
};

/** Outcome of a rights check: go ahead, or why not (a revoked socket is already closing). */
type Rights = "ok" | "revoked" | "expired" | "unavailable";

export class Hub extends Server<HubEnv> {
  static override options = { hibernate: true };

  private readonly limiter = new SlidingWindowLimiter(HUB_RATE_LIMIT.frames, HUB_RATE_LIMIT.windowMs);
  private readonly relayLimiter = new SlidingWindowLimiter(
    HUB_RELAY_RATE_LIMIT.frames,
    HUB_RELAY_RATE_LIMIT.windowMs,
  );
  /** Rights checks in flight per connection, so a burst of frames waits for one check. */
  private readonly rechecks = new Map<string, Promise<Rights>>();
  private readonly tokens = new Map<string, string>();
  private readonly authTimers = new Map<string, ReturnType<typeof setTimeout>>();
  private tableReady = false;

  private get target(): SupabaseTarget {
    return {
      url: this.env.SUPABASE_URL.replace(/\/+$/, ""),
      publishableKey: this.env.SUPABASE_PUBLISHABLE_KEY,
    };
  }

  private get rightsTtlMs(): number {
    return msFrom(this.env.HUB_RIGHTS_TTL_MS, HUB_RIGHTS_TTL_MS);
  }

  private get recheckIntervalMs(): number {
    return msFrom(this.env.HUB_RIGHTS_RECHECK_INTERVAL_MS, HUB_RIGHTS_RECHECK_INTERVAL_MS);
  }

  // ─── lifecycle ──────────────────────────────────────────────────────────────

  override onStart(): void {
    // Tokens of sockets that did not survive a restart are dead weight: drop them.
    this.ensureTable();
    const live = new Set([...this.getConnections()].map((c) => c.id));
    for (const row of this.sql<{ connection_id: string }>`select connection_id from hub_tokens`) {
      if (!live.has(row.connection_id))
        this.sql`delete from hub_tokens where connection_id = ${row.connection_id}`;
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
      checkedAt: 0,
      partnerId: null,
    });
    // The timer gives the exact 5 s; the alarm is the backstop should the object hibernate.
    this.authTimers.set(
      connection.id,
      setTimeout(() => this.closeIfUnauthenticated(connection.id), HUB_AUTH_TIMEOUT_MS),
    );
    void this.alarmBy(now + HUB_AUTH_TIMEOUT_MS + 500);
  }

  /** HTTP reaches the room only as the edge worker's internal publish (party/internal-publish.ts). */
  override onRequest(request: Request): Promise<Response> {
    return handleInternalPublish(request, this.env, (frame, may) => this.deliver(frame, may));
  }

  /** The alarm closes sockets that never authenticated and re-checks the rights of the others. */
  override async onAlarm(): Promise<void> {
    const now = Date.now();
    let pendingAuth = false;
    let signedIn = false;
    const checks: Promise<Rights>[] = [];
    for (const conn of this.getConnections<ConnState>()) {
      const s = conn.state;
      if (!s) continue;
      if (!s.userId) {
        if (now - s.connectedAt >= HUB_AUTH_TIMEOUT_MS) this.closeIfUnauthenticated(conn.id);
        else pendingAuth = true;
        continue;
      }
      signedIn = true;
      checks.push(this.confirmRights(conn));
    }
    await Promise.all(checks);
    if (pendingAuth) await this.ctx.storage.setAlarm(Date.now() + 1000);
    else if (signedIn) await this.ctx.storage.setAlarm(Date.now() + this.recheckIntervalMs);
  }

  /** Makes sure the alarm fires no later than `at`. */
  private async alarmBy(at: number): Promise<void> {
    const current = await this.ctx.storage.getAlarm();
    if (current === null || current > at) await this.ctx.storage.setAlarm(at);
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
    if (
      message.length > HUB_MAX_FRAME_BYTES ||
      (message.length * 3 > HUB_MAX_FRAME_BYTES &&
        new TextEncoder().encode(message).byteLength > HUB_MAX_FRAME_BYTES)
    ) {
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
      this.sendError(
        connection,
        "invalid_frame",
        `Invalid frame: ${parsed.error.issues[0]?.message ?? "unknown"}`,
        ref,
      );
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
      this.sendError(
        connection,
        "not_authenticated",
        "The session expired: send auth with a fresh token",
        refOf(frame),
      );
      return;
    }
    await this.dispatch(connection, s as LiveState, frame);
  }

  private async dispatch(connection: HubConnection, s: LiveState, frame: ClientFrame): Promise<void> {
    if (s.partnerId && frame.type !== "partner_thread_update") {
      this.sendError(
        connection,
        "forbidden",
        "A partner account only announces messages in its own thread",
        refOf(frame),
      );
      return;
    }
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
      case "deal_update":
      case "record_update":
        return this.handleRecordUpdate(connection, s, frame);
      case "notification":
        return this.handleNotification(connection, s, frame);
      case "partner_thread_update":
        return this.handlePartnerThread(connection, s, frame);
      case "auth":
        return; // handled before dispatch
    }
  }

  /** Kinds and ids of changed records, to the other sockets whose role may see the module. */
  private async handleRecordUpdate(
    connection: HubConnection,
    s: LiveState,
    frame: ClientDomainFrame,
  ): Promise<void> {
    const module = moduleOfFrame(frame);
    if (!this.relayLimiter.take(`${connection.id}:${module}`)) {
      this.sendError(
        connection,
        "rate_limited",
        `Too many ${module} updates: at most ${HUB_RELAY_RATE_LIMIT.frames} per ${HUB_RELAY_RATE_LIMIT.windowMs / 1000} s`,
      );
      return;
    }
    if (!(await this.mayAct(connection))) return;
    // Only who may see a module may announce changes in it (the role as just confirmed).
    if (!mayReceiveModule(connection.state?.role, module)) {
      this.sendError(connection, "forbidden", `Your role may not publish ${module} updates`);
      return;
    }
    // The frame passed a strict schema: it holds the type, module, action and ids, nothing else.
    const out = { ...frame, fromUserId: s.userId } as HubFrame;
    await this.deliver(out, (cs) => mayReceiveModule(cs.role, module), connection.id);
  }

  /** A new message in a partner's thread: admins announce any, a partner only its own; to admins and that partner. */
  private async handlePartnerThread(
    connection: HubConnection,
    s: LiveState,
    frame: PartnerThreadUpdateFrame,
  ): Promise<void> {
    if (!this.relayLimiter.take(`${connection.id}:partner_thread`)) {
      this.sendError(
        connection,
        "rate_limited",
        `Too many thread updates: at most ${HUB_RELAY_RATE_LIMIT.frames} per ${HUB_RELAY_RATE_LIMIT.windowMs / 1000} s`,
      );
      return;
    }
    if (!(await this.mayAct(connection))) return;
    const now = connection.state;
    const mine = now?.partnerId ? now.partnerId === frame.partnerId : now?.role === "admin";
    if (!mine) {
      this.sendError(
        connection,
        "forbidden",
        now?.partnerId
          ? "A partner account only announces messages in its own thread"
          : "Partner threads are for admins",
      );
      return;
    }
    const out: HubFrame = { ...frame, fromUserId: s.userId };
    await this.deliver(out, (cs) => cs.role === "admin" || cs.partnerId === frame.partnerId, connection.id);
  }

  /** A poke after the sender created a notifications row: to the target's sockets, with the sender. */
  private async handleNotification(
    connection: HubConnection,
    s: LiveState,
    frame: Extract<ClientFrame, { type: "notification" }>,
  ): Promise<void> {
    if (!this.relayLimiter.take(`${connection.id}:notification`)) {
      this.sendError(
        connection,
        "rate_limited",
        `Too many notifications: at most ${HUB_RELAY_RATE_LIMIT.frames} per ${HUB_RELAY_RATE_LIMIT.windowMs / 1000} s`,
      );
      return;
    }
    if (!(await this.mayAct(connection))) return;
    const sender = connection.state?.profile ?? s.profile;
    const out: HubFrame = {
      type: "notification",
      targetUserId: frame.targetUserId,
      fromUserId: s.userId,
      from: {
        first_name: sender?.first_name ?? null,
        last_name: sender?.last_name ?? null,
        avatar_url: sender?.avatar_url ?? null,
      },
      kind: frame.kind ?? null,
      notificationId: frame.notificationId ?? null,
    };
    await this.deliver(out, (cs) => cs.userId === frame.targetUserId);
  }

  private async handleAuth(connection: HubConnection, token: string): Promise<void> {
    let user: VerifiedUser;
    try {
      user = await verifyUser(this.target, token);
    } catch (err) {
      const e = err instanceof HubAuthError ? err : new HubAuthError("Authentication failed", "auth_failed");
      if (!(err instanceof HubAuthError)) console.error("hub: auth error", err);
      const code: HubErrorCode = e.code === "unavailable" ? "auth_failed" : e.code;
      if (connection.state?.userId) this.shut(connection, HUB_CLOSE.authFailed, code, e.message);
      else {
        this.sendError(connection, code, e.message);
        connection.close(HUB_CLOSE.authFailed, code);
      }
      return;
    }
    const prev = connection.state;
    if (prev?.userId && prev.userId !== user.userId) {
      this.shut(
        connection,
        HUB_CLOSE.authFailed,
        "auth_failed",
        "A socket cannot switch users; reconnect instead",
      );
      return;
    }
    if (prev?.userId && prev.partnerId !== user.partnerId) {
      this.shut(connection, HUB_CLOSE.accessRevoked, "forbidden", "Your access changed; reconnect");
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
      partnerId: user.partnerId,
      // Someone who is no longer an admin (role changed since the last token) leaves every chat channel.
      channels: user.role === "admin" ? [...(p?.channels ?? [])] : [],
      // A second tab of the same user takes the user's current status.
      status: prev?.userId ? (p?.status ?? "online") : (sibling?.status ?? "online"),
      lastSeen: new Date().toISOString(),
      checkedAt: Date.now(),
    }))!;
    if (prev?.role === "admin" && user.role !== "admin") this.leaveAllChannels(connection, prev);
    void this.alarmBy(Date.now() + this.recheckIntervalMs);
    this.send(connection, {
      type: "auth_success",
      userId: user.userId,
      role: user.role ?? "partner",
      ...(prev?.userId ? { reauth: true } : {}),
    });
    // A partner neither learns who of the team is online nor shows up in their presence.
    if (!prev?.userId && !user.partnerId) {
      // Who is online right now (one frame per user), then tell the others about this user.
      for (const [userId, st] of this.onlineUsers()) {
        if (userId !== user.userId)
          this.send(connection, {
            type: "presence_updated",
            userId,
            status: st.status,
            lastSeen: st.lastSeen,
          });
      }
      if (firstForUser) {
        this.toAuthenticated({
          type: "presence_updated",
          userId: user.userId,
          status: next.status,
          lastSeen: next.lastSeen,
        });
      } else {
        this.send(connection, {
          type: "presence_updated",
          userId: user.userId,
          status: next.status,
          lastSeen: next.lastSeen,
        });
      }
    }
  }

  private async handleJoin(connection: HubConnection, s: LiveState, channelId: string): Promise<void> {
    if (s.role !== "admin") {
      this.sendError(connection, "forbidden", "Team chat is for admins only");
      return;
    }
    if (!(await this.mayAct(connection))) return;
    s = connection.state as LiveState;
    if (s.role !== "admin") {
      this.sendError(connection, "forbidden", "Team chat is for admins only");
      return;
    }
    if (!s.channels.includes(channelId)) {
      if (s.channels.length >= MAX_CHANNELS_PER_CONNECTION) {
        this.sendError(
          connection,
          "forbidden",
          `At most ${MAX_CHANNELS_PER_CONNECTION} channels per connection`,
        );
        return;
      }
      const alreadyThere = this.userConnections(s.userId, connection.id).some((c) =>
        c.state?.channels.includes(channelId),
      );
      connection.setState((p) => ({ ...(p as ConnState), channels: [...(p?.channels ?? []), channelId] }));
      if (!alreadyThere)
        this.toChannel(channelId, { type: "user_joined", userId: s.userId, channelId }, connection.id);
    }
    // The joiner learns who is in the channel (including itself).
    const members = new Map<string, { userId: string; status: PresenceStatus; lastSeen: string }>();
    for (const conn of this.getConnections<ConnState>()) {
      const cs = conn.state;
      if (cs?.userId && cs.channels.includes(channelId))
        members.set(cs.userId, { userId: cs.userId, status: cs.status, lastSeen: cs.lastSeen });
    }
    this.send(connection, { type: "channel_members", channelId, members: [...members.values()] });
    this.send(connection, { type: "user_joined", userId: s.userId, channelId });
  }

  private handleLeave(connection: HubConnection, s: LiveState, channelId: string): void {
    if (!s.channels.includes(channelId)) return;
    connection.setState((p) => ({
      ...(p as ConnState),
      channels: (p?.channels ?? []).filter((c) => c !== channelId),
    }));
    this.send(connection, { type: "user_left", userId: s.userId, channelId });
    const stillThere = this.userConnections(s.userId, connection.id).some((c) =>
      c.state?.channels.includes(channelId),
    );
    if (!stillThere)
      this.toChannel(channelId, { type: "user_left", userId: s.userId, channelId }, connection.id);
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
    s: LiveState,
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
    // RLS re-checks the role on the write itself; a signed-out session's token still passes
    // PostgREST until it expires, so the session is confirmed here.
    if (!(await this.mayAct(connection, ref))) return;
    if (connection.state?.role !== "admin" || !connection.state.channels.includes(frame.channelId)) {
      this.sendError(connection, "forbidden", "Team chat is for admins only", ref);
      return;
    }
    const token = this.loadToken(connection.id);
    if (!token) {
      this.sendError(connection, "not_authenticated", "Send auth again", ref);
      return;
    }
    const filter = {
      id: frame.action === "insert" ? "" : frame.id,
      channel_id: frame.channelId,
      user_id: s.userId,
    };
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
            this.send(connection, {
              type: "team_message",
              event: "INSERT",
              message: this.withProfile(existing.row, s),
              ref,
            });
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
      const code: HubErrorCode =
        result.status === 401 || result.status === 403 || result.code === "42501"
          ? "forbidden"
          : "write_failed";
      this.sendError(connection, code, result.message, ref);
      return;
    }
    const message = this.withProfile(result.row, s);
    const out: HubFrame = { type: "team_message", event, message };
    const mine = JSON.stringify({ type: "team_message", event, message, ref } satisfies HubFrame);
    connection.send(mine);
    // INSERTs go to every admin socket (unread counts and notifications for other channels);
    // edits and deletes only to the channel's members — each recipient's rights confirmed first.
    const channelId = result.row.channel_id;
    await this.deliver(
      out,
      (cs) => cs.role === "admin" && (cs.channels.includes(channelId) || event === "INSERT"),
      connection.id,
    );
  }

  private withProfile(
    row: TeamMessageWithProfile | Omit<TeamMessageWithProfile, "user_profile">,
    s: ConnState,
  ): TeamMessageWithProfile {
    return { ...row, user_profile: row.user_id === s.userId ? s.profile : this.profileOf(row.user_id) };
  }

  private profileOf(userId: string): UserProfile | null {
    for (const conn of this.userConnections(userId)) if (conn.state?.profile) return conn.state.profile;
    return null;
  }

  // ─── rights ─────────────────────────────────────────────────────────────────

  /** Before a socket's own write or relay: its rights confirmed, or an error frame and false. */
  private async mayAct(connection: HubConnection, ref?: string): Promise<boolean> {
    const rights = await this.confirmRights(connection, ref);
    if (rights === "ok") return true;
    if (rights === "expired")
      this.sendError(
        connection,
        "not_authenticated",
        "The session expired: send auth with a fresh token",
        ref,
      );
    if (rights === "unavailable")
      this.sendError(
        connection,
        "write_failed",
        "Your session could not be confirmed right now; try again",
        ref,
      );
    return false; // "revoked": the socket already got its error and is closing
  }

  /**
   * The socket's session and role, re-read when the last check is older than the TTL (one check
   * in flight per socket). Closes the socket when the session ended or the role is gone.
   */
  private confirmRights(conn: HubConnection, ref?: string): Promise<Rights> {
    const s = conn.state;
    if (!isLive(s)) return Promise.resolve("expired");
    if (Date.now() - s.checkedAt < this.rightsTtlMs) return Promise.resolve("ok");
    let pending = this.rechecks.get(conn.id);
    if (!pending) {
      pending = this.recheck(conn, ref).finally(() => this.rechecks.delete(conn.id));
      this.rechecks.set(conn.id, pending);
    }
    return pending;
  }

  /** `ref`: the write that asked, named in the error frame should the socket be closed. */
  private async recheck(conn: HubConnection, ref?: string): Promise<Rights> {
    const token = this.loadToken(conn.id);
    const before = conn.state;
    if (!token || !isLive(before)) return "expired";
    let user: VerifiedUser;
    try {
      user = await verifyUser(this.target, token);
    } catch (err) {
      const e = err instanceof HubAuthError ? err : new HubAuthError(String(err), "unavailable");
      if (e.code === "unavailable") {
        // An outage is not a verdict: nothing gated goes through, but nobody is thrown out.
        console.warn("hub: rights check unavailable", conn.id, e.message);
        return "unavailable";
      }
      if (!isLive(conn.state)) return "expired"; // the token ran out meanwhile: not live, not revoked
      if (!conn.state?.userId) return "revoked";
      this.shut(
        conn,
        HUB_CLOSE.accessRevoked,
        e.code === "session_ended" ? "session_ended" : "forbidden",
        e.message,
        ref,
      );
      return "revoked";
    }
    const s = conn.state;
    if (!s?.userId) return "revoked";
    if (user.userId !== s.userId) {
      this.shut(conn, HUB_CLOSE.accessRevoked, "auth_failed", "The token names another user");
      return "revoked";
    }
    // A partner account that became staff (or moved to another partner), or the reverse: a new socket decides.
    if ((s.partnerId ?? null) !== user.partnerId) {
      this.shut(conn, HUB_CLOSE.accessRevoked, "forbidden", "Your access changed; reconnect");
      return "revoked";
    }
    if (s.role === "admin" && user.role !== "admin") this.leaveAllChannels(conn, s);
    conn.setState((p) => ({
      ...(p as ConnState),
      role: user.role,
      profile: user.profile,
      checkedAt: Date.now(),
    }));
    if (user.role !== s.role)
      this.send(conn, {
        type: "auth_success",
        userId: user.userId,
        role: user.role ?? "partner",
        reauth: true,
      });
    return "ok";
  }

  /**
   * Sends `frame` to every other live socket that `may` admits, each only once its rights are
   * confirmed: fresh ones at once, stale ones after their re-check (which may close them).
   */
  private async deliver(frame: HubFrame, may: (s: Recipient) => boolean, exceptId?: string): Promise<void> {
    const raw = JSON.stringify(frame);
    const waits: Promise<void>[] = [];
    for (const conn of this.getConnections<ConnState>()) {
      const cs = conn.state;
      if (conn.id === exceptId || !isLive(cs) || !reaches(cs, frame) || !may(cs)) continue;
      if (Date.now() - cs.checkedAt < this.rightsTtlMs) safeSend(conn, raw);
      else {
        waits.push(
          this.confirmRights(conn).then((rights) => {
            const now = conn.state;
            if (rights === "ok" && isLive(now) && reaches(now, frame) && may(now)) safeSend(conn, raw);
          }),
        );
      }
    }
    await Promise.all(waits);
  }

  /** A socket whose user is no longer an admin leaves every chat channel. */
  private leaveAllChannels(
    conn: HubConnection,
    s: { userId: string | null; channels: readonly string[] },
  ): void {
    if (!s.userId || s.channels.length === 0) return;
    conn.setState((p) => ({ ...(p as ConnState), channels: [] }));
    for (const channelId of s.channels) {
      if (!this.userConnections(s.userId, conn.id).some((c) => c.state?.channels.includes(channelId))) {
        this.toChannel(channelId, { type: "user_left", userId: s.userId, channelId }, conn.id);
      }
    }
  }

  /** Ends a signed-in socket from the hub's side: error frame, departures announced, then close. */
  private shut(
    conn: HubConnection,
    closeCode: number,
    code: HubErrorCode,
    message: string,
    ref?: string,
  ): void {
    this.sendError(conn, code, message, ref);
    this.cleanup(conn);
    conn.setState((p) => ({ ...(p as ConnState), userId: null, role: null, channels: [] }));
    try {
      conn.close(closeCode, code);
    } catch {
      /* already closing */
    }
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
      if (s?.userId && !s.partnerId && !users.has(s.userId))
        users.set(s.userId, { status: s.status, lastSeen: s.lastSeen });
    }
    return users;
  }

  private toChannel(channelId: string, frame: HubFrame, exceptId?: string): void {
    const raw = JSON.stringify(frame);
    for (const conn of this.getConnections<ConnState>()) {
      if (
        conn.id !== exceptId &&
        isLive(conn.state) &&
        reaches(conn.state, frame) &&
        conn.state.channels.includes(channelId)
      )
        conn.send(raw);
    }
  }

  private toAuthenticated(frame: HubFrame, exceptId?: string): void {
    const raw = JSON.stringify(frame);
    for (const conn of this.getConnections<ConnState>()) {
      if (conn.id !== exceptId && isLive(conn.state) && reaches(conn.state, frame)) conn.send(raw);
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
    const row = this.sql<{
      token: string;
    }>`select token from hub_tokens where connection_id = ${connectionId}`[0];
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
function isLive<S extends { userId: string | null; exp: number }>(
  s: S | null | undefined,
): s is S & { userId: string } {
  return !!s?.userId && s.exp * 1000 > Date.now();
}

/** Every fan-out asks this first: a partner socket hears its own thread's updates and nothing else. */
function reaches(s: { partnerId?: string | null }, frame: HubFrame): boolean {
  return partnerMayReceive(s.partnerId ?? null, frame);
}

function safeSend(conn: HubConnection, raw: string): void {
  try {
    conn.send(raw);
  } catch {
    /* the socket is already closing */
  }
}

/** A positive number of milliseconds from an env var, else the default. */
function msFrom(value: string | undefined, fallback: number): number {
  const n = Number(value);
  return value && Number.isFinite(n) && n >= 0 ? n : fallback;
}

function refOf(value: unknown): string | undefined {
  if (typeof value === "object" && value !== null && "ref" in value) {
    const ref = (value as { ref: unknown }).ref;
    if (typeof ref === "string" && ref.length <= 64) return ref;
  }
  return undefined;
}
