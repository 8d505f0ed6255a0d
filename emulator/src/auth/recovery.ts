/**
 * Password recovery: POST /recover mails a link (and a 6-digit code) to the outbox; the link is
 * GoTrue's GET /verify, which signs the user in and redirects with the session in the URL
 * fragment; POST /verify exchanges the token hash (or email + code) for a session directly.
 */
import type { Hono } from "hono";
import type { Tx } from "../db.ts";
import { readBody } from "./body.ts";
import { allowedRedirect, generateOtp, tokenHash, validateEmail, type AuthDeps } from "./common.ts";
import { AuthError, badRequest, forbidden, unprocessable } from "./errors.ts";
import { sendRecoveryMail, takeMailBudget, verifyLink } from "./mails.ts";
import { clientInfo } from "./request.ts";
import { RecoverBody, VerifyBody } from "./schemas.ts";
import {
  findUserByEmail,
  findUserByEmailChangeToken,
  findUserById,
  findUserByRecoveryToken,
  isBanned,
  type UserRow,
} from "./store.ts";
import { issueSession, type TokenResponse } from "./tokens.ts";

/** How long a mailed link or code stays valid ([auth.email] otp_expiry, CLI default 3600 s). */
const OTP_EXPIRY_SECONDS = 3600;
const EMAIL_TYPES = new Set(["recovery", "magiclink", "signup", "invite", "email", "email_change"]);

export function mountRecovery(app: Hono, deps: AuthDeps) {
  const { ctx, limiter } = deps;
  const maxBody = ctx.config.maxBodyBytes;

  app.post("/recover", async (c) => {
    const p = await readBody(c, RecoverBody, maxBody);
    if (!p.email) throw badRequest("validation_failed", "Password recovery requires an email");
    const email = validateEmail(p.email);
    const redirectTo = allowedRedirect(ctx, c.req.query("redirect_to"));
    const otp = generateOtp();
    const hash = tokenHash(email, otp);
    await ctx.db.admin(async (tx) => {
      const user = await findUserByEmail(tx, email);
      if (!user) return; // GoTrue does not reveal whether the address is registered
      takeMailBudget(deps);
      await tx.query(
        `update auth.users set recovery_token = $2, recovery_sent_at = now(), updated_at = now() where id = $1`,
        [user.id, hash],
      );
      await sendRecoveryMail(tx, user.email ?? email, verifyLink(deps, hash, "recovery", redirectTo), otp);
    });
    return c.json({});
  });

  /**
   * GoTrue's verifyTokenHash + recoverVerify / emailChangeVerify: finds the user the token hash
   * belongs to (or answers otp_expired), spends the token and applies what it confirms.
   * `email` (POST with a code) must be an address the code was mailed to.
   */
  async function verifyAndApply(
    tx: Tx,
    type: string,
    hash: string,
    message: string,
    email: string | null,
  ): Promise<UserRow> {
    const isChange = type === "email_change";
    const user = isChange
      ? await findUserByEmailChangeToken(tx, hash)
      : await findUserByRecoveryToken(tx, hash);
    if (!user) throw forbidden("otp_expired", message);
    if (
      email &&
      ![user.email, isChange ? user.email_change : null].some((a) => a && a.toLowerCase() === email)
    ) {
      throw forbidden("otp_expired", message);
    }
    if (isBanned(user)) throw forbidden("user_banned", "User is banned");
    const sentAt = isChange ? user.email_change_sent_at : user.recovery_sent_at;
    if (!sentAt || sentAt.getTime() + OTP_EXPIRY_SECONDS * 1000 < Date.now())
      throw forbidden("otp_expired", message);
    if (isChange) {
      // Mails autoconfirm here ([auth.email] enable_confirmations = false), so GoTrue applies the
      // change on the first confirmed link, whichever of the two addresses it was sent to.
      const newEmail = user.email_change!;
      const taken = await findUserByEmail(tx, newEmail);
      if (taken && taken.id !== user.id)
        throw unprocessable("email_exists", "A user with this email address has already been registered");
      await tx.query(
        `update auth.users set email = $2, email_confirmed_at = now(), email_change = '', email_change_token_current = '',
           email_change_token_new = '', email_change_sent_at = null, email_change_confirm_status = 0, updated_at = now() where id = $1`,
        [user.id, newEmail],
      );
      await tx.query(
        `update auth.identities set identity_data = identity_data || jsonb_build_object('email', $2::text, 'email_verified', true),
           updated_at = now() where user_id = $1 and provider = 'email'`,
        [user.id, newEmail],
      );
    } else {
      await tx.query(
        `update auth.users set recovery_token = '', recovery_sent_at = null,
           email_confirmed_at = coalesce(email_confirmed_at, now()), updated_at = now() where id = $1`,
        [user.id],
      );
    }
    return (await findUserById(tx, user.id))!;
  }

  app.get("/verify", async (c) => {
    const token = c.req.query("token") ?? "";
    const type = c.req.query("type") ?? "";
    const redirectTo = allowedRedirect(ctx, c.req.query("redirect_to"));
    if (!type) throw badRequest("validation_failed", "Verify requires a verification type");
    if (!token) throw badRequest("validation_failed", "Verify requires a token or a token hash");
    limiter.hit("tokenVerifications", clientInfo(c).ip);
    let session: TokenResponse | null = null;
    let failure: AuthError | null = null;
    try {
      if (!EMAIL_TYPES.has(type)) throw badRequest("validation_failed", "Unsupported verification type");
      session = await ctx.db.admin(async (tx) => {
        const user = await verifyAndApply(tx, type, token, "Email link is invalid or has expired", null);
        return issueSession(ctx, tx, user, "otp", clientInfo(c));
      });
    } catch (e) {
      if (!(e instanceof AuthError)) throw e;
      failure = e;
    }
    const target = new URL(redirectTo);
    const fragment = new URLSearchParams();
    if (session) {
      // Go's url.Values.Encode sorts the keys.
      const values: Record<string, string> = {
        access_token: session.access_token,
        expires_at: String(session.expires_at),
        expires_in: String(session.expires_in),
        refresh_token: session.refresh_token,
        sb: "",
        token_type: session.token_type,
        type,
      };
      for (const k of Object.keys(values).sort()) fragment.set(k, values[k]!);
    } else if (failure) {
      const oauth: Record<number, string> = {
        400: "invalid_request",
        401: "unauthorized_client",
        403: "access_denied",
        500: "server_error",
        503: "temporarily_unavailable",
      };
      const values: Record<string, string> = {
        error_code: failure.code,
        error_description: failure.message,
        sb: "",
      };
      if (oauth[failure.status]) values.error = oauth[failure.status]!;
      for (const k of Object.keys(values).sort()) fragment.set(k, values[k]!);
    }
    target.hash = fragment.toString();
    return c.redirect(target.toString(), 303);
  });

  app.post("/verify", async (c) => {
    limiter.hit("tokenVerifications", clientInfo(c).ip);
    const p = await readBody(c, VerifyBody, maxBody);
    if (!p.type) throw badRequest("validation_failed", "Verify requires a verification type");
    if ((!p.token && !p.token_hash) || (p.token && p.token_hash)) {
      throw badRequest("validation_failed", "Verify requires either a token or a token hash");
    }
    let hash: string;
    let message: string;
    if (p.token) {
      if (p.phone) throw badRequest("phone_provider_disabled", "Phone logins are disabled");
      if (!p.email)
        throw badRequest(
          "validation_failed",
          "Only an email address or phone number should be provided on verify",
        );
      let email: string;
      try {
        email = validateEmail(p.email);
      } catch {
        throw new AuthError(422, "validation_failed", "Invalid email format");
      }
      hash = tokenHash(email, p.token);
      message = "Token has expired or is invalid";
    } else {
      if (p.email || p.phone || p.redirect_to)
        throw badRequest("validation_failed", "Only the token_hash and type should be provided");
      hash = p.token_hash!;
      message = "Email link is invalid or has expired";
    }
    if (!EMAIL_TYPES.has(p.type)) throw badRequest("validation_failed", "Unsupported verification type");
    const emailForToken = p.token ? validateEmail(p.email) : null;
    const type = p.type;
    const session = await ctx.db.admin(async (tx) => {
      const user = await verifyAndApply(tx, type, hash, message, emailForToken);
      return issueSession(ctx, tx, user, "otp", clientInfo(c));
    });
    return c.json(session);
  });
}
