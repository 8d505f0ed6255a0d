/**
 * Who may kick the job runner: any signed-in back-office user (staff or admin). One call,
 * `verifyBackOfficeUser`, so it can switch to core's single access-token verifier
 * (`verifySessionWithRole` + `isBackOfficeRole`) when that lands, without touching the route.
 *
 * Until then the token is checked by the auth server itself — GET /auth/v1/user answers only for
 * a genuine, unexpired token whose session still exists (a forged or signed-out token gets 401/403)
 * — then the AAL rule (a user with a verified factor must hold an aal2 token), then the role from
 * `profiles` read WITH THE USER'S TOKEN, so RLS answers as it does for the SPA.
 */
import { PostgrestClient } from "@supabase/postgrest-js";
import { decodeJwt } from "jose";
import { z } from "zod";
import { isBackOfficeRole, type Role } from "#core/roles.ts";

export type BackOfficeCheck =
  | { ok: true; userId: string; role: Role }
  | { ok: false; status: 401 | 403 | 503; code: "missing_token" | "invalid_token" | "aal2_required" | "forbidden" | "auth_unavailable"; message: string };

const sessionUserSchema = z.object({ id: z.string().min(1), factors: z.array(z.object({ status: z.string() })).nullish() });
const authErrorSchema = z.object({ msg: z.string().optional(), message: z.string().optional() }).loose();

export async function verifyBackOfficeUser(
  target: { supabaseUrl: string; publishableKey: string },
  token: string | null,
  fetchImpl: typeof fetch = (input, init) => fetch(input, init),
): Promise<BackOfficeCheck> {
  if (!token) return { ok: false, status: 401, code: "missing_token", message: "Sign in first (Authorization: Bearer <access token>)" };
  const url = target.supabaseUrl.replace(/\/+$/, "");
  let res: Response;
  try {
    res = await fetchImpl(`${url}/auth/v1/user`, { headers: { apikey: target.publishableKey, Authorization: `Bearer ${token}` }, signal: AbortSignal.timeout(5_000) });
  } catch {
    return { ok: false, status: 503, code: "auth_unavailable", message: "The sign-in service is unreachable; try again" };
  }
  if (res.status >= 500) return { ok: false, status: 503, code: "auth_unavailable", message: `The sign-in service failed (${res.status}); try again` };
  const body: unknown = await res.json().catch(() => null);
  if (!res.ok) {
    const err = authErrorSchema.safeParse(body);
    const detail = err.success ? (err.data.msg ?? err.data.message) : undefined;
    return { ok: false, status: 401, code: "invalid_token", message: `Invalid or ended session${detail ? `: ${detail}` : ""}` };
  }
  const user = sessionUserSchema.safeParse(body);
  if (!user.success) return { ok: false, status: 503, code: "auth_unavailable", message: "The sign-in service answered in an unexpected shape" };

  // The auth server has just accepted this token, so reading its claims without a second check is safe.
  const aal = (() => {
    try {
      return decodeJwt(token).aal;
    } catch {
      return undefined;
    }
  })();
  if (user.data.factors?.some((f) => f.status === "verified") && aal !== "aal2")
    return { ok: false, status: 403, code: "aal2_required", message: "Complete two-factor sign-in first" };

  const profiles = new PostgrestClient(`${url}/rest/v1`, {
    headers: { apikey: target.publishableKey, Authorization: `Bearer ${token}` },
    fetch: fetchImpl,
    retry: false,
  });
  let role: string | null | undefined;
  try {
    const { data, error } = await profiles.from("profiles").select("role").eq("user_id", user.data.id).maybeSingle();
    if (error) return { ok: false, status: 503, code: "auth_unavailable", message: `Profile lookup failed: ${error.message}` };
    role = z.object({ role: z.string().nullable() }).nullable().parse(data)?.role;
  } catch {
    return { ok: false, status: 503, code: "auth_unavailable", message: "The database is unreachable; try again" };
  }
  if (!isBackOfficeRole(role)) return { ok: false, status: 403, code: "forbidden", message: "Only staff and admins may run background jobs" };
  return { ok: true, userId: user.data.id, role };
}
