/**
 * The hub's two dealings with Supabase, always on behalf of the connected user:
 * - verify the access token against the project's JWKS (jose; iss, aud, exp checked);
 * - read the user's profile and write team_messages through the Data API (PostgREST) WITH THE
 *   USER'S TOKEN, so row-level security decides exactly as it does for the SPA.
 */
import { createRemoteJWKSet, jwtVerify, type JWTVerifyGetKey } from "jose";
import { z } from "zod";
import { isBackOfficeRole, type Role } from "#core/roles.ts";
import {
  teamMessageRowSchema,
  userProfileSchema,
  type TeamMessageRow,
  type UserProfile,
} from "#core/schemas/hub.ts";

export interface SupabaseTarget {
  url: string;
  publishableKey: string;
}

export interface VerifiedUser {
  userId: string;
  /** Token expiry, seconds since the epoch. */
  exp: number;
  role: Role;
  profile: UserProfile;
}

export class HubAuthError extends Error {
  constructor(
    message: string,
    readonly code: "auth_failed" | "forbidden",
  ) {
    super(message);
    this.name = "HubAuthError";
  }
}

/** JWKS per project URL, cached for the isolate's life (jose refetches on unknown `kid`). */
const jwksCache = new Map<string, JWTVerifyGetKey>();
function jwksFor(url: string): JWTVerifyGetKey {
  let jwks = jwksCache.get(url);
  if (!jwks) {
    jwks = createRemoteJWKSet(new URL(`${url}/auth/v1/.well-known/jwks.json`), {
      cooldownDuration: 30_000,
      cacheMaxAge: 10 * 60_000,
      timeoutDuration: 5_000,
    });
    jwksCache.set(url, jwks);
  }
  return jwks;
}

const claimsSchema = z.object({
  sub: z.string().min(1),
  exp: z.number(),
  role: z.string().optional(),
  aal: z.string().optional(),
});

/** GET /auth/v1/user: only the factors matter here. */
const authUserSchema = z.object({
  factors: z.array(z.object({ status: z.string(), factor_type: z.string().optional() })).nullish(),
});

const profileRowSchema = userProfileSchema.extend({ role: z.string().nullable() });

function headers(target: SupabaseTarget, token: string, extra?: Record<string, string>): Headers {
  const h = new Headers({ apikey: target.publishableKey, Authorization: `Bearer ${token}`, Accept: "application/json" });
  for (const [k, v] of Object.entries(extra ?? {})) h.set(k, v);
  return h;
}

/** Verifies the token and loads the user's role; throws HubAuthError when refused. */
export async function verifyUser(target: SupabaseTarget, token: string): Promise<VerifiedUser> {
  let claims: z.infer<typeof claimsSchema>;
  try {
    const { payload } = await jwtVerify(token, jwksFor(target.url), {
      issuer: `${target.url}/auth/v1`,
      audience: "authenticated",
      requiredClaims: ["exp", "sub"],
      algorithms: ["ES256", "RS256", "EdDSA"],
    });
    claims = claimsSchema.parse(payload);
  } catch (err) {
    const reason = err instanceof Error ? err.message : String(err);
    throw new HubAuthError(`Invalid access token: ${reason}`, "auth_failed");
  }
  if (claims.role !== undefined && claims.role !== "authenticated") {
    throw new HubAuthError("Invalid access token: not a user session", "auth_failed");
  }
  // Role from the user's own profile; factors from the auth user. Both read with the user's token.
  const [res, userRes] = await Promise.all([
    fetch(
      `${target.url}/rest/v1/profiles?select=role,first_name,last_name,avatar_url&user_id=eq.${encodeURIComponent(claims.sub)}`,
      { headers: headers(target, token) },
    ),
    fetch(`${target.url}/auth/v1/user`, { headers: headers(target, token) }),
  ]);
  if (!res.ok) throw new HubAuthError(`Profile lookup failed (${res.status})`, "auth_failed");
  if (!userRes.ok) throw new HubAuthError(`Session lookup failed (${userRes.status})`, "auth_failed");
  const rows = z.array(profileRowSchema).safeParse(await res.json());
  if (!rows.success) throw new HubAuthError("Profile lookup returned an unexpected body", "auth_failed");
  const authUser = authUserSchema.safeParse(await userRes.json());
  if (!authUser.success) throw new HubAuthError("Session lookup returned an unexpected body", "auth_failed");
  // Same rule as the database's aal_ok(): a user with a verified factor must be at aal2.
  const hasVerifiedFactor = (authUser.data.factors ?? []).some((f) => f.status === "verified");
  if (hasVerifiedFactor && claims.aal !== "aal2") {
    throw new HubAuthError("Two-factor authentication is required", "forbidden");
  }
  const row = rows.data[0];
  if (!row || !isBackOfficeRole(row.role)) {
    throw new HubAuthError("Only staff and admins may use the realtime hub", "forbidden");
  }
  return {
    userId: claims.sub,
    exp: claims.exp,
    role: row.role,
    profile: { first_name: row.first_name, last_name: row.last_name, avatar_url: row.avatar_url },
  };
}

export type WriteResult =
  | { ok: true; row: TeamMessageRow }
  | { ok: false; status: number; code: string | null; message: string };

async function rowsOrError(res: Response): Promise<{ ok: true; rows: TeamMessageRow[] } | Extract<WriteResult, { ok: false }>> {
  const text = await res.text();
  let body: unknown = null;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    /* non-JSON error body */
  }
  if (!res.ok) {
    const err = z.object({ code: z.string().nullish(), message: z.string().nullish() }).safeParse(body);
    return {
      ok: false,
      status: res.status,
      code: err.success ? (err.data.code ?? null) : null,
      message: err.success && err.data.message ? err.data.message : `HTTP ${res.status}`,
    };
  }
  const rows = z.array(teamMessageRowSchema).safeParse(body);
  if (!rows.success) return { ok: false, status: 502, code: null, message: "Unexpected response from the Data API" };
  return { ok: true, rows: rows.data };
}

function single(result: Awaited<ReturnType<typeof rowsOrError>>): WriteResult {
  if (!result.ok) return result;
  const row = result.rows[0];
  // Zero rows from an update/delete: RLS hid the row (not yours, or not an admin) or it is gone.
  if (!row) return { ok: false, status: 404, code: "not_found", message: "Message not found or not yours" };
  return { ok: true, row };
}

const RETURN_ROW = { "Content-Type": "application/json", Prefer: "return=representation" };

export async function insertTeamMessage(
  target: SupabaseTarget,
  token: string,
  values: { id?: string; user_id: string; message: string; channel_id: string; reply_to_id: string | null },
): Promise<WriteResult> {
  const res = await fetch(`${target.url}/rest/v1/team_messages`, {
    method: "POST",
    headers: headers(target, token, RETURN_ROW),
    body: JSON.stringify(values),
  });
  return single(await rowsOrError(res));
}

export async function selectTeamMessage(target: SupabaseTarget, token: string, id: string): Promise<WriteResult> {
  const res = await fetch(`${target.url}/rest/v1/team_messages?select=*&id=eq.${encodeURIComponent(id)}`, {
    headers: headers(target, token),
  });
  return single(await rowsOrError(res));
}

export async function updateTeamMessage(
  target: SupabaseTarget,
  token: string,
  filter: { id: string; channel_id: string; user_id: string },
  message: string,
): Promise<WriteResult> {
  const q = `id=eq.${encodeURIComponent(filter.id)}&channel_id=eq.${encodeURIComponent(filter.channel_id)}&user_id=eq.${encodeURIComponent(filter.user_id)}`;
  const res = await fetch(`${target.url}/rest/v1/team_messages?${q}`, {
    method: "PATCH",
    headers: headers(target, token, RETURN_ROW),
    body: JSON.stringify({ message, is_edited: true, updated_at: new Date().toISOString() }),
  });
  return single(await rowsOrError(res));
}

export async function deleteTeamMessage(
  target: SupabaseTarget,
  token: string,
  filter: { id: string; channel_id: string; user_id: string },
): Promise<WriteResult> {
  const q = `id=eq.${encodeURIComponent(filter.id)}&channel_id=eq.${encodeURIComponent(filter.channel_id)}&user_id=eq.${encodeURIComponent(filter.user_id)}`;
  const res = await fetch(`${target.url}/rest/v1/team_messages?${q}`, {
    method: "DELETE",
    headers: headers(target, token, { Prefer: "return=representation" }),
  });
  return single(await rowsOrError(res));
}
