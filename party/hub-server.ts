/**
 * The realtime hub: one PartyServer `Server` (a Durable Object) per room; the SPA uses a single
 * room ("team") so presence and notifications span the whole back-office. Channels are logical
 * groups inside the room (docs/product.md#realtime-socket).
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
 * Rights are re-checked: a socket's session and role are confirmed again —
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
 * Partners: a collaboration-portal account signs in too (its partner read from
 * the database with its own token), but a partner socket may only send `partner_thread_update`
 * for its own partner, and of everything fanned out it receives only its own partner's thread
 * updates (core's partnerMayReceive, checked on every fan-out path): no chat, presence, record
 * updates or pokes. Thread updates go to admins and that partner's sockets, ids only.
 *
 * The class is built in layers, one file per concern under party/hub/: connections.ts (the
 * socket index, fan-out, tokens), rights.ts (re-checks and the gated fan-out), chat.ts,
 * relays.ts; this file is the connection's life and its frames: auth, parsing, dispatch.
 *
 * Hibernation: the class hibernates (`static options.hibernate`), so every fact a later frame
 * needs lives in the connection's state (serialised with the socket) or in the Durable Object's
 * SQLite (access tokens: too large for the 2 KB attachment). In-memory maps are caches only.
 */
import type { ConnectionContext, WSMessage } from "partyserver";
import { HUB_AUTH_TIMEOUT_MS, HUB_MAX_FRAME_BYTES, HUB_RATE_LIMIT } from "#core/constants.ts";
import { HUB_CLOSE, clientFrameSchema, type ClientFrame, type HubErrorCode } from "#core/schemas/hub.ts";
import { handleInternalPublish } from "./internal-publish.ts";
import { HubAuthError, verifyUser, type VerifiedUser } from "./supabase.ts";
import { HubRelays } from "./hub/relays.ts";
import { refOf, type ConnState, type HubConnection, type LiveState, type Rights } from "./hub/state.ts";

export type { ConnState } from "./hub/state.ts";

export class Hub extends HubRelays {
  static override options = { hibernate: true };

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
    this.track(connection);
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
    return handleInternalPublish(request, this.env, (frame, may, fresh) =>
      this.deliver(frame, may, undefined, fresh),
    );
  }

  /** The alarm closes sockets that never authenticated and re-checks the rights of the others. */
  override async onAlarm(): Promise<void> {
    const now = Date.now();
    let pendingAuth = false;
    let signedIn = false;
    const checks: Promise<Rights>[] = [];
    for (const conn of this.connections()) {
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
}
