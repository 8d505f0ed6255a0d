/**
 * The one check of a Supabase access token, for every server part that trusts one (the edge's
 * admin endpoints, the realtime hub). Runtime-neutral: jose and fetch only.
 *
 * A token is accepted when, in this order:
 *  1. it is a JWT signed with one of the project's keys (its JWKS, `/auth/v1/.well-known/jwks.json`;
 *     asymmetric algorithms only — an HS256 token "signed" with a public key is refused), issued by
 *     `<project>/auth/v1` for audience `authenticated`, not expired, with `sub` and `role: authenticated`;
 *  2. its session still exists: GET /auth/v1/user answers for it (GoTrue answers 403
 *     `session_not_found` once the user signed out or the session was revoked, `user_not_found`
 *     once the user was deleted, `user_banned` while banned);
 *  3. the AAL rule holds — the database's `private.aal_ok()`: a user with a verified factor must
 *     be at `aal2` (Supabase's MFA guide). A password-only token of such a user is refused.
 *
 * Options follow hono's `jwk` middleware: the key source (`keys`, default the remote JWKS cached
 * per project), the accepted algorithms, and the claims checked.
 */
import { createRemoteJWKSet, jwtVerify, type JWTVerifyGetKey } from "jose";
import { z } from "zod";

/** Asymmetric algorithms Supabase signs access tokens with (ES256 by default). */
export const ACCESS_TOKEN_ALGORITHMS = ["ES256", "RS256", "EdDSA"] as const;
/** The `aud` and `role` of a signed-in user's token. */
export const USER_AUDIENCE = "authenticated";

export interface AccessTokenVerifierOptions {
  /** The project's URL, e.g. `https://<ref>.supabase.co` (locally the emulator's). */
  supabaseUrl: string;
  /** The project's publishable key: the API gateway wants one on `/auth/v1/user`. */
  publishableKey: string;
  /** Key source; default the project's JWKS, fetched with jose and cached per URL for the isolate. */
  keys?: JWTVerifyGetKey;
  /** Accepted `alg` values; default ACCESS_TOKEN_ALGORITHMS. */
  algorithms?: readonly string[];
  /** Expected `aud`; default "authenticated". */
  audience?: string;
  /** fetch used for the session lookup; default the global one. */
  fetch?: typeof fetch;
}

/** A token that passed every check. */
export interface VerifiedSession {
  userId: string;
  /** GoTrue's `session_id` claim (null for tokens minted without a session). */
  sessionId: string | null;
  /** Expiry, seconds since the epoch. */
  exp: number;
  aal: "aal1" | "aal2";
  email: string | null;
  /** The user has a verified MFA factor (so `aal` is `aal2`). */
  hasVerifiedFactor: boolean;
}

export type AccessTokenErrorCode =
  /** No token was presented. */
  | "missing_token"
  /** Not a valid token of this project: malformed, forged, expired, wrong issuer/audience/role. */
  | "invalid_token"
  /** Signed out, revoked, user deleted or banned. */
  | "session_ended"
  /** A user with a verified factor presented a password-only (aal1) token. */
  | "aal2_required"
  /** The organisation's two-factor policy covers the user, who has not enrolled a factor yet. */
  | "two_factor_enrolment_required"
  /** The JWKS or the auth service could not be reached: try again. */
  | "auth_unavailable";

const STATUS: Record<AccessTokenErrorCode, 401 | 403 | 503> = {
  missing_token: 401,
  invalid_token: 401,
  session_ended: 401,
  aal2_required: 403,
  two_factor_enrolment_required: 403,
  auth_unavailable: 503,
};

export class AccessTokenError extends Error {
  override readonly name = "AccessTokenError";
  /** The HTTP status an endpoint answers with: 401, 403 (aal2 or enrolment required) or 503. */
  readonly status: 401 | 403 | 503;
  constructor(
    readonly code: AccessTokenErrorCode,
    message: string,
  ) {
    super(message);
    this.status = STATUS[code];
  }
}

export type AccessTokenVerifier = (token: string | null | undefined) => Promise<VerifiedSession>;

const claimsSchema = z.object({
  sub: z.string().min(1),
  exp: z.number(),
  role: z.literal(USER_AUDIENCE),
  aal: z.enum(["aal1", "aal2"]).default("aal1"),
  session_id: z.string().optional(),
  email: z.string().optional(),
});

/** What GET /auth/v1/user must answer: the same user, and its factors. */
const sessionUserSchema = z.object({
  id: z.string(),
  factors: z.array(z.object({ status: z.string() })).nullish(),
});
const authErrorSchema = z.object({
  error_code: z.string().optional(),
  code: z.union([z.string(), z.number()]).optional(),
  msg: z.string().optional(),
  message: z.string().optional(),
});

/** Remote JWKS per project URL, shared by every verifier of the isolate (jose refetches on an unknown `kid`). */
const remoteKeys = new Map<string, JWTVerifyGetKey>();
function projectKeys(supabaseUrl: string): JWTVerifyGetKey {
  let keys = remoteKeys.get(supabaseUrl);
  if (!keys) {
    keys = createRemoteJWKSet(new URL(`${supabaseUrl}/auth/v1/.well-known/jwks.json`), {
      cooldownDuration: 30_000,
      cacheMaxAge: 10 * 60_000,
      timeoutDuration: 5_000,
    });
    remoteKeys.set(supabaseUrl, keys);
  }
  return keys;
}

/** jose errors that mean "the keys could not be loaded", not "the token is bad". */
function keysUnreachable(err: unknown): boolean {
  if (!(err instanceof Error)) return true;
  const code = (err as { code?: unknown }).code;
  if (code === "ERR_JWKS_TIMEOUT" || code === "ERR_JOSE_GENERIC" || code === "ERR_JWKS_INVALID") return true;
  return code === undefined; // fetch's TypeError, an abort
}

export function createAccessTokenVerifier(options: AccessTokenVerifierOptions): AccessTokenVerifier {
  const url = options.supabaseUrl.replace(/\/+$/, "");
  const keys = options.keys ?? projectKeys(url);
  const algorithms = [...(options.algorithms ?? ACCESS_TOKEN_ALGORITHMS)];
  const audience = options.audience ?? USER_AUDIENCE;
  const doFetch = options.fetch ?? ((input, init) => fetch(input, init));

  return async function verifyAccessToken(token) {
    if (!token)
      throw new AccessTokenError("missing_token", "Sign in first (Authorization: Bearer <access token>)");

    let claims: z.infer<typeof claimsSchema>;
    try {
      const { payload } = await jwtVerify(token, keys, {
        issuer: `${url}/auth/v1`,
        audience,
        algorithms,
        requiredClaims: ["exp", "sub"],
      });
      const parsed = claimsSchema.safeParse(payload);
      if (!parsed.success)
        throw new AccessTokenError("invalid_token", "Invalid access token: not a user session");
      claims = parsed.data;
    } catch (err) {
      if (err instanceof AccessTokenError) throw err;
      if (keysUnreachable(err))
        throw new AccessTokenError(
          "auth_unavailable",
          "The sign-in service's keys could not be loaded; try again",
        );
      throw new AccessTokenError("invalid_token", `Invalid access token: ${(err as Error).message}`);
    }

    // The session must still exist (a signature says nothing about sign-out), and GoTrue tells
    // which factors the user has.
    let res: Response;
    try {
      res = await doFetch(`${url}/auth/v1/user`, {
        headers: {
          apikey: options.publishableKey,
          Authorization: `Bearer ${token}`,
          Accept: "application/json",
        },
      });
    } catch {
      throw new AccessTokenError("auth_unavailable", "The sign-in service is unreachable; try again");
    }
    const body: unknown = await res.json().catch(() => null);
    if (res.status >= 500 || res.status === 429)
      throw new AccessTokenError("auth_unavailable", `The sign-in service answered ${res.status}; try again`);
    if (!res.ok) {
      const err = authErrorSchema.safeParse(body);
      const code = err.success
        ? (err.data.error_code ?? String(err.data.code ?? res.status))
        : String(res.status);
      throw new AccessTokenError("session_ended", `The session has ended (${code}): sign in again`);
    }
    const user = sessionUserSchema.safeParse(body);
    if (!user.success || user.data.id !== claims.sub) {
      throw new AccessTokenError(
        "auth_unavailable",
        "The sign-in service answered an unexpected user record",
      );
    }

    const hasVerifiedFactor = (user.data.factors ?? []).some((f) => f.status === "verified");
    if (hasVerifiedFactor && claims.aal !== "aal2") {
      throw new AccessTokenError(
        "aal2_required",
        "Two-factor authentication is required: enter the code from your authenticator app",
      );
    }
    return {
      userId: claims.sub,
      sessionId: claims.session_id ?? null,
      exp: claims.exp,
      aal: claims.aal,
      email: claims.email ?? null,
      hasVerifiedFactor,
    };
  };
}
