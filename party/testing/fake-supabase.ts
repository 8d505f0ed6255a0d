/**
 * A stand-in for Supabase's auth + data API used ONLY by the hub's workerd tests
 * (`vitest --project hub`), wired as miniflare's outboundService in vitest.config.ts.
 * It signs real ES256 tokens and serves the matching JWKS so the hub's jose verification runs
 * for real; the tests mint tokens through `GET /__test/token`, change a user's role with
 * `GET /__test/role?sub=&role=admin|staff|partner|none` (a partner token carries `partner=<id>`:
 * `/rest/v1/partners` then shows that one row, as RLS does for a partner account) and end a user's sessions with
 * `GET /__test/revoke?sub=` (then `/auth/v1/user` answers 403 session_not_found, as GoTrue does).
 * The whole-stack suite (tests/hub) runs the same hub against the real emulator.
 */
import { SignJWT, exportJWK, generateKeyPair, decodeJwt, type JWK } from "jose";

export const FAKE_SUPABASE_URL = "http://supabase.hub-test";

interface Keys {
  privateKey: CryptoKey;
  jwk: JWK;
}

let keys: Promise<Keys> | null = null;
let otherKeys: Promise<Keys> | null = null;

async function makeKeys(kid: string): Promise<Keys> {
  const { privateKey, publicKey } = await generateKeyPair("ES256", { extractable: true });
  const jwk = { ...(await exportJWK(publicKey)), kid, alg: "ES256", use: "sig" };
  return { privateKey: privateKey as CryptoKey, jwk };
}

let seq = 0;
/** Roles changed after the token was minted (the token's `test_role` otherwise). */
const roles = new Map<string, string>();
/** Users whose sessions were signed out. */
const revoked = new Set<string>();
/** GET /auth/v1/user calls per user: tests count the hub's re-checks. */
const userLookups = new Map<string, number>();
/** How long a chat write waits before it is answered (a database under load). */
let writeStallMs = 0;
/** Per user: how many more profile reads fail as if the database did not answer (503). */
const profileOutages = new Map<string, number>();

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
}

export async function fakeSupabase(request: Request): Promise<Response> {
  keys ??= makeKeys("test-key");
  const url = new URL(request.url);
  if (url.pathname === "/auth/v1/.well-known/jwks.json") return json({ keys: [(await keys).jwk] });

  if (url.pathname === "/__test/token") {
    // ?sub=&role=admin|staff|none&exp=<seconds from now>&aud=&iss=&forge=1
    const forge = url.searchParams.get("forge") === "1";
    otherKeys ??= makeKeys("test-key");
    const k = forge ? await otherKeys : await keys;
    const expIn = Number(url.searchParams.get("exp") ?? 3600);
    const claims: Record<string, unknown> = {
      role: "authenticated",
      test_role: url.searchParams.get("role") ?? "admin",
    };
    claims.aal = url.searchParams.get("aal") ?? "aal1";
    if (url.searchParams.get("mfa") === "1") claims.test_mfa = true;
    if (url.searchParams.get("partner")) claims.test_partner = url.searchParams.get("partner");
    const token = await new SignJWT(claims)
      .setProtectedHeader({ alg: "ES256", kid: k.jwk.kid! })
      .setSubject(url.searchParams.get("sub") ?? crypto.randomUUID())
      .setIssuer(url.searchParams.get("iss") ?? `${FAKE_SUPABASE_URL}/auth/v1`)
      .setAudience(url.searchParams.get("aud") ?? "authenticated")
      .setIssuedAt()
      .setExpirationTime(Math.floor(Date.now() / 1000) + expIn)
      .sign(k.privateKey);
    return new Response(token);
  }

  if (url.pathname === "/__test/role") {
    roles.set(url.searchParams.get("sub") ?? "", url.searchParams.get("role") ?? "none");
    return new Response("ok");
  }
  if (url.pathname === "/__test/revoke") {
    revoked.add(url.searchParams.get("sub") ?? "");
    return new Response("ok");
  }
  if (url.pathname === "/__test/stall-writes") {
    writeStallMs = Number(url.searchParams.get("ms") ?? 0);
    return new Response("ok");
  }
  if (url.pathname === "/__test/profile-outage") {
    profileOutages.set(url.searchParams.get("sub") ?? "", Number(url.searchParams.get("count") ?? 1));
    return new Response("ok");
  }
  if (url.pathname === "/__test/lookups")
    return json({ count: userLookups.get(url.searchParams.get("sub") ?? "") ?? 0 });

  const auth = request.headers.get("Authorization")?.replace(/^Bearer /, "") ?? "";
  let claims: {
    sub?: string;
    test_role?: string;
    test_mfa?: boolean;
    test_partner?: string;
    test_enrolment_pending?: boolean;
  } = {};
  try {
    claims = decodeJwt(auth) as typeof claims;
  } catch {
    return json({ message: "invalid token" }, 401);
  }

  const role = (claims.sub && roles.get(claims.sub)) ?? claims.test_role ?? null;

  if (url.pathname === "/auth/v1/user") {
    if (claims.sub) userLookups.set(claims.sub, (userLookups.get(claims.sub) ?? 0) + 1);
    if (claims.sub && revoked.has(claims.sub)) {
      return json(
        {
          code: 403,
          error_code: "session_not_found",
          msg: "Session from session_id claim in JWT does not exist",
        },
        403,
      );
    }
    const factors = claims.test_mfa ? [{ id: "f1", status: "verified", factor_type: "totp" }] : [];
    return json({ id: claims.sub, aud: "authenticated", factors });
  }

  if (url.pathname === "/rest/v1/profiles") {
    const outage = claims.sub ? (profileOutages.get(claims.sub) ?? 0) : 0;
    if (outage > 0) {
      profileOutages.set(claims.sub!, outage - 1);
      return json({ message: "upstream unavailable" }, 503);
    }
    return json([
      {
        role: role === "none" ? null : role,
        first_name: "Test",
        last_name: claims.test_role ?? "",
        avatar_url: null,
      },
    ]);
  }

  // The organisation's two-factor policy: a user the policy covers without a factor is pending
  // (test_enrolment_pending), everyone else is not.
  if (url.pathname === "/rest/v1/rpc/two_factor_enrolment_pending") {
    return json(claims.test_enrolment_pending === true);
  }

  if (url.pathname === "/rest/v1/partners") {
    return json(role === "partner" && claims.test_partner ? [{ id: claims.test_partner }] : []);
  }

  if (url.pathname === "/rest/v1/team_messages" && request.method === "POST") {
    const body = (await request.json()) as Record<string, unknown>;
    if (writeStallMs) await new Promise((resolve) => setTimeout(resolve, writeStallMs));
    if (role !== "admin")
      return json({ code: "42501", message: "new row violates row-level security policy" }, 403);
    const now = new Date(Date.now() + seq++).toISOString();
    return json(
      [
        {
          id: body.id ?? crypto.randomUUID(),
          user_id: body.user_id,
          message: body.message,
          channel_id: body.channel_id,
          reply_to_id: body.reply_to_id ?? null,
          is_edited: false,
          created_at: now,
          updated_at: now,
        },
      ],
      201,
    );
  }
  return json({ message: `fake supabase: no route for ${request.method} ${url.pathname}` }, 404);
}
