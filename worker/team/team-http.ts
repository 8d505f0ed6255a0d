/**
 * What the team endpoints share: the admin check (the edge's one verifier — JWKS, live session,
 * the AAL rule, an active admin), the admin's own database client (their token: RLS, the
 * database's guards and the audit log see the admin), and answers in one shape.
 */
import type { Context } from "hono";
import { restClient, type RestClient } from "#core/rest-client.ts";
import type { TeamApiError } from "#core/team/team-schema.ts";
import { bearerToken, type AdminCheck } from "../admin-auth.ts";
import type { EdgeContext, EdgeEnv } from "../env.ts";

export interface TeamRoutesDeps {
  verifyAdmin: (ctx: EdgeContext, token: string | null, roles: readonly string[]) => Promise<AdminCheck>;
}

export type TeamEnv = { Bindings: EdgeEnv; Variables: { edge: EdgeContext } };
export type TeamContext = Context<TeamEnv>;

type Status = 400 | 401 | 403 | 404 | 409 | 410 | 415 | 503;

export function refuse(c: TeamContext, status: Status, body: TeamApiError) {
  if (status === 401) c.header("WWW-Authenticate", 'Bearer realm="team"');
  if (status === 503) c.header("Retry-After", "10");
  return c.json(body, status, { "cache-control": "no-store" });
}

export interface AdminCall {
  adminId: string;
  token: string;
  /** The database as the admin. */
  db: RestClient;
  /** The secret key, for what only it may do (auth admin API, ending sessions). */
  key: string;
}

/** The admin behind the request and their JSON body, or the refusal to send. */
export async function adminRequest(
  c: TeamContext,
  deps: TeamRoutesDeps,
  withBody: boolean,
): Promise<{ ok: true; call: AdminCall; body: unknown } | { ok: false; res: Response }> {
  const token = bearerToken(c.req.header("authorization"));
  const check = await deps.verifyAdmin(c.var.edge, token, ["admin"]);
  if (!check.ok)
    return { ok: false, res: refuse(c, check.status, { error: check.code, message: check.message }) };
  const key = c.env.SUPABASE_SECRET_KEY;
  if (!key)
    return {
      ok: false,
      res: refuse(c, 503, {
        error: "not_configured",
        message: "The edge has no secret key: try again later",
      }),
    };
  let body: unknown = undefined;
  if (withBody) {
    if (!(c.req.header("content-type") ?? "").toLowerCase().startsWith("application/json"))
      return { ok: false, res: refuse(c, 415, { error: "unsupported_media_type", message: "Send JSON" }) };
    body = await c.req.json().catch(() => undefined);
  }
  const db = restClient(c.env.SUPABASE_URL, c.env.SUPABASE_PUBLISHABLE_KEY, { accessToken: token! });
  return { ok: true, call: { adminId: check.userId, token: token!, db, key }, body };
}

/** A database error of an admin's call, as the team API answers it. */
export function databaseRefusal(
  c: TeamContext,
  error: { code?: string; message: string },
  field?: string,
): Response {
  switch (error.code) {
    case "PT409":
      return refuse(c, 409, { error: "conflict", message: error.message, field });
    case "PT404":
      return refuse(c, 404, { error: "not_found", message: error.message });
    case "42501":
      return refuse(c, 403, { error: "forbidden", message: error.message });
    case "22023":
      return refuse(c, 400, { error: "invalid_request", message: error.message, field });
    case "23503":
      return refuse(c, 400, { error: "invalid_request", message: "Unknown branch", field: "branchId" });
    default:
      console.error("[team] database:", error.code, error.message);
      return refuse(c, 503, {
        error: "database_unavailable",
        message: "The database is unreachable; try again",
      });
  }
}

export function firstIssue(issues: ReadonlyArray<{ path: PropertyKey[]; message: string }>) {
  const i = issues[0];
  return {
    field: i?.path[0] === undefined ? undefined : String(i.path[0]),
    message: i?.message ?? "Invalid",
  };
}
