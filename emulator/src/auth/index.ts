/**
 * `/auth/v1`: the GoTrue (Supabase Auth) surface supabase-js uses, on the emulator's Postgres.
 * Behaviour, status codes, error codes and messages follow supabase/auth's source so the same
 * client code and tests run against this and a hosted project.
 *
 * Served: GET /health, /settings, /.well-known/jwks.json; POST /signup; POST /token
 * (grant_type password | refresh_token); POST /logout?scope=global|local|others; GET/PUT /user;
 * POST /recover; GET/POST /verify (recovery, magiclink, email_change); POST /factors,
 * /factors/{id}/challenge, /factors/{id}/verify, DELETE /factors/{id} (TOTP);
 * GET/POST /admin/users, GET/PUT/DELETE /admin/users/{id}.
 * Not served (404): phone/SMS, OAuth/SSO/SAML, anonymous sign-in, PKCE, /otp, /resend,
 * /reauthenticate, identities linking, passkeys/WebAuthn, admin factors and generate_link.
 */
import { Hono } from "hono";
import type { EmulatorContext } from "../context.ts";
import { mountAccount } from "./account.ts";
import { mountAdmin } from "./admin.ts";
import type { AuthDeps } from "./common.ts";
import {
  API_VERSION_20240101,
  API_VERSION_HEADER,
  AuthError,
  authErrorResponse,
  wantsVersion20240101,
} from "./errors.ts";
import { mountMfa } from "./mfa.ts";
import { RateLimiter } from "./rate-limit.ts";
import { mountRecovery } from "./recovery.ts";
import { apiKeyKind } from "./request.ts";

/** Paths the hosted gateway lets through without an API key (mailed links, health, public keys). */
const OPEN_PATHS = [/\/verify$/, /\/health$/, /\/\.well-known\/jwks\.json$/];

export function authApp(ctx: EmulatorContext): Hono {
  const app = new Hono();
  const deps: AuthDeps = {
    ctx,
    limiter: new RateLimiter({
      signInSignUps: ctx.config.rateLimits.signInSignUps,
      tokenRefresh: ctx.config.rateLimits.tokenRefresh,
      tokenVerifications: ctx.config.rateLimits.tokenVerifications,
    }),
    mailBudget: { hour: 0, sent: 0 },
  };

  app.use("*", async (c, next) => {
    if (wantsVersion20240101(c)) c.header(API_VERSION_HEADER, API_VERSION_20240101);
    const open = c.req.method === "GET" && OPEN_PATHS.some((re) => re.test(c.req.path));
    if (!open) {
      const kind = apiKeyKind(c, ctx);
      if (kind instanceof Response) return kind;
    }
    await next();
  });

  app.get("/health", (c) =>
    c.json({
      version: "v2.180.0-emulator",
      name: "GoTrue",
      description: "GoTrue is a user registration and authentication API",
    }),
  );

  app.get("/settings", (c) =>
    c.json({
      external: {
        anonymous_users: false,
        apple: false,
        azure: false,
        bitbucket: false,
        discord: false,
        facebook: false,
        snapchat: false,
        figma: false,
        fly: false,
        github: false,
        gitlab: false,
        google: false,
        keycloak: false,
        kakao: false,
        linkedin: false,
        linkedin_oidc: false,
        notion: false,
        spotify: false,
        slack: false,
        slack_oidc: false,
        workos: false,
        twitch: false,
        twitter: false,
        email: true,
        phone: false,
        zoom: false,
      },
      disable_signup: !ctx.config.enableSignup,
      mailer_autoconfirm: true,
      phone_autoconfirm: false,
      sms_provider: "",
      saml_enabled: false,
      saml_private_key_next_configured: false,
      passkeys_enabled: false,
    }),
  );

  app.get("/.well-known/jwks.json", (c) => {
    c.header("cache-control", "public, max-age=600");
    return c.json({ keys: [ctx.keys.publicJwk] });
  });

  mountAccount(app, deps);
  mountRecovery(app, deps);
  mountMfa(app, deps);
  mountAdmin(app, deps);

  app.notFound((c) => authErrorResponse(c, new AuthError(404, "not_found", "Not Found")));
  app.onError((err, c) => {
    if (err instanceof AuthError) return authErrorResponse(c, err);
    console.error(`[emulator/auth] ${c.req.method} ${c.req.path}:`, err);
    return authErrorResponse(
      c,
      new AuthError(
        500,
        "unexpected_failure",
        "Unexpected failure, please check server logs for more information",
      ),
    );
  });
  return app;
}
