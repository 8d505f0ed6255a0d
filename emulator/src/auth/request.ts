/**
 * What each auth handler needs from the request: the API key check the gateway does in hosted
 * Supabase, the caller's IP, and GoTrue's requireAuthentication (Bearer JWT → user + session).
 */
import { getConnInfo } from "@hono/node-server/conninfo";
import type { Context } from "hono";
import { errors as joseErrors } from "jose";
import type { EmulatorContext } from "../context.ts";
import type { Tx } from "../db.ts";
import { AuthError, forbidden } from "./errors.ts";
import { findSession, findUserById, isBanned, UUID_RE, type SessionRow, type UserRow } from "./store.ts";
import type { ClientInfo } from "./tokens.ts";

export type KeyKind = "publishable" | "secret";

export function bearer(c: Context): string | null {
  const m = /^Bearer\s+(\S+)\s*$/i.exec(c.req.header("authorization") ?? "");
  return m ? m[1]! : null;
}

/** The gateway's check: a known API key in `apikey` (or as the Bearer). Kong's 401 bodies otherwise. */
export function apiKeyKind(c: Context, ctx: EmulatorContext): KeyKind | Response {
  const kindOf = (k: string | null | undefined): KeyKind | null =>
    k === ctx.config.publishableKey ? "publishable" : k === ctx.config.secretKey ? "secret" : null;
  const b = bearer(c);
  const presented = c.req.header("apikey") ?? c.req.query("apikey") ?? (kindOf(b) ? b : null);
  if (!presented) return c.json({ message: "No API key found in request" }, 401);
  const kind = kindOf(presented);
  if (!kind) return c.json({ message: "Invalid API key" }, 401);
  return kind;
}

export function clientInfo(c: Context): ClientInfo {
  let ip = "unknown";
  try {
    ip = getConnInfo(c).remote.address ?? "unknown";
  } catch {
    // not served by @hono/node-server (e.g. app.request in a unit test)
  }
  return { ip, userAgent: c.req.header("user-agent") ?? null };
}

export interface Authenticated {
  user: UserRow;
  session: SessionRow | null;
  claims: Record<string, unknown>;
}

/** Verifies the Bearer JWT (GoTrue: parseJWTClaims). */
export async function verifyBearer(c: Context, ctx: EmulatorContext): Promise<Record<string, unknown>> {
  const token = bearer(c);
  if (!token) throw new AuthError(401, "no_authorization", "This endpoint requires a valid Bearer token");
  // An API key as Bearer: the gateway turns it into a role JWT without a subject.
  if (token === ctx.config.publishableKey) return { role: "anon" };
  if (token === ctx.config.secretKey) return { role: "service_role" };
  try {
    return (await ctx.keys.verify(token)) as Record<string, unknown>;
  } catch (e) {
    const why =
      e instanceof joseErrors.JWTExpired
        ? "token has invalid claims: token is expired"
        : e instanceof joseErrors.JWSSignatureVerificationFailed
          ? "token signature is invalid: crypto/ecdsa: verification error"
          : "token is malformed: could not parse token";
    throw forbidden("bad_jwt", `invalid JWT: unable to parse or verify signature, ${why}`);
  }
}

/** GoTrue's requireAuthentication + maybeLoadUserOrSession, inside the caller's transaction. */
export async function loadAuthenticated(tx: Tx, claims: Record<string, unknown>): Promise<Authenticated> {
  const sub = typeof claims.sub === "string" ? claims.sub : "";
  if (!sub) throw forbidden("bad_jwt", "invalid claim: missing sub claim");
  if (!UUID_RE.test(sub)) throw new AuthError(400, "bad_jwt", "invalid claim: sub claim must be a UUID");
  const user = await findUserById(tx, sub);
  if (!user) throw forbidden("user_not_found", "User from sub claim in JWT does not exist");
  let session: SessionRow | null = null;
  const sid = typeof claims.session_id === "string" ? claims.session_id : "";
  if (sid && sid !== "00000000-0000-0000-0000-000000000000") {
    if (!UUID_RE.test(sid)) throw forbidden("bad_jwt", "invalid claim: session_id claim must be a UUID");
    session = await findSession(tx, sid);
    if (!session) throw forbidden("session_not_found", "Session from session_id claim in JWT does not exist");
  }
  if (isBanned(user)) throw forbidden("user_banned", "User is banned");
  return { user, session, claims };
}
