/**
 * POST /api/money/live (core/money/money-live.ts): a staff member's tab announces the money
 * records it just wrote, and admins' open finance screens refetch. Checked before anything is
 * relayed: a live staff/admin session (the edge's one verifier), a strict body of kinds and ids,
 * and — read with the secret key — an audit row of each id written by this very user within
 * MONEY_LIVE_WINDOW_MS; otherwise 403 and nothing is sent. Then the hub's internal publish relays a
 * financial_update to the roles core's REALTIME_MODULES gives "finances" (admins only).
 */
import { Hono, type Context } from "hono";
import {
  MONEY_LIVE_MAX_BYTES,
  MONEY_LIVE_PATH,
  MONEY_LIVE_TABLES,
  MONEY_LIVE_WINDOW_MS,
  moneyLiveRequestSchema,
  unprovenIds,
} from "#core/money/money-live.ts";
import { bearerToken, type AdminCheck } from "../admin-auth.ts";
import type { EdgeContext, EdgeEnv } from "../env.ts";
import { jsonBody } from "../json-body.ts";
import { hubPublisher, type Publisher } from "../inbox-live.ts";
import { serviceDb } from "../lib/service-db.ts";

export interface MoneyLiveDeps {
  verifyAdmin: (ctx: EdgeContext, token: string | null, roles: readonly string[]) => Promise<AdminCheck>;
  /** The hub relay; the real one (HUB binding, secret key) unless a test gives another. */
  publish?: (env: EdgeEnv) => Publisher;
  now?: () => Date;
}

type RoutesEnv = { Bindings: EdgeEnv; Variables: { edge: EdgeContext } };

export function moneyLiveRoutes(deps: MoneyLiveDeps): Hono<RoutesEnv> {
  const app = new Hono<RoutesEnv>();
  const now = deps.now ?? (() => new Date());
  app.post(MONEY_LIVE_PATH, async (c: Context<RoutesEnv>) => {
    const check = await deps.verifyAdmin(c.var.edge, bearerToken(c.req.header("authorization")), [
      "staff",
      "admin",
    ]);
    if (!check.ok) return c.json({ error: check.code, message: check.message }, check.status);
    const read = await jsonBody(c, MONEY_LIVE_MAX_BYTES);
    if (!read.ok) return read.res;
    const parsed = moneyLiveRequestSchema.safeParse(read.body);
    if (!parsed.success)
      return c.json(
        { error: "invalid_body", message: parsed.error.issues[0]?.message ?? "Invalid body" },
        400,
      );
    const { action, ids } = parsed.data;
    if (!c.env.SUPABASE_SECRET_KEY)
      return c.json(
        { error: "not_configured", message: "Live money updates need the server's secret key" },
        503,
      );
    const { data, error } = await serviceDb(c.env)
      .from("audit_log")
      .select("record_id")
      .eq("actor_id", check.userId)
      .in("table_name", [...MONEY_LIVE_TABLES])
      .in("record_id", ids)
      .gte("created_at", new Date(now().getTime() - MONEY_LIVE_WINDOW_MS).toISOString());
    if (error)
      return c.json({ error: "unavailable", message: "Could not check the records just now" }, 503, {
        "Retry-After": "10",
      });
    const unproven = unprovenIds(
      ids,
      ((data ?? []) as { record_id: string }[]).map((r) => r.record_id),
    );
    if (unproven.length)
      return c.json(
        {
          error: "forbidden",
          message: `You did not just change ${unproven.length === 1 ? "this record" : `${unproven.length} of these records`}`,
        },
        403,
      );
    await (deps.publish ?? hubPublisher)(c.env)({ updates: [{ module: "finances", action, ids }] });
    return c.json({ relayed: ids.length }, 202);
  });
  return app;
}
