/**
 * TOTP multi-factor authentication (GoTrue internal/api/mfa.go): enrol a factor (secret, otpauth
 * URI and an SVG QR code), challenge it, verify a code (±1 time step) to raise the session to
 * aal2, and unenrol (a verified factor only from an aal2 session). Each verification calls the
 * MFA verification-attempt hook when config.toml enables one, as GoTrue does (the project's hook
 * locks a factor after repeated failures, see the security-hardening migration). Beyond hosted
 * GoTrue, a code whose time step was already accepted for the factor is refused (RFC 6238 §5.2).
 */
import type { Context, Hono } from "hono";
import * as OTPAuth from "otpauth";
import QRCode from "qrcode";
import type { Tx } from "../db.ts";
import { readBody } from "./body.ts";
import type { AuthDeps } from "./common.ts";
import { AuthError, badRequest, forbidden, notFound, unprocessable } from "./errors.ts";
import { clientInfo, loadAuthenticated, verifyBearer, type Authenticated } from "./request.ts";
import { ChallengeFactorBody, EnrollFactorBody, VerifyFactorBody } from "./schemas.ts";
import { hookMetadata, runHook } from "./hooks.ts";
import { deleteSessions, listFactors, UUID_RE, type FactorRow } from "./store.ts";
import { upgradeSession } from "./tokens.ts";

/** [auth.mfa] max_enrolled_factors (CLI default 10); GoTrue's MaxVerifiedFactors default is 10 too. */
const MAX_FACTORS = 10;
/** GoTrue's MFA challenge expiry (seconds). */
const CHALLENGE_EXPIRY_SECONDS = 300;
/** Unverified factors older than this are cleaned up on the next enrolment (GoTrue: 300 s). */
const FACTOR_EXPIRY_SECONDS = 300;

export function totpFor(secret: string): OTPAuth.TOTP {
  return new OTPAuth.TOTP({
    algorithm: "SHA1",
    digits: 6,
    period: 30,
    secret: OTPAuth.Secret.fromBase32(secret),
  });
}

export function mountMfa(app: Hono, deps: AuthDeps) {
  const { ctx, limiter } = deps;
  const maxBody = ctx.config.maxBodyBytes;

  /** requireAuthentication + requireNotAnonymous + loadFactor, in one transaction. */
  async function withFactor<T>(
    c: Context,
    fn: (tx: Tx, auth: Authenticated, factor: FactorRow) => Promise<T>,
  ): Promise<T> {
    const claims = await verifyBearer(c, ctx);
    const factorId = c.req.param("id") ?? "";
    return ctx.db.admin(async (tx) => {
      const auth = await loadAuthenticated(tx, claims);
      if (auth.user.is_anonymous)
        throw forbidden("no_authorization", "Anonymous user not allowed to perform these actions");
      if (!UUID_RE.test(factorId)) throw notFound("validation_failed", "factor_id must be an UUID");
      const factor = (await listFactors(tx, auth.user.id)).find((f) => f.id === factorId);
      if (!factor) throw notFound("mfa_factor_not_found", "Factor not found");
      return fn(tx, auth, factor);
    });
  }

  app.post("/factors", async (c) => {
    const claims = await verifyBearer(c, ctx);
    const p = await readBody(c, EnrollFactorBody, maxBody);
    const type = p.factor_type ?? "";
    if (type === "phone")
      throw unprocessable("mfa_phone_enroll_not_enabled", "MFA enroll is disabled for Phone");
    if (type === "webauthn")
      throw unprocessable("mfa_webauthn_enroll_not_enabled", "MFA enroll is disabled for WebAuthn");
    if (type !== "totp")
      throw badRequest("validation_failed", "factor_type needs to be totp, phone, or webauthn");
    const friendlyName = p.friendly_name ?? "";
    const issuer = p.issuer || new URL(ctx.config.siteUrl).host;
    const secret = new OTPAuth.Secret({ size: 20 }).base32;

    const result = await ctx.db.admin(async (tx) => {
      const { user, session } = await loadAuthenticated(tx, claims);
      if (user.is_anonymous)
        throw forbidden("no_authorization", "Anonymous user not allowed to perform these actions");
      if (!session)
        throw new AuthError(
          500,
          "unexpected_failure",
          "A valid session and a registered user are required to enroll a factor",
        );
      await tx.query(
        `delete from auth.mfa_factors where user_id = $1 and status = 'unverified' and created_at < now() - make_interval(secs => $2)`,
        [user.id, FACTOR_EXPIRY_SECONDS],
      );
      const factors = await listFactors(tx, user.id);
      if (factors.some((f) => (f.friendly_name ?? "") === friendlyName)) {
        throw unprocessable(
          "mfa_factor_name_conflict",
          `A factor with the friendly name ${JSON.stringify(friendlyName)} for this user already exists`,
        );
      }
      const verified = factors.filter((f) => f.status === "verified").length;
      if (factors.length >= MAX_FACTORS || verified >= MAX_FACTORS) {
        throw unprocessable(
          "too_many_enrolled_mfa_factors",
          "Maximum number of verified factors reached, unenroll to continue",
        );
      }
      if (verified > 0 && session.aal !== "aal2")
        throw forbidden("insufficient_aal", "AAL2 required to enroll a new factor");
      const r = await tx.query<{ id: string }>(
        `insert into auth.mfa_factors (user_id, friendly_name, factor_type, status, secret, created_at, updated_at)
         values ($1, $2, 'totp', 'unverified', $3, now(), now()) returning id`,
        [user.id, friendlyName, secret],
      );
      return { id: r.rows[0]!.id, email: user.email ?? "" };
    });

    const totp = new OTPAuth.TOTP({
      issuer,
      label: result.email,
      algorithm: "SHA1",
      digits: 6,
      period: 30,
      secret: OTPAuth.Secret.fromBase32(secret),
    });
    const uri = totp.toString();
    // GoTrue sends the bare SVG; supabase-js turns it into a `data:image/svg+xml;utf-8,` URI.
    const svg = await QRCode.toString(uri, { type: "svg", errorCorrectionLevel: "H", margin: 1 });
    return c.json({
      id: result.id,
      type: "totp",
      friendly_name: friendlyName,
      totp: { qr_code: svg.trim(), secret, uri },
    });
  });

  app.post("/factors/:id/challenge", async (c) => {
    const ip = clientInfo(c).ip;
    await readBody(c, ChallengeFactorBody, maxBody);
    const out = await withFactor(c, async (tx, _auth, factor) => {
      if (factor.factor_type !== "totp")
        throw unprocessable("mfa_phone_verify_not_enabled", "MFA verification is disabled for Phone");
      const r = await tx.query<{ id: string; created_at: Date }>(
        `insert into auth.mfa_challenges (factor_id, created_at, ip_address) values ($1, now(), $2::inet) returning id, created_at`,
        [factor.id, toInet(ip)],
      );
      await tx.query(
        `update auth.mfa_factors set last_challenged_at = now(), updated_at = now() where id = $1`,
        [factor.id],
      );
      const ch = r.rows[0]!;
      return {
        id: ch.id,
        type: "totp",
        expires_at: Math.floor(ch.created_at.getTime() / 1000) + CHALLENGE_EXPIRY_SECONDS,
      };
    });
    return c.json(out);
  });

  app.post("/factors/:id/verify", async (c) => {
    const ip = clientInfo(c).ip;
    limiter.hit("tokenVerifications", ip);
    const p = await readBody(c, VerifyFactorBody, maxBody);
    const code = p.code ?? "";
    const challengeId = p.challenge_id ?? "";
    // 1. GoTrue's validateChallenge and the code check (read-only but for an expired challenge).
    const check = await withFactor(c, async (tx, auth, factor) => {
      if (!code) throw badRequest("validation_failed", "Code needs to be non-empty");
      if (!UUID_RE.test(challengeId))
        throw badRequest("bad_json", "Could not parse request body as JSON: invalid challenge_id");
      const r = await tx.query<{
        id: string;
        created_at: Date;
        verified_at: Date | null;
        ip_address: string;
      }>(
        `select id, created_at, verified_at, host(ip_address) as ip_address from auth.mfa_challenges where id = $1 and factor_id = $2`,
        [challengeId, factor.id],
      );
      const challenge = r.rows[0];
      if (!challenge)
        throw unprocessable("mfa_factor_not_found", "MFA factor with the provided challenge ID not found");
      if (challenge.verified_at || challenge.ip_address !== toInet(ip)) {
        throw unprocessable("mfa_ip_address_mismatch", "Challenge and verify IP addresses mismatch.");
      }
      if (challenge.created_at.getTime() + CHALLENGE_EXPIRY_SECONDS * 1000 < Date.now()) {
        await tx.query(`delete from auth.mfa_challenges where id = $1`, [challenge.id]);
        return unprocessable(
          "mfa_challenge_expired",
          `MFA challenge ${challenge.id} has expired, verify against another challenge or create a new challenge.`,
        );
      }
      const step = matchedStep(factor.secret, code);
      // RFC 6238 §5.2: a code of a time step already accepted for this factor is not accepted again.
      const last = await lastAcceptedStep(tx, factor.id);
      const valid = step !== null && (last === null || step > last);
      if (!auth.session)
        throw new AuthError(500, "unexpected_failure", "Cannot read SessionId claim as UUID");
      return {
        userId: auth.user.id,
        sessionId: auth.session.id,
        factorId: factor.id,
        factorType: factor.factor_type,
        factorVerified: factor.status === "verified",
        challengeId: challenge.id,
        valid,
        step,
      };
    });
    if (check instanceof AuthError) throw check;

    // 2. The MFA verification-attempt hook decides next, in a transaction of its own (so what it
    //    records stays even when this verification fails). A rejection signs the user out
    //    everywhere, as GoTrue does.
    const decision = await runHook(ctx, "mfa_verification_attempt", {
      metadata: hookMetadata("mfa_verification_attempt", toInet(ip)),
      user_id: check.userId,
      factor_id: check.factorId,
      factor_type: check.factorType,
      valid: check.valid,
    });
    if (decision?.decision === "reject") {
      await ctx.db.admin((tx) => deleteSessions(tx, check.userId));
      throw forbidden(
        "mfa_verification_rejected",
        typeof decision.message === "string" && decision.message
          ? decision.message
          : MFA_HOOK_REJECTION_MESSAGE,
      );
    }
    if (!check.valid) throw unprocessable("mfa_verification_failed", "Invalid TOTP code entered");

    // 3. Success: the challenge is spent, the step recorded, the session raised to aal2.
    const token = await ctx.db.admin(async (tx) => {
      const spent = await tx.query(
        `update auth.mfa_challenges set verified_at = now() where id = $1 and verified_at is null returning id`,
        [check.challengeId],
      );
      if (!spent.rows.length)
        throw unprocessable("mfa_ip_address_mismatch", "Challenge and verify IP addresses mismatch.");
      const recorded = await tx.query(
        `insert into _emulator.totp_steps (factor_id, last_step) values ($1, $2)
         on conflict (factor_id) do update set last_step = excluded.last_step where _emulator.totp_steps.last_step < excluded.last_step
         returning factor_id`,
        [check.factorId, check.step],
      );
      if (!recorded.rows.length) throw unprocessable("mfa_verification_failed", "Invalid TOTP code entered");
      if (!check.factorVerified) {
        await tx.query(`update auth.mfa_factors set status = 'verified', updated_at = now() where id = $1`, [
          check.factorId,
        ]);
      }
      const issued = await upgradeSession(ctx, tx, check.userId, check.sessionId, "totp", check.factorId);
      // InvalidateSessionsWithAALLessThan: the user's other aal1 sessions end now.
      await tx.query(
        `update auth.sessions set not_after = now() where user_id = $1 and id <> $2 and aal = 'aal1'`,
        [check.userId, check.sessionId],
      );
      // DeleteUnverifiedFactors of the same type.
      await tx.query(
        `delete from auth.mfa_factors where user_id = $1 and factor_type = 'totp' and status = 'unverified'`,
        [check.userId],
      );
      return issued;
    });
    return c.json(token);
  });

  app.delete("/factors/:id", async (c) => {
    const out = await withFactor(c, async (tx, auth, factor) => {
      if (factor.status === "verified" && auth.session?.aal !== "aal2") {
        throw unprocessable("insufficient_aal", "AAL2 required to unenroll verified factor");
      }
      await tx.query(`delete from auth.mfa_factors where id = $1`, [factor.id]);
      // DowngradeSessionsToAAL1: sessions upgraded with this factor fall back to aal1.
      await tx.query(
        `delete from auth.mfa_amr_claims where authentication_method = 'totp' and session_id in (select id from auth.sessions where factor_id = $1)`,
        [factor.id],
      );
      await tx.query(
        `update auth.sessions set aal = 'aal1', factor_id = null, updated_at = now() where factor_id = $1`,
        [factor.id],
      );
      return { id: factor.id };
    });
    return c.json(out);
  });
}

/** GoTrue's v0hooks.DefaultMFAHookRejectionMessage. */
const MFA_HOOK_REJECTION_MESSAGE = "Further MFA verification attempts will be rejected.";
const TOTP_PERIOD_SECONDS = 30;

/** The time step a 6-digit code belongs to (±1 step, GoTrue's skew), or null when it matches none. */
function matchedStep(secret: string | null, code: string): number | null {
  if (!secret || !/^\d{6}$/.test(code)) return null;
  const now = Date.now();
  const delta = totpFor(secret).validate({ token: code, timestamp: now, window: 1 });
  return delta === null ? null : Math.floor(now / 1000 / TOTP_PERIOD_SECONDS) + delta;
}

/**
 * The newest time step accepted for a factor. Emulator bookkeeping: hosted GoTrue does not keep
 * it (it accepts a code again within its window; README "Where local and hosted Supabase differ").
 */
async function lastAcceptedStep(tx: Tx, factorId: string): Promise<number | null> {
  const r = await tx.query<{ last_step: string | number }>(
    `select last_step from _emulator.totp_steps where factor_id = $1`,
    [factorId],
  );
  return r.rows[0] ? Number(r.rows[0].last_step) : null;
}

/** The caller's address as Postgres `inet` accepts it. */
function toInet(ip: string): string {
  const v4mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (v4mapped) return v4mapped[1]!;
  return /^[0-9a-f:.]+$/i.test(ip) ? ip : "127.0.0.1";
}
