/**
 * A staff member's tab may not send finance frames through the hub, so it asks the edge worker
 * (POST MONEY_LIVE_PATH), which checks the audit log for this user's write and relays the
 * announcement to admins.
 */
import { MONEY_LIVE_PATH } from "#core/money/money-live.ts";
import type { RecordUpdateAction } from "#core/schemas/hub.ts";
import { supabase } from "../supabase.ts";

export async function relayThroughWorker(action: RecordUpdateAction, ids: readonly string[]): Promise<void> {
  const token = (await supabase.auth.getSession()).data.session?.access_token;
  if (!token) return;
  const res = await fetch(MONEY_LIVE_PATH, {
    method: "POST",
    headers: { Authorization: `Bearer ${token}`, "content-type": "application/json" },
    body: JSON.stringify({ action, ids }),
    keepalive: true,
  });
  if (res.status !== 202) console.warn(`announcing the money change was refused (${res.status})`);
}
