/**
 * Rights: a socket's session and role confirmed again before it writes or receives a gated frame
 * (when the last check is older than the TTL), and the gated fan-out that waits for them.
 */
import { HUB_CLOSE, type HubErrorCode, type HubFrame } from "#core/schemas/hub.ts";
import { HubAuthError, verifyUser, type VerifiedUser } from "../supabase.ts";
import { HubConnections } from "./connections.ts";
import {
  isLive,
  reaches,
  safeSend,
  type ConnState,
  type HubConnection,
  type Recipient,
  type Rights,
} from "./state.ts";

/** Waits before asking again when a recipient's rights could not be checked (about 4 s in all). */
const RIGHTS_RETRY_DELAYS_MS = [250, 1000, 3000] as const;

export abstract class HubRights extends HubConnections {
  /** Before a socket's own write or relay: its rights confirmed, or an error frame and false. */
  protected async mayAct(connection: HubConnection, ref?: string): Promise<boolean> {
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
  protected confirmRights(conn: HubConnection, ref?: string, fresh = false): Promise<Rights> {
    const s = conn.state;
    if (!isLive(s)) return Promise.resolve("expired");
    if (!fresh && Date.now() - s.checkedAt < this.rightsTtlMs) return Promise.resolve("ok");
    let pending = this.rechecks.get(conn.id);
    // A check in flight may have read the rights before the change a fresh one is asked for
    // (a forced sign-out): one more after it.
    if (pending && fresh) return pending.then(() => this.confirmRights(conn, ref, true));
    if (!pending) {
      pending = this.recheck(conn, ref).finally(() => this.rechecks.delete(conn.id));
      this.rechecks.set(conn.id, pending);
    }
    return pending;
  }

  /** `ref`: the write that asked, named in the error frame should the socket be closed. */
  protected async recheck(conn: HubConnection, ref?: string): Promise<Rights> {
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
  protected async deliver(
    frame: HubFrame,
    may: (s: Recipient) => boolean,
    exceptId?: string,
    fresh = false,
  ): Promise<void> {
    const raw = JSON.stringify(frame);
    const waits: Promise<void>[] = [];
    for (const conn of this.connections()) {
      const cs = conn.state;
      if (conn.id === exceptId || !isLive(cs) || !reaches(cs, frame) || !may(cs)) continue;
      if (!fresh && Date.now() - cs.checkedAt < this.rightsTtlMs) safeSend(conn, raw);
      else {
        waits.push(
          this.confirmRightsPatiently(conn, fresh).then((rights) => {
            const now = conn.state;
            if (rights === "ok" && isLive(now) && reaches(now, frame) && may(now)) safeSend(conn, raw);
          }),
        );
      }
    }
    await Promise.all(waits);
  }

  /**
   * A recipient's rights before a frame they may see. A check that could not be made (the
   * database or the auth service did not answer) is asked again a little later, a few times: the
   * frame arrives late rather than never. A verdict (revoked, expired) ends the wait at once.
   */
  protected async confirmRightsPatiently(conn: HubConnection, fresh = false): Promise<Rights> {
    let rights = await this.confirmRights(conn, undefined, fresh);
    for (const ms of RIGHTS_RETRY_DELAYS_MS) {
      if (rights !== "unavailable") return rights;
      await new Promise((r) => setTimeout(r, ms));
      rights = await this.confirmRights(conn, undefined, fresh);
    }
    if (rights === "unavailable")
      console.warn("hub: a frame was not delivered (rights unconfirmed)", conn.id);
    return rights;
  }

  /** A socket whose user is no longer an admin leaves every chat channel. */
  protected leaveAllChannels(
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
  protected shut(
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
}
