/**
 * The organisation's two-factor policy, an admin action at the edge:
 *   PUT /api/team/two-factor-policy {admins, staff} — which roles must enrol a factor
 * Written with the admin's own token: RLS (admins at the assurance level they need) and the audit
 * log (naming the admin) apply. Answers: 200 {policy} · 400 · 401/403 · 415 · 503.
 */
import { Hono } from "hono";
import { TEAM_API, twoFactorPolicySchema } from "#core/team/team-schema.ts";
import {
  adminRequest,
  databaseRefusal,
  firstIssue,
  refuse,
  type TeamEnv,
  type TeamRoutesDeps,
} from "./team-http.ts";

export function policyRoutes(deps: TeamRoutesDeps): Hono<TeamEnv> {
  const app = new Hono<TeamEnv>();

  app.put(`${TEAM_API}/two-factor-policy`, async (c) => {
    const r = await adminRequest(c, deps, true);
    if (!r.ok) return r.res;
    const parsed = twoFactorPolicySchema.safeParse(r.body);
    if (!parsed.success)
      return refuse(c, 400, { error: "invalid_request", ...firstIssue(parsed.error.issues) });
    const { data, error } = await r.call.db
      .from("organisation_settings")
      .update({ two_factor_admins: parsed.data.admins, two_factor_staff: parsed.data.staff })
      .eq("singleton", true)
      .select("two_factor_admins, two_factor_staff");
    if (error) return databaseRefusal(c, error);
    const row = data[0];
    if (!row) return refuse(c, 403, { error: "forbidden", message: "Only admins may change the policy" });
    return c.json({ policy: { admins: row.two_factor_admins, staff: row.two_factor_staff } }, 200, {
      "cache-control": "no-store",
    });
  });

  return app;
}
