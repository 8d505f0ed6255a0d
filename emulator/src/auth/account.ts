/** Sign-up, sign-in (password and refresh_token grants), sign-out and the signed-in user's own record. */
import type { Hono } from "hono";
import type { AuthDeps } from "./common.ts";
import { allowedRedirect, generateOtp, tokenHash, validateEmail } from "./common.ts";
import { sendEmailChangeMail, takeMailBudget, verifyLink } from "./mails.ts";
import { readBody } from "./body.ts";
import { AuthError, badRequest, forbidden, unprocessable } from "./errors.ts";
import { hookEnabled, hookMetadata, runHook } from "./hooks.ts";
import { checkPasswordStrength, hashPassword, verifyPassword } from "./password.ts";
import { clientInfo, loadAuthenticated, verifyBearer } from "./request.ts";
import { PasswordGrantBody, RefreshGrantBody, SignupBody, UserUpdateBody } from "./schemas.ts";
import {
  deleteSessions,
  findUserByEmail,
  findUserById,
  insertUser,
  isBanned,
  listFactors,
  hasVerifiedFactor,
  userJson,
} from "./store.ts";
import { issueSession, refreshGrant } from "./tokens.ts";

export const INVALID_LOGIN = "Invalid login credentials";

export function mountAccount(app: Hono, deps: AuthDeps) {
  const { ctx, limiter } = deps;
  const maxBody = ctx.config.maxBodyBytes;

  app.post("/signup", async (c) => {
    const p = await readBody(c, SignupBody, maxBody);
    if (!p.email && !p.phone)
      throw unprocessable("anonymous_provider_disabled", "Anonymous sign-ins are disabled");
    const client = clientInfo(c);
    limiter.hit("signInSignUps", client.ip);
    if (!ctx.config.enableSignup)
      throw unprocessable("signup_disabled", "Signups not allowed for this instance");
    if (!p.password) throw badRequest("validation_failed", "Signup requires a valid password");
    checkPasswordStrength(p.password, ctx.config.minimumPasswordLength);
    if (p.email && p.phone)
      throw badRequest(
        "validation_failed",
        "Only an email address or phone number should be provided on signup.",
      );
    if (!p.email) throw badRequest("phone_provider_disabled", "Phone signups are disabled");
    const email = validateEmail(p.email);
    const hash = await hashPassword(p.password);
    // GoTrue calls the before-user-created hook outside the sign-up transaction; its error is the answer.
    if (hookEnabled("before_user_created")) {
      const now = new Date().toISOString();
      await runHook(ctx, "before_user_created", {
        metadata: hookMetadata("before_user_created", client.ip),
        user: {
          id: crypto.randomUUID(),
          aud: "authenticated",
          role: "authenticated",
          email,
          phone: "",
          app_metadata: { provider: "email", providers: ["email"] },
          user_metadata: p.data ?? {},
          identities: [],
          created_at: now,
          updated_at: now,
          is_anonymous: false,
        },
      });
    }
    const result = await ctx.db.admin(async (tx) => {
      const existing = await findUserByEmail(tx, email);
      if (existing) return unprocessable("user_already_exists", "User already registered");
      const user = await insertUser(tx, {
        email,
        passwordHash: hash,
        userMetadata: p.data ?? {},
        appMetadata: { provider: "email", providers: ["email"] },
        emailConfirmed: true, // [auth.email] enable_confirmations = false: GoTrue autoconfirms
      });
      return issueSession(ctx, tx, user, "password", client);
    });
    if (result instanceof AuthError) throw result;
    return c.json(result);
  });

  app.post("/token", async (c) => {
    const grant = c.req.query("grant_type") ?? "";
    const client = clientInfo(c);
    if (grant === "password") {
      limiter.hit("signInSignUps", client.ip);
      const p = await readBody(c, PasswordGrantBody, maxBody);
      if (p.email && p.phone)
        throw badRequest(
          "validation_failed",
          "Only an email address or phone number should be provided on login.",
        );
      if (!p.email && p.phone) throw unprocessable("phone_provider_disabled", "Phone logins are disabled");
      if (!p.email) throw badRequest("validation_failed", "missing email or phone");
      const email = p.email;
      const password = p.password ?? "";
      const user = await ctx.db.admin((tx) => findUserByEmail(tx, email));
      if (!user || !user.encrypted_password) throw badRequest("invalid_credentials", INVALID_LOGIN);
      if (isBanned(user)) throw badRequest("user_banned", "User is banned");
      if (!(await verifyPassword(password, user.encrypted_password)))
        throw badRequest("invalid_credentials", INVALID_LOGIN);
      if (!user.email_confirmed_at) throw badRequest("email_not_confirmed", "Email not confirmed");
      return c.json(await ctx.db.admin((tx) => issueSession(ctx, tx, user, "password", client)));
    }
    if (grant === "refresh_token") {
      limiter.hit("tokenRefresh", client.ip);
      const p = await readBody(c, RefreshGrantBody, maxBody);
      const token = p.refresh_token ?? "";
      const result = await ctx.db.admin((tx) => refreshGrant(ctx, tx, token, client));
      if (result instanceof AuthError) throw result;
      return c.json(result);
    }
    throw badRequest("invalid_credentials", "unsupported_grant_type");
  });

  app.post("/logout", async (c) => {
    const scope = c.req.query("scope") ?? "";
    if (!["", "global", "local", "others"].includes(scope)) {
      throw badRequest("validation_failed", `Unsupported logout scope ${JSON.stringify(scope)}`);
    }
    const claims = await verifyBearer(c, ctx);
    await ctx.db.admin(async (tx) => {
      const { user, session } = await loadAuthenticated(tx, claims);
      if (session && scope === "local") await deleteSessions(tx, user.id, { only: session.id });
      else if (session && scope === "others") await deleteSessions(tx, user.id, { except: session.id });
      else await deleteSessions(tx, user.id);
    });
    return c.body(null, 204);
  });

  app.get("/user", async (c) => {
    const claims = await verifyBearer(c, ctx);
    return c.json(
      await ctx.db.admin(async (tx) => {
        const { user } = await loadAuthenticated(tx, claims);
        return userJson(tx, user);
      }),
    );
  });

  app.put("/user", async (c) => {
    const claims = await verifyBearer(c, ctx);
    const p = await readBody(c, UserUpdateBody, maxBody);
    if (p.email) validateEmail(p.email);
    if (p.password !== null && p.password !== undefined)
      checkPasswordStrength(p.password, ctx.config.minimumPasswordLength);
    if (p.app_metadata) throw forbidden("not_admin", "Updating app_metadata requires admin privileges");
    const newHash = p.password ? await hashPassword(p.password) : null;
    const result = await ctx.db.admin(async (tx) => {
      const { user, session } = await loadAuthenticated(tx, claims);
      const changesEmail = !!p.email && p.email.toLowerCase() !== (user.email ?? "").toLowerCase();
      const changesPhone = !!p.phone && p.phone !== (user.phone ?? "");
      if (
        hasVerifiedFactor(await listFactors(tx, user.id)) &&
        session?.aal !== "aal2" &&
        (p.password || changesEmail || changesPhone)
      ) {
        return new AuthError(
          401,
          "insufficient_aal",
          "AAL2 session is required to update email or password when MFA is enabled.",
        );
      }
      if (changesEmail) {
        const other = await findUserByEmail(tx, p.email!);
        if (other && other.id !== user.id)
          return unprocessable("email_exists", "A user with this email address has already been registered");
      }
      if (changesPhone) return badRequest("phone_provider_disabled", "Phone signups are disabled");
      if (p.password && newHash) {
        if (await verifyPassword(p.password, user.encrypted_password)) {
          return unprocessable("same_password", "New password should be different from the old password.");
        }
        await tx.query(
          `update auth.users set encrypted_password = $2, recovery_token = '', recovery_sent_at = null, confirmation_token = '',
             reauthentication_token = '', updated_at = now() where id = $1`,
          [user.id, newHash],
        );
        // A new password means the old one is no longer trusted: end every other session.
        if (session) await deleteSessions(tx, user.id, { except: session.id });
        else await deleteSessions(tx, user.id);
      }
      if (p.data) {
        const merged: Record<string, unknown> = { ...(user.raw_user_meta_data ?? {}) };
        for (const [k, v] of Object.entries(p.data)) {
          if (v === null) delete merged[k];
          else merged[k] = v;
        }
        await tx.query(
          `update auth.users set raw_user_meta_data = $2::jsonb, updated_at = now() where id = $1`,
          [user.id, JSON.stringify(merged)],
        );
      }
      if (changesEmail) {
        // GoTrue's sendEmailChange with secure email change (the CLI default): a link to each address.
        const newEmail = p.email!.toLowerCase();
        const otpNew = generateOtp();
        const otpCurrent = generateOtp();
        const hashNew = tokenHash(newEmail, otpNew);
        const hashCurrent = user.email ? tokenHash(user.email.toLowerCase(), otpCurrent) : "";
        takeMailBudget(deps, user.email ? 2 : 1);
        await tx.query(
          `update auth.users set email_change = $2, email_change_token_new = $3, email_change_token_current = $4,
             email_change_sent_at = now(), email_change_confirm_status = 0, updated_at = now() where id = $1`,
          [user.id, newEmail, hashNew, hashCurrent],
        );
        const redirectTo = allowedRedirect(ctx, c.req.query("redirect_to"));
        const from = user.email ?? "";
        await sendEmailChangeMail(
          tx,
          newEmail,
          from,
          newEmail,
          verifyLink(deps, hashNew, "email_change", redirectTo),
          otpNew,
        );
        if (user.email)
          await sendEmailChangeMail(
            tx,
            user.email,
            from,
            newEmail,
            verifyLink(deps, hashCurrent, "email_change", redirectTo),
            otpCurrent,
          );
      }
      return userJson(tx, (await findUserById(tx, user.id))!);
    });
    if (result instanceof AuthError) throw result;
    return c.json(result);
  });
}
