/**
 * Telling colleagues that records changed, for any back-office module:
 * kinds and ids only — receivers refetch through RLS, so the hub never carries a row. Best
 * effort: false when the hub is not connected (receivers catch up on their next fetch).
 *
 *   await saveDeal(deal);
 *   publishDomainUpdate("deals", "moved", [deal.id]);
 *   const id = crypto.randomUUID(); // the sender may not read the recipient's row back (RLS)
 *   await supabase.from("notifications").insert({ id, user_id: assignee, kind: "task_assigned", title });
 *   pokeUser(assignee, id, "task_assigned");
 */
import {
  domainUpdateFrame,
  type RealtimeModule,
  type RecordUpdateAction,
} from "#core/schemas/hub-modules.ts";
import { activeHub } from "./active-hub.ts";

/** Relayed by the hub to the other signed-in users whose role may open `module` (core's REALTIME_MODULES). */
export function publishDomainUpdate(
  module: RealtimeModule,
  action: RecordUpdateAction,
  ids: string[],
): boolean {
  if (ids.length === 0) return false;
  return activeHub()?.send(domainUpdateFrame(module, action, ids)) ?? false;
}

/** After creating a `notifications` row for `targetUserId`: their open tabs refetch their notifications. */
export function pokeUser(targetUserId: string, notificationId?: string, kind?: string): boolean {
  return (
    activeHub()?.send({
      type: "notification",
      targetUserId,
      ...(notificationId ? { notificationId } : {}),
      ...(kind ? { kind } : {}),
    }) ?? false
  );
}

/** After writing messages in a partner's thread: the admins' and that partner's open threads refetch (a partner may announce only its own). */
export function announcePartnerThread(partnerId: string, messageIds: string[]): boolean {
  if (messageIds.length === 0) return false;
  return activeHub()?.send({ type: "partner_thread_update", partnerId, ids: messageIds }) ?? false;
}
