/**
 * Sessions, refresh tokens and access tokens, following GoTrue's token service
 * (internal/tokens/service.go): a session per sign-in, a rotating chain of refresh tokens per
 * session (each new token's `parent` is the one it replaced), AAL/AMR computed from the
 * session's `mfa_amr_claims`, and access tokens signed with the project's ES256 key.
 */
import crypto from "node:crypto";
import type { EmulatorContext } from "../context.ts";
import type { Tx } from "../db.ts";
import { type AuthError, badRequest } from "./errors.ts";
import { findUserById, isBanned, userJson, type SessionRow, type UserRow } from "./store.ts";

export type AuthMethod = "password" | "otp" | "totp" | "recovery" | "email_change" | "token_refresh";

export interface AmrEntry {
  method: string;
  timestamp: number;
}

export interface TokenResponse {
  access_token: string;
  token_type: "bearer";
  expires_in: number;
  expires_at: number;
  refresh_token: string;
  user: Record<string, unknown>;
}

const LEGACY_REFRESH_TOKEN = /^[a-z0-9]{12}$/;
const ALPHABET = "abcdefghijklmnopqrstuvwxyz0123456789";

/** A refresh token in GoTrue's (legacy, 12 characters) format. */
function newRefreshToken(): string {
  const bytes = crypto.randomBytes(12);
  let out = "";
  for (const b of bytes) out += ALPHABET[b % ALPHABET.length];
  return out;
}

/** Token lifetime in seconds: JWT_EXPIRY (env) or [auth] jwt_expiry. */
export function jwtExpiry(ctx: EmulatorContext): number {
  const fromEnv = Number(process.env.JWT_EXPIRY);
  return Number.isFinite(fromEnv) && fromEnv > 0 ? fromEnv : ctx.config.jwtExpirySeconds;
}

async function addAmrClaim(tx: Tx, sessionId: string, method: string): Promise<void> {
  await tx.query(
    `insert into auth.mfa_amr_claims (session_id, authentication_method, created_at, updated_at)
     values ($1, $2, now(), now())
     on conflict (session_id, authentication_method) do update set updated_at = now()`,
    [sessionId, method],
  );
}

export async function aalAndAmr(
  tx: Tx,
  sessionId: string,
): Promise<{ aal: "aal1" | "aal2"; amr: AmrEntry[] }> {
  const r = await tx.query<{ authentication_method: string; updated_at: Date }>(
    `select authentication_method, updated_at from auth.mfa_amr_claims where session_id = $1`,
    [sessionId],
  );
  let aal: "aal1" | "aal2" = "aal1";
  const amr: AmrEntry[] = [];
  for (const c of r.rows) {
    if (
      c.authentication_method === "totp" ||
      c.authentication_method === "mfa/phone" ||
      c.authentication_method === "mfa/webauthn"
    )
      aal = "aal2";
    amr.push({ method: c.authentication_method, timestamp: Math.floor(c.updated_at.getTime() / 1000) });
  }
  amr.sort((a, b) => b.timestamp - a.timestamp);
  return { aal, amr };
}

/** Signs an access token for the session with GoTrue's claim set. */
export async function accessToken(ctx: EmulatorContext, tx: Tx, user: UserRow, sessionId: string) {
  const { aal, amr } = await aalAndAmr(tx, sessionId);
  const expiresIn = jwtExpiry(ctx);
  const now = Math.floor(Date.now() / 1000);
  const token = await ctx.keys.sign(
    {
      sub: user.id,
      aud: user.aud ?? "authenticated",
      email: user.email ?? "",
      phone: user.phone ?? "",
      app_metadata: user.raw_app_meta_data ?? {},
      user_metadata: user.raw_user_meta_data ?? {},
      role: user.role ?? "authenticated",
      aal,
      amr,
      session_id: sessionId,
      is_anonymous: user.is_anonymous,
    },
    expiresIn,
  );
  return { token, expiresIn, expiresAt: now + expiresIn };
}

async function tokenResponse(
  ctx: EmulatorContext,
  tx: Tx,
  userId: string,
  sessionId: string,
  refreshToken: string,
): Promise<TokenResponse> {
  const user = (await findUserById(tx, userId))!;
  const at = await accessToken(ctx, tx, user, sessionId);
  return {
    access_token: at.token,
    token_type: "bearer",
    expires_in: at.expiresIn,
    expires_at: at.expiresAt,
    refresh_token: refreshToken,
    user: await userJson(tx, user),
  };
}

export interface ClientInfo {
  ip: string;
  userAgent: string | null;
}

/** GoTrue's IssueRefreshToken: a new session with its first refresh token and AMR claim. */
export async function issueSession(
  ctx: EmulatorContext,
  tx: Tx,
  user: UserRow,
  method: AuthMethod,
  client: ClientInfo,
): Promise<TokenResponse> {
  const sessionId = crypto.randomUUID();
  await tx.query(
    `insert into auth.sessions (id, user_id, created_at, updated_at, aal, user_agent, ip) values ($1, $2, now(), now(), 'aal1', $3, $4)`,
    [sessionId, user.id, client.userAgent, client.ip],
  );
  await addAmrClaim(tx, sessionId, method);
  const refresh = newRefreshToken();
  await tx.query(
    `insert into auth.refresh_tokens (instance_id, token, user_id, revoked, parent, session_id, created_at, updated_at)
     values ('00000000-0000-0000-0000-000000000000', $1, $2, false, null, $3, now(), now())`,
    [refresh, user.id, sessionId],
  );
  await tx.query(`update auth.users set last_sign_in_at = now(), updated_at = now() where id = $1`, [
    user.id,
  ]);
  await tx.query(
    `update auth.identities set last_sign_in_at = now() where user_id = $1 and provider = 'email'`,
    [user.id],
  );
  return tokenResponse(ctx, tx, user.id, sessionId, refresh);
}

/** Revokes the session's active token and hands out its child (GrantRefreshTokenSwap). */
async function swap(tx: Tx, token: { token: string; user_id: string; session_id: string }): Promise<string> {
  await tx.query(`update auth.refresh_tokens set revoked = true, updated_at = now() where token = $1`, [
    token.token,
  ]);
  const next = newRefreshToken();
  await tx.query(
    `insert into auth.refresh_tokens (instance_id, token, user_id, revoked, parent, session_id, created_at, updated_at)
     values ('00000000-0000-0000-0000-000000000000', $1, $2, false, $3, $4, now(), now())`,
    [next, token.user_id, token.token, token.session_id],
  );
  return next;
}

/**
 * The refresh_token grant with rotation. A revoked token may still be used when it is the parent
 * of the session's active token (the client lost the last response: answer that active token) or
 * within `refresh_token_reuse_interval` seconds of being revoked; any other reuse is treated as
 * theft: the whole session (every token of the family) is revoked and the request fails.
 */
export async function refreshGrant(
  ctx: EmulatorContext,
  tx: Tx,
  refreshToken: string,
  client: ClientInfo,
): Promise<TokenResponse | AuthError> {
  if (refreshToken.length < 12 || !LEGACY_REFRESH_TOKEN.test(refreshToken)) {
    return badRequest("validation_failed", "Refresh token is not valid");
  }
  const r = await tx.query<{
    token: string;
    user_id: string;
    revoked: boolean;
    updated_at: Date;
    session_id: string | null;
  }>(
    `select token, user_id, revoked, updated_at, session_id from auth.refresh_tokens where token = $1 for update`,
    [refreshToken],
  );
  const token = r.rows[0];
  if (!token) return badRequest("refresh_token_not_found", "Invalid Refresh Token: Refresh Token Not Found");
  const user = await findUserById(tx, token.user_id);
  if (!user) return badRequest("refresh_token_not_found", "Invalid Refresh Token: Refresh Token Not Found");
  if (isBanned(user)) return badRequest("user_banned", "Invalid Refresh Token: User Banned");
  if (!token.session_id)
    return badRequest("session_not_found", "Invalid Refresh Token: No Valid Session Found");
  const s = await tx.query<SessionRow>(
    `select id, user_id, created_at, updated_at, factor_id, aal, not_after from auth.sessions where id = $1`,
    [token.session_id],
  );
  const session = s.rows[0];
  if (!session) return badRequest("session_not_found", "Invalid Refresh Token: No Valid Session Found");
  if (session.not_after && session.not_after.getTime() < Date.now()) {
    return badRequest("session_expired", "Invalid Refresh Token: Session Expired");
  }

  let issued: string | null = null;
  if (token.revoked) {
    const active = await tx.query<{ token: string; parent: string | null }>(
      `select token, parent from auth.refresh_tokens where session_id = $1 and revoked = false order by id desc limit 1`,
      [session.id],
    );
    const current = active.rows[0];
    if (current && current.parent === token.token) {
      issued = current.token;
    } else {
      const reuseUntil = token.updated_at.getTime() + ctx.config.refreshTokenReuseIntervalSeconds * 1000;
      if (Date.now() > reuseUntil) {
        await tx.query(
          `update auth.refresh_tokens set revoked = true, updated_at = now() where session_id = $1`,
          [session.id],
        );
        await tx.query(`delete from auth.sessions where id = $1`, [session.id]);
        return badRequest("refresh_token_already_used", "Invalid Refresh Token: Already Used");
      }
    }
  }
  if (!issued)
    issued = await swap(tx, { token: token.token, user_id: token.user_id, session_id: session.id });
  await tx.query(
    `update auth.sessions set refreshed_at = now(), updated_at = now(), user_agent = $2, ip = $3 where id = $1`,
    [session.id, client.userAgent, client.ip],
  );
  return tokenResponse(ctx, tx, user.id, session.id, issued);
}

/**
 * After a successful MFA verification (updateMFASessionAndClaims): record the AMR claim, raise the
 * session's AAL and hand out a fresh refresh token so the AAL1 one cannot mint AAL2 tokens.
 */
export async function upgradeSession(
  ctx: EmulatorContext,
  tx: Tx,
  userId: string,
  sessionId: string,
  method: AuthMethod,
  factorId: string,
): Promise<TokenResponse> {
  await addAmrClaim(tx, sessionId, method);
  const { aal } = await aalAndAmr(tx, sessionId);
  await tx.query(`update auth.sessions set aal = $2, factor_id = $3, updated_at = now() where id = $1`, [
    sessionId,
    aal,
    factorId,
  ]);
  const active = await tx.query<{ token: string; user_id: string }>(
    `select token, user_id from auth.refresh_tokens where session_id = $1 and revoked = false order by id desc limit 1`,
    [sessionId],
  );
  let refresh: string;
  if (active.rows[0]) {
    refresh = await swap(tx, { token: active.rows[0].token, user_id: userId, session_id: sessionId });
  } else {
    refresh = newRefreshToken();
    await tx.query(
      `insert into auth.refresh_tokens (instance_id, token, user_id, revoked, parent, session_id, created_at, updated_at)
       values ('00000000-0000-0000-0000-000000000000', $1, $2, false, null, $3, now(), now())`,
      [refresh, userId, sessionId],
    );
  }
  return tokenResponse(ctx, tx, userId, sessionId, refresh);
}
