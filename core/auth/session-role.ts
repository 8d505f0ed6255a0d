/**
 * A verified session plus the user's back-office role and display profile, read from `profiles`
 * WITH THE USER'S TOKEN (RLS answers exactly as for the SPA). Shared by the edge's admin
 * endpoints and the realtime hub, which then apply their own rule (admin only; staff or admin).
 */
import { isBackOfficeRole, type Role } from "../roles.ts";
import type { UserProfile } from "../schemas/hub.ts";
import { restClient } from "../rest-client.ts";
import {
  AccessTokenError,
  createAccessTokenVerifier,
  type AccessTokenVerifier,
  type VerifiedSession,
} from "./access-token.ts";

export interface SupabaseTarget {
  url: string;
  publishableKey: string;
}

export interface SessionWithRole extends VerifiedSession {
  /** profiles.role when it is a back-office role of an active member; null for everyone else. */
  role: Role | null;
  profile: UserProfile;
}

/** Verifiers per project, so the remote JWKS cache is shared within an isolate. */
const verifiers = new Map<string, AccessTokenVerifier>();
export function verifierFor(target: SupabaseTarget): AccessTokenVerifier {
  const key = `${target.url}\n${target.publishableKey}`;
  let verify = verifiers.get(key);
  if (!verify) {
    verify = createAccessTokenVerifier({ supabaseUrl: target.url, publishableKey: target.publishableKey });
    verifiers.set(key, verify);
  }
  return verify;
}

/** Throws AccessTokenError (refused, or the database unreachable: `auth_unavailable`). */
export async function verifySessionWithRole(
  target: SupabaseTarget,
  token: string | null | undefined,
  verify: AccessTokenVerifier = verifierFor(target),
): Promise<SessionWithRole> {
  const session = await verify(token);
  const db = restClient(target.url, target.publishableKey, { accessToken: token });
  let result, pending;
  try {
    [result, pending] = await Promise.all([
      db
        .from("profiles")
        .select("role,first_name,last_name,avatar_url,deactivated_at")
        .eq("user_id", session.userId)
        .maybeSingle(),
      // A user with a factor is at aal2 here already (the verifier's rule).
      session.hasVerifiedFactor ? null : db.rpc("two_factor_enrolment_pending"),
    ]);
  } catch {
    throw new AccessTokenError("auth_unavailable", "The database is unreachable; try again");
  }
  if (result.error)
    throw new AccessTokenError(
      "auth_unavailable",
      `Profile lookup failed (${result.status}): ${result.error.message}`,
    );
  if (pending?.error)
    throw new AccessTokenError(
      "auth_unavailable",
      `Two-factor policy lookup failed (${pending.status}): ${pending.error.message}`,
    );
  // The organisation's two-factor policy: a covered member without a factor does no back-office work.
  if (pending?.data === true)
    throw new AccessTokenError(
      "two_factor_enrolment_required",
      "Set up two-factor authentication first: the organisation requires it for your role",
    );
  const row = result.data;
  return {
    ...session,
    // A deactivated member keeps their row (history names them) but no role, at once.
    role: isBackOfficeRole(row?.role) && !row.deactivated_at ? row.role : null,
    profile: {
      first_name: row?.first_name ?? null,
      last_name: row?.last_name ?? null,
      avatar_url: row?.avatar_url ?? null,
    },
  };
}
