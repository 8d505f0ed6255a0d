/**
 * Admin actions on members, at the edge only (the SPA never holds the secret key):
 *   PATCH /api/team/members/:id            {role, branchId, expectedUpdatedAt} — role (admin, staff, none) and branch
 *   POST  /api/team/members/:id/deactivate {handTo, expectedUpdatedAt} — deactivation and hand-over in one
 *         transaction (public.deactivate_member, as the admin), then every session ended and sign-in barred
 *   POST  /api/team/members/:id/reactivate — access restored, sign-in allowed again
 *   POST  /api/team/members/:id/sign-out   — every session of the member ended (all devices), the
 *         admin named in the audit log (profiles.signed_out_at stamped with their token)
 * The database writes run with the admin's own token, so RLS, the last-admin guard, the hand-over
 * rule and the audit log (naming the admin) all apply; only ending sessions and the sign-in bar
 * need the secret key. Answers: 200 · 400 {error, message, field} · 401/403 · 404 · 409 (changed
 * meanwhile, the last admin) · 415 · 503.
 */
import { Hono } from "hono";
import { z } from "zod";
import { deactivateRequestSchema, memberUpdateSchema, TEAM_API } from "#core/team/team-schema.ts";
import { AuthAdminError, setBan } from "../auth-admin-api.ts";
import { hubPublisher } from "../inbox-live.ts";
import { serviceDb } from "../lib/service-db.ts";
import {
  adminRequest,
  databaseRefusal,
  firstIssue,
  refuse,
  type AdminCall,
  type TeamContext,
  type TeamEnv,
  type TeamRoutesDeps,
} from "./team-http.ts";

const movedSchema = z.array(z.object({ module: z.string(), moved: z.coerce.number() }));

/**
 * Ends every session of the member, then pokes them through the hub: the hub confirms a
 * recipient's rights before delivering, finds the session gone and closes their sockets.
 */
async function endSessions(c: TeamContext, member: string): Promise<number> {
  const { data, error } = await serviceDb(c.env).rpc("end_member_sessions", { member });
  if (error) throw new Error(`end_member_sessions: ${error.message}`);
  c.executionCtx.waitUntil(hubPublisher(c.env)({ pokes: [{ userId: member }] }));
  return Number(data ?? 0);
}

async function bar(
  c: TeamContext,
  call: AdminCall,
  member: string,
  barred: boolean,
): Promise<Response | null> {
  try {
    await setBan(c.env, call.key, member, barred);
    return null;
  } catch (err) {
    if (!(err instanceof AuthAdminError)) throw err;
    console.error(`[team] ban ${member}: ${err.status} ${err.code} ${err.message}`);
    return err.status === 404
      ? refuse(c, 404, { error: "not_found", message: "This member has no account any more" })
      : refuse(c, 503, {
          error: "auth_unavailable",
          message: "The sign-in service is unavailable; try again",
        });
  }
}

const memberId = z.uuid();

export function memberRoutes(deps: TeamRoutesDeps): Hono<TeamEnv> {
  const app = new Hono<TeamEnv>();

  app.patch(`${TEAM_API}/members/:id`, async (c) => {
    const r = await adminRequest(c, deps, true);
    if (!r.ok) return r.res;
    const id = memberId.safeParse(c.req.param("id"));
    if (!id.success) return refuse(c, 404, { error: "not_found", message: "No such team member" });
    const parsed = memberUpdateSchema.safeParse(r.body);
    if (!parsed.success)
      return refuse(c, 400, { error: "invalid_request", ...firstIssue(parsed.error.issues) });
    const { role, branchId, expectedUpdatedAt } = parsed.data;
    if (branchId) {
      const branch = await r.call.db.from("branches").select("id").eq("id", branchId).maybeSingle();
      if (branch.error) return databaseRefusal(c, branch.error);
      if (!branch.data)
        return refuse(c, 400, { error: "invalid_request", message: "Unknown branch", field: "branchId" });
    }
    const { data, error } = await r.call.db
      .from("profiles")
      .update({ role, branch_id: branchId })
      .eq("user_id", id.data)
      .eq("updated_at", expectedUpdatedAt)
      .select("user_id, role, branch_id, updated_at");
    if (error) return databaseRefusal(c, error, "role");
    if (!data.length) {
      const exists = await r.call.db.from("profiles").select("user_id").eq("user_id", id.data).maybeSingle();
      if (exists.error) return databaseRefusal(c, exists.error);
      return exists.data
        ? refuse(c, 409, {
            error: "stale",
            message: "Someone changed this member meanwhile: reload and try again",
          })
        : refuse(c, 404, { error: "not_found", message: "No such team member" });
    }
    return c.json({ member: data[0] }, 200, { "cache-control": "no-store" });
  });

  app.post(`${TEAM_API}/members/:id/deactivate`, async (c) => {
    const r = await adminRequest(c, deps, true);
    if (!r.ok) return r.res;
    const id = memberId.safeParse(c.req.param("id"));
    if (!id.success) return refuse(c, 404, { error: "not_found", message: "No such team member" });
    const parsed = deactivateRequestSchema.safeParse(r.body);
    if (!parsed.success)
      return refuse(c, 400, { error: "invalid_request", ...firstIssue(parsed.error.issues) });
    const { data, error } = await r.call.db.rpc("deactivate_member", {
      member: id.data,
      hand_to: parsed.data.handTo as string,
      seen_updated_at: parsed.data.expectedUpdatedAt,
    });
    if (error) return databaseRefusal(c, error, error.code === "22023" ? "handTo" : undefined);
    const moved = movedSchema.parse(data ?? []);
    const barred = await bar(c, r.call, id.data, true);
    if (barred) return barred;
    const sessionsEnded = await endSessions(c, id.data);
    return c.json({ deactivated: true, moved, sessionsEnded }, 200, { "cache-control": "no-store" });
  });

  app.post(`${TEAM_API}/members/:id/reactivate`, async (c) => {
    const r = await adminRequest(c, deps, false);
    if (!r.ok) return r.res;
    const id = memberId.safeParse(c.req.param("id"));
    if (!id.success) return refuse(c, 404, { error: "not_found", message: "No such team member" });
    const { data, error } = await r.call.db
      .from("profiles")
      .update({ deactivated_at: null })
      .eq("user_id", id.data)
      .select("user_id, updated_at");
    if (error) return databaseRefusal(c, error);
    if (!data.length) return refuse(c, 404, { error: "not_found", message: "No such team member" });
    const barred = await bar(c, r.call, id.data, false);
    if (barred) return barred;
    return c.json({ reactivated: true }, 200, { "cache-control": "no-store" });
  });

  app.post(`${TEAM_API}/members/:id/sign-out`, async (c) => {
    const r = await adminRequest(c, deps, false);
    if (!r.ok) return r.res;
    const id = memberId.safeParse(c.req.param("id"));
    if (!id.success) return refuse(c, 404, { error: "not_found", message: "No such team member" });
    // Stamped with the admin's token first: RLS decides whom they may sign out (only members they
    // can see) and the audit log records the sign-out with the admin as actor.
    const stamped = await r.call.db
      .from("profiles")
      .update({ signed_out_at: new Date().toISOString() })
      .eq("user_id", id.data)
      .select("user_id");
    if (stamped.error) return databaseRefusal(c, stamped.error);
    if (!stamped.data.length) return refuse(c, 404, { error: "not_found", message: "No such team member" });
    const sessionsEnded = await endSessions(c, id.data);
    return c.json({ sessionsEnded }, 200, { "cache-control": "no-store" });
  });

  return app;
}
