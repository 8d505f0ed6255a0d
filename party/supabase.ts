/**
 * The hub's dealings with Supabase, always on behalf of the connected user:
 * - who the user is: core's one access-token verifier (JWKS, issuer, audience, expiry, a live
 *   session, the AAL rule) plus the role and profile read with the user's token; an account
 *   without a back-office role is let in only as a partner — the one partner row RLS shows it
 *   (private.current_partner_id: partner role, an active partner, the AAL its factors require);
 * - team_messages writes through the Data API (postgrest-js typed with the generated Database)
 *   WITH THE USER'S TOKEN, so row-level security decides exactly as it does for the SPA.
 */
import { AccessTokenError, type AccessTokenErrorCode } from "#core/auth/access-token.ts";
import { verifySessionWithRole, type SupabaseTarget } from "#core/auth/session-role.ts";
import { restClient } from "#core/rest-client.ts";
import type { Role } from "#core/roles.ts";
import { teamMessageRowSchema, type TeamMessageRow, type UserProfile } from "#core/schemas/hub.ts";

export type { SupabaseTarget };

export interface VerifiedUser {
  userId: string;
  /** Token expiry, seconds since the epoch. */
  exp: number;
  /** The back-office role; null for a partner account. */
  role: Role | null;
  /** The partner a collaboration-portal account belongs to; null for staff and admins. */
  partnerId: string | null;
  profile: UserProfile;
}

export type HubAuthErrorCode = "auth_failed" | "forbidden" | "session_ended" | "unavailable";

export class HubAuthError extends Error {
  constructor(
    message: string,
    readonly code: HubAuthErrorCode,
  ) {
    super(message);
    this.name = "HubAuthError";
  }
}

const AUTH_ERROR_CODES: Record<AccessTokenErrorCode, HubAuthErrorCode> = {
  missing_token: "auth_failed",
  invalid_token: "auth_failed",
  session_ended: "session_ended",
  aal2_required: "forbidden",
  two_factor_enrolment_required: "forbidden",
  auth_unavailable: "unavailable",
};

/** Verifies the token and loads the user's role; throws HubAuthError when refused or unreachable. */
export async function verifyUser(target: SupabaseTarget, token: string): Promise<VerifiedUser> {
  let session;
  try {
    session = await verifySessionWithRole(target, token);
  } catch (err) {
    if (err instanceof AccessTokenError) throw new HubAuthError(err.message, AUTH_ERROR_CODES[err.code]);
    throw err;
  }
  if (session.role)
    return {
      userId: session.userId,
      exp: session.exp,
      role: session.role,
      partnerId: null,
      profile: session.profile,
    };
  const partnerId = await partnerOf(target, token);
  if (!partnerId)
    throw new HubAuthError("Only staff, admins and partners may use the realtime hub", "forbidden");
  return { userId: session.userId, exp: session.exp, role: null, partnerId, profile: session.profile };
}

/** The partner whose row the token's RLS shows (a partner account sees its own only), else null. */
async function partnerOf(target: SupabaseTarget, token: string): Promise<string | null> {
  let result;
  try {
    result = await asUser(target, token).from("partners").select("id").limit(2);
  } catch {
    throw new HubAuthError("The database is unreachable; try again", "unavailable");
  }
  if (result.error)
    throw new HubAuthError(
      `Partner lookup failed (${result.status}): ${result.error.message}`,
      "unavailable",
    );
  const rows = result.data ?? [];
  return rows.length === 1 ? rows[0]!.id : null;
}

export type WriteResult =
  | { ok: true; row: TeamMessageRow }
  | { ok: false; status: number; code: string | null; message: string };

interface Answer {
  data: unknown;
  error: { code?: string; message: string } | null;
  status: number;
}

/** One row or why not; zero rows from an update/delete: RLS hid the row (not yours) or it is gone. */
function single({ data, error, status }: Answer): WriteResult {
  if (error)
    return { ok: false, status, code: error.code || null, message: error.message || `HTTP ${status}` };
  const rows = teamMessageRowSchema.array().safeParse(data);
  if (!rows.success)
    return { ok: false, status: 502, code: null, message: "Unexpected response from the Data API" };
  const row = rows.data[0];
  if (!row) return { ok: false, status: 404, code: "not_found", message: "Message not found or not yours" };
  return { ok: true, row };
}

const asUser = (target: SupabaseTarget, token: string) =>
  restClient(target.url, target.publishableKey, { accessToken: token });

export async function insertTeamMessage(
  target: SupabaseTarget,
  token: string,
  values: { id?: string; user_id: string; message: string; channel_id: string; reply_to_id: string | null },
): Promise<WriteResult> {
  return single(await asUser(target, token).from("team_messages").insert(values).select());
}

export async function selectTeamMessage(
  target: SupabaseTarget,
  token: string,
  id: string,
): Promise<WriteResult> {
  return single(await asUser(target, token).from("team_messages").select().eq("id", id));
}

export async function updateTeamMessage(
  target: SupabaseTarget,
  token: string,
  filter: { id: string; channel_id: string; user_id: string },
  message: string,
): Promise<WriteResult> {
  return single(
    await asUser(target, token)
      .from("team_messages")
      .update({ message, is_edited: true, updated_at: new Date().toISOString() })
      .match(filter)
      .select(),
  );
}

export async function deleteTeamMessage(
  target: SupabaseTarget,
  token: string,
  filter: { id: string; channel_id: string; user_id: string },
): Promise<WriteResult> {
  return single(await asUser(target, token).from("team_messages").delete().match(filter).select());
}
