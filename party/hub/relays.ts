/** Relays: record updates, partner-thread updates and notification pokes — ids only, to who may hear them. */
import { HUB_RELAY_RATE_LIMIT } from "#core/constants.ts";
import {
  mayReceiveModule,
  moduleOfFrame,
  type ClientDomainFrame,
  type ClientFrame,
  type HubFrame,
  type PartnerThreadUpdateFrame,
} from "#core/schemas/hub.ts";
import { HubChat } from "./chat.ts";
import type { HubConnection, LiveState } from "./state.ts";

export abstract class HubRelays extends HubChat {
  /** Kinds and ids of changed records, to the other sockets whose role may see the module. */
  protected async handleRecordUpdate(
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
  protected async handlePartnerThread(
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
  protected async handleNotification(
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
}
