/**
 * Staff's money changes reaching admins' finance screens live. The hub relays
 * `financial_update` only from roles that may receive it (admins: core's REALTIME_MODULES), so a
 * staff member's tab asks the edge worker instead: POST MONEY_LIVE_PATH with the kinds and ids
 * it changed. The worker relays them through the hub's internal publish — to admins only, staff
 * never receive finance frames — and only ids the audit log shows this user wrote lately, so
 * nobody can announce records they did not change.
 */
import { z } from "zod";
import { MAX_RECORD_IDS, RECORD_UPDATE_ACTIONS } from "#core/schemas/hub.ts";

export const MONEY_LIVE_PATH = "/api/money/live";
/** The money tables whose writes may be announced (their audit rows prove who wrote them). */
export const MONEY_LIVE_TABLES = ["finance_entries", "finance_attachments", "payments", "invoices"] as const;
/** How recent the user's write must be: a relay follows its save within seconds. */
export const MONEY_LIVE_WINDOW_MS = 10 * 60_000;
export const MONEY_LIVE_MAX_BYTES = 8 * 1024;

export const moneyLiveRequestSchema = z.strictObject({
  action: z.enum(RECORD_UPDATE_ACTIONS, { error: "action is created, updated, moved or deleted" }),
  ids: z
    .array(z.uuid({ error: "ids are record ids" }))
    .min(1, "Name at least one record")
    .max(MAX_RECORD_IDS, `At most ${MAX_RECORD_IDS} ids`),
});
export type MoneyLiveRequest = z.output<typeof moneyLiveRequestSchema>;

/** The ids of `ids` that the audit rows do not show (deduplicated): what the caller did not write. */
export function unprovenIds(ids: readonly string[], audited: readonly string[]): string[] {
  const seen = new Set(audited.map((id) => id.toLowerCase()));
  return [...new Set(ids.map((id) => id.toLowerCase()))].filter((id) => !seen.has(id));
}
