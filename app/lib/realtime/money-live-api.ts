/**
 * A staff member's tab may not send finance frames through the hub, so it asks the edge worker
 * (POST MONEY_LIVE_PATH), which checks the audit log for this user's write and relays the
 * announcement to admins.
 */
import { MONEY_LIVE_PATH } from "#core/money/money-live.ts";
import type { RecordUpdateAction } from "#core/schemas/hub.ts";
import { edgeFetch, sessionToken } from "#app/lib/edge-api.ts";

export async function relayThroughWorker(action: RecordUpdateAction, ids: readonly string[]): Promise<void> {
  const token = await sessionToken();
  if (!token) return;
  const res = await edgeFetch(MONEY_LIVE_PATH, { token, json: { action, ids }, keepalive: true });
  if (res.status !== 202) console.warn(`announcing the money change was refused (${res.status})`);
}
