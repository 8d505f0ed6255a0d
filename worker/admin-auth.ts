/**
 * Admin check for privileged edge endpoints (sitemap regeneration): core's access-token verifier
 * (JWKS signature, issuer, audience, expiry, a live session, and the AAL rule — an admin with a
 * verified factor must be at aal2), then the role from `profiles` read WITH THE USER'S TOKEN, so
 * RLS answers exactly as it does for the SPA.
 */
import { AccessTokenError, type AccessTokenErrorCode } from "#core/auth/access-token.ts";
import { verifySessionWithRole } from "#core/auth/session-role.ts";

export type AdminCheck =
  | { ok: true; userId: string }
  | { ok: false; status: 401 | 403 | 503; code: AccessTokenErrorCode | "forbidden"; message: string };

export function bearerToken(header: string | undefined | null): string | null {
  const m = header?.match(/^Bearer\s+(\S+)$/i);
  return m?.[1] ?? null;
}

/** Verifies the session and that its user's role is one of `roles` (admins only by default). */
export async function verifyAdmin(
  target: { supabaseUrl: string; publishableKey: string },
  token: string | null,
  roles: readonly string[] = ["admin"],
): Promise<AdminCheck> {
  try {
    const session = await verifySessionWithRole(
      { url: target.supabaseUrl, publishableKey: target.publishableKey },
      token,
    );
    if (!session.role || !roles.includes(session.role))
      return {
        ok: false,
        status: 403,
        code: "forbidden",
        message: `Only ${roles.join(" and ")} users may do this`,
      };
    return { ok: true, userId: session.userId };
  } catch (err) {
    if (err instanceof AccessTokenError)
      return { ok: false, status: err.status, code: err.code, message: err.message };
    throw err;
  }
}
