/**
 * The hub's internal publish route (core/schemas/hub-internal.ts): the edge worker, holding the
 * Supabase secret key, asks the hub to relay record updates and notification pokes that started on
 * the server (a visitor's form, a background job). Checked twice — by the hub worker before a
 * Durable Object is touched, and by the object itself — and never reachable without the key.
 */
import {
  HUB_INTERNAL_MAX_BYTES,
  HUB_SYSTEM_PROFILE,
  HUB_SYSTEM_SENDER,
  hubInternalPublishSchema,
} from "#core/schemas/hub-internal.ts";
import { domainUpdateFrame, mayReceiveModule, type HubFrame } from "#core/schemas/hub.ts";
import type { Role } from "#core/roles.ts";
import type { HubEnv } from "./env.ts";

export type Deliver = (
  frame: HubFrame,
  may: (s: { readonly userId: string; readonly role: Role | null }) => boolean,
  /** Re-check each recipient's rights now, however recent the last check. */
  fresh?: boolean,
) => Promise<void>;

function json(body: unknown, status: number): Response {
  return Response.json(body, { status, headers: { "cache-control": "no-store" } });
}

function sameSecret(a: string, b: string): boolean {
  const x = new TextEncoder().encode(a);
  const y = new TextEncoder().encode(b);
  let diff = x.length ^ y.length;
  for (let i = 0; i < Math.max(x.length, y.length); i++) diff |= (x[i] ?? 0) ^ (y[i] ?? 0);
  return diff === 0;
}

/** The refusal for a request without the secret key, or null when it carries it. */
export function refuseUnlessSecret(
  request: Request,
  env: Pick<HubEnv, "SUPABASE_SECRET_KEY">,
): Response | null {
  if (request.method !== "POST") return json({ error: "method_not_allowed" }, 405);
  const secret = env.SUPABASE_SECRET_KEY;
  if (!secret)
    return json(
      { error: "not_configured", message: "The hub has no SUPABASE_SECRET_KEY: server publishing is off" },
      503,
    );
  const given = /^Bearer (.+)$/.exec(request.headers.get("authorization") ?? "")?.[1] ?? "";
  if (!given || !sameSecret(given, secret)) return json({ error: "forbidden" }, 403);
  return null;
}

/** Parses and relays one publish request through the hub's own delivery (rights re-checks included). */
export async function handleInternalPublish(
  request: Request,
  env: HubEnv,
  deliver: Deliver,
): Promise<Response> {
  const refused = refuseUnlessSecret(request, env);
  if (refused) return refused;
  const text = await request.text();
  if (new TextEncoder().encode(text).byteLength > HUB_INTERNAL_MAX_BYTES)
    return json({ error: "too_large" }, 413);
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return json({ error: "invalid_json" }, 400);
  }
  const parsed = hubInternalPublishSchema.safeParse(body);
  if (!parsed.success)
    return json({ error: "invalid_body", message: parsed.error.issues[0]?.message ?? "invalid" }, 400);
  const { updates, pokes } = parsed.data;
  for (const u of updates) {
    const frame = {
      ...domainUpdateFrame(u.module, u.action, u.ids),
      fromUserId: HUB_SYSTEM_SENDER,
    } as HubFrame;
    await deliver(frame, (s) => mayReceiveModule(s.role, u.module));
  }
  for (const p of pokes) {
    const frame: HubFrame = {
      type: "notification",
      targetUserId: p.userId,
      fromUserId: HUB_SYSTEM_SENDER,
      from: { ...HUB_SYSTEM_PROFILE },
      kind: p.kind ?? null,
      notificationId: p.notificationId ?? null,
    };
    // A server's poke may follow a change of the target's own rights (a forced sign-out ended
    // their sessions): their sockets are re-checked now, not trusted for the rest of the TTL.
    await deliver(frame, (s) => s.userId === p.userId, true);
  }
  return json({ relayed: { updates: updates.length, pokes: pokes.length } }, 202);
}
