/**
 * Telling signed-in staff at once about what happened on the server (new submissions
 * appear live): the hub relays only frames of signed-in clients, so the edge worker uses the hub's
 * internal publish route (core/schemas/hub-internal.ts) with the secret key, through its HUB
 * service binding. The notifications themselves were written by the database (private.notify in
 * the inbox's insert trigger); this only pokes their recipients and announces the record's id.
 * Best effort, never failing the visitor's request: a missed frame is caught up on the next fetch.
 */
import { HUB_INTERNAL_PUBLISH_PATH, type HubInternalPublish } from "#core/schemas/hub-internal.ts";
import { z } from "zod";
import type { EdgeEnv } from "./env.ts";
import { serviceDb } from "./lib/service-db.ts";

export type Publisher = (message: HubInternalPublish) => Promise<void>;

/** Sends one publish request to the hub; logs (never throws) when the hub refuses or is away. */
export function hubPublisher(env: Pick<EdgeEnv, "HUB" | "SUPABASE_SECRET_KEY">): Publisher {
  return async (message) => {
    if (!env.SUPABASE_SECRET_KEY) return;
    if ((message.updates?.length ?? 0) === 0 && (message.pokes?.length ?? 0) === 0) return;
    try {
      const res = await env.HUB.fetch(`https://hub.internal${HUB_INTERNAL_PUBLISH_PATH}`, {
        method: "POST",
        headers: { "content-type": "application/json", authorization: `Bearer ${env.SUPABASE_SECRET_KEY}` },
        body: JSON.stringify(message),
      });
      if (res.status !== 202) console.warn(`[inbox-live] the hub answered ${res.status} to a publish`);
    } catch (err) {
      console.warn("[inbox-live] publishing to the hub failed", err);
    }
  };
}

const notificationRows = z.array(z.object({ id: z.string(), user_id: z.string(), kind: z.string() }));

/**
 * An inbox record the server created or changed: its id to every staff tab, and a poke to each
 * person the database notified about it since `since` (the insert's or the change's notifications).
 */
export async function announceRecord(
  env: Pick<EdgeEnv, "HUB" | "SUPABASE_SECRET_KEY" | "SUPABASE_URL">,
  table: string,
  id: string,
  action: "created" | "updated",
  since: Date,
  publish: Publisher = hubPublisher(env),
): Promise<void> {
  if (!env.SUPABASE_SECRET_KEY) return;
  let pokes: HubInternalPublish["pokes"] = [];
  try {
    const { data, error } = await serviceDb(env)
      .from("notifications")
      .select("id, user_id, kind")
      .eq("record_table", table)
      .eq("record_id", id)
      .gte("created_at", new Date(since.getTime() - 1000).toISOString())
      .limit(100);
    if (error) throw new Error(error.message);
    pokes = notificationRows
      .parse(data)
      .map((n) => ({ userId: n.user_id, notificationId: n.id, kind: n.kind }));
  } catch (err) {
    console.warn(`[inbox-live] reading the notifications of ${table} ${id} failed`, err);
  }
  await publish({ updates: [{ module: "inbox", action, ids: [id] }], pokes });
}
