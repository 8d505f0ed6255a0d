/**
 * Who is calling: the API gateway's job in hosted Supabase. The `apikey` (publishable or secret)
 * must be present and known; `Authorization: Bearer <jwt>` carries a user's session. The
 * publishable key alone means `anon`, the secret key `service_role`, a user JWT its own `role`.
 */
import type { Context } from "hono";
import { errors as joseErrors } from "jose";
import type { EmulatorConfig } from "../config.ts";
import type { RequestIdentity } from "../db.ts";
import type { SigningKeys } from "../keys.ts";

export type KeyKind = "publishable" | "secret";

export type AuthResolution =
  | { ok: true; identity: RequestIdentity; keyKind: KeyKind; token: string | null }
  | {
      ok: false;
      status: 401;
      reason: "no_apikey" | "bad_apikey" | "bad_jwt" | "expired_jwt";
      message: string;
    };

export function bearerOf(c: Context): string | null {
  const h = c.req.header("authorization");
  if (!h) return null;
  const m = /^Bearer\s+(.+)$/i.exec(h.trim());
  return m ? m[1]!.trim() : null;
}

export async function resolveRequestAuth(
  c: Context,
  config: EmulatorConfig,
  keys: SigningKeys,
): Promise<AuthResolution> {
  const apikey = c.req.header("apikey") ?? c.req.query("apikey") ?? null;
  const bearer = bearerOf(c);
  const keyOf = (k: string | null): KeyKind | null =>
    k === config.publishableKey ? "publishable" : k === config.secretKey ? "secret" : null;

  const presented = apikey ?? (bearer && keyOf(bearer) ? bearer : null);
  if (!presented)
    return { ok: false, status: 401, reason: "no_apikey", message: "No API key found in request" };
  const keyKind = keyOf(presented);
  if (!keyKind) return { ok: false, status: 401, reason: "bad_apikey", message: "Invalid API key" };

  if (bearer && !keyOf(bearer)) {
    try {
      const claims = await keys.verify(bearer);
      const role = claims.role;
      if (role !== "anon" && role !== "authenticated" && role !== "service_role") {
        return {
          ok: false,
          status: 401,
          reason: "bad_jwt",
          message: `role "${String(role)}" does not exist`,
        };
      }
      return {
        ok: true,
        identity: { role, claims: claims as Record<string, unknown> },
        keyKind,
        token: bearer,
      };
    } catch (e) {
      if (e instanceof joseErrors.JWTExpired)
        return { ok: false, status: 401, reason: "expired_jwt", message: "JWT expired" };
      return { ok: false, status: 401, reason: "bad_jwt", message: "JWSError JWSInvalidSignature" };
    }
  }
  const role = keyKind === "secret" ? "service_role" : "anon";
  return { ok: true, identity: { role, claims: { role, iss: "supabase" } }, keyKind, token: null };
}
