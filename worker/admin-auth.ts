/**
 * Admin check for privileged edge endpoints (sitemap regeneration): the Supabase access token is
 * verified with jose against the project's JWKS (signature, iss, aud, exp), then the role is read
 * from `profiles` WITH THE USER'S TOKEN, so RLS answers exactly as it does for the SPA.
 */
import { createRemoteJWKSet, jwtVerify, type JWTVerifyGetKey } from "jose";
import { z } from "zod";

export type AdminCheck =
  | { ok: true; userId: string }
  | { ok: false; status: 401 | 403 | 503; code: "missing_token" | "invalid_token" | "forbidden" | "auth_unavailable"; message: string };

const jwksCache = new Map<string, JWTVerifyGetKey>();
function jwksFor(supabaseUrl: string): JWTVerifyGetKey {
  let jwks = jwksCache.get(supabaseUrl);
  if (!jwks) {
    jwks = createRemoteJWKSet(new URL(`${supabaseUrl}/auth/v1/.well-known/jwks.json`), {
      cooldownDuration: 30_000,
      cacheMaxAge: 10 * 60_000,
      timeoutDuration: 5_000,
    });
    jwksCache.set(supabaseUrl, jwks);
  }
  return jwks;
}

const claimsSchema = z.object({ sub: z.string().min(1), role: z.string().optional() });
const profileRows = z.array(z.object({ role: z.string().nullable() }));

export function bearerToken(header: string | undefined | null): string | null {
  const m = header?.match(/^Bearer\s+(\S+)$/i);
  return m?.[1] ?? null;
}

function isNetworkError(err: unknown): boolean {
  const code = (err as { code?: string } | null)?.code;
  return code === "ERR_JWKS_TIMEOUT" || (err instanceof TypeError && /fetch|network|connect/i.test(err.message));
}

/** Verifies the token and that its user's role is one of `roles` (admins only by default). */
export async function verifyAdmin(target: { supabaseUrl: string; publishableKey: string }, token: string | null, roles: readonly string[] = ["admin"]): Promise<AdminCheck> {
  if (!token) return { ok: false, status: 401, code: "missing_token", message: "Sign in as an admin (Authorization: Bearer <access token>)" };
  let sub: string;
  try {
    const { payload } = await jwtVerify(token, jwksFor(target.supabaseUrl), {
      issuer: `${target.supabaseUrl}/auth/v1`,
      audience: "authenticated",
      requiredClaims: ["exp", "sub"],
      algorithms: ["ES256", "RS256", "EdDSA"],
    });
    const claims = claimsSchema.parse(payload);
    if (claims.role !== undefined && claims.role !== "authenticated")
      return { ok: false, status: 401, code: "invalid_token", message: "Not a user session" };
    sub = claims.sub;
  } catch (err) {
    if (isNetworkError(err)) return { ok: false, status: 503, code: "auth_unavailable", message: "The sign-in service is unreachable; try again" };
    return { ok: false, status: 401, code: "invalid_token", message: `Invalid access token: ${err instanceof Error ? err.message : String(err)}` };
  }
  let res: Response;
  try {
    res = await fetch(`${target.supabaseUrl}/rest/v1/profiles?select=role&user_id=eq.${encodeURIComponent(sub)}`, {
      headers: { apikey: target.publishableKey, Authorization: `Bearer ${token}`, Accept: "application/json" },
    });
  } catch {
    return { ok: false, status: 503, code: "auth_unavailable", message: "The database is unreachable; try again" };
  }
  if (res.status >= 500) return { ok: false, status: 503, code: "auth_unavailable", message: `Profile lookup failed (${res.status})` };
  if (!res.ok) return { ok: false, status: 403, code: "forbidden", message: `Profile lookup refused (${res.status})` };
  const rows = profileRows.safeParse(await res.json().catch(() => null));
  const role = rows.success ? rows.data[0]?.role : undefined;
  if (!role || !roles.includes(role)) return { ok: false, status: 403, code: "forbidden", message: `Only ${roles.join(" and ")} users may regenerate sitemaps` };
  return { ok: true, userId: sub };
}
