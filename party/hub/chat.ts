/** Team chat: channel membership, presence, and messages stored with the sender's token before anyone hears them. */
import type {
  HubErrorCode,
  HubFrame,
  PresenceStatus,
  TeamMessageAction,
  TeamMessageWithProfile,
  UserProfile,
} from "#core/schemas/hub.ts";
import {
  deleteTeamMessage,
  insertTeamMessage,
  selectTeamMessage,
  updateTeamMessage,
  type WriteResult,
} from "../supabase.ts";
import { HubRights } from "./rights.ts";
import { MAX_CHANNELS_PER_CONNECTION, type ConnState, type HubConnection, type LiveState } from "./state.ts";

/**
 * Chat writes that may wait on the database at once. Past it the hub is saturated: a new message
 * is refused at once with `rate_limited` (the sender keeps it and sends again) instead of joining
 * a queue that grows for seconds. Nothing stored is ever dropped — a refused message was never
 * stored, and a client that missed frames catches up from the database.
 */
export const HUB_MAX_WRITES_IN_FLIGHT = 48;

export abstract class HubChat extends HubRights {
  private writesInFlight = 0;
  protected async handleJoin(connection: HubConnection, s: LiveState, channelId: string): Promise<void> {
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
    for (const conn of this.connections()) {
      const cs = conn.state;
      if (cs?.userId && cs.channels.includes(channelId))
        members.set(cs.userId, { userId: cs.userId, status: cs.status, lastSeen: cs.lastSeen });
    }
    this.send(connection, { type: "channel_members", channelId, members: [...members.values()] });
    this.send(connection, { type: "user_joined", userId: s.userId, channelId });
  }

  protected handleLeave(connection: HubConnection, s: LiveState, channelId: string): void {
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

  protected handlePresence(userId: string, status: PresenceStatus): void {
    const lastSeen = new Date().toISOString();
    for (const conn of this.userConnections(userId)) {
      conn.setState((p) => ({ ...(p as ConnState), status, lastSeen }));
    }
    this.toAuthenticated({ type: "presence_updated", userId, status, lastSeen });
  }

  protected async handleTeamMessage(
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
    if (this.writesInFlight >= HUB_MAX_WRITES_IN_FLIGHT) {
      this.sendError(connection, "rate_limited", "The hub is busy: send the message again in a moment", ref);
      return;
    }
    let result: WriteResult;
    let event: "INSERT" | "UPDATE" | "DELETE";
    this.writesInFlight++;
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
    } finally {
      this.writesInFlight--;
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

  protected withProfile(
    row: TeamMessageWithProfile | Omit<TeamMessageWithProfile, "user_profile">,
    s: ConnState,
  ): TeamMessageWithProfile {
    return { ...row, user_profile: row.user_id === s.userId ? s.profile : this.profileOf(row.user_id) };
  }

  protected profileOf(userId: string): UserProfile | null {
    for (const conn of this.userConnections(userId)) if (conn.state?.profile) return conn.state.profile;
    return null;
  }
}
