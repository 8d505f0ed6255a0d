/**
 * Announcing a money change (a finance entry, payment or invoice written) to admins' open finance
 * screens as a financial_update — kinds and ids only; they refetch through RLS. An admin's tab
 * sends the frame through the hub itself. A staff member's tab may not (the hub relays finance
 * frames only from and to the roles core's REALTIME_MODULES gives "finances"), so it asks the edge
 * worker (POST MONEY_LIVE_PATH), which checks the audit log for this user's write and relays it
 * to admins. Best effort: a lost announcement is caught up on the admins' next fetch.
 */
import type { Role } from "#core/roles.ts";
import { mayReceiveModule, type RecordUpdateAction } from "#core/schemas/hub-modules.ts";
import { relayThroughWorker } from "./money-live-api.ts";
import { publishDomainUpdate } from "./publish.ts";

export function announceFinancialUpdate(
  role: string | null,
  action: RecordUpdateAction,
  ids: readonly string[],
): void {
  if (ids.length === 0) return;
  if (mayReceiveModule(role as Role | null, "finances")) {
    publishDomainUpdate("finances", action, [...ids]);
    return;
  }
  if (role !== "staff") return;
  void relayThroughWorker(action, ids).catch((err: unknown) =>
    console.warn("announcing the money change failed", err),
  );
}
