/**
 * The access-token verifier's rules with real ES256 signatures. GoTrue's `/auth/v1/user` is a
 * small stand-in here (the edge and hub suites run the same verifier against the emulator).
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { SignJWT, createLocalJWKSet, exportJWK, generateKeyPair, type JWK } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  AccessTokenError,
  createAccessTokenVerifier,
  type AccessTokenVerifierOptions,
} from "./access-token.ts";

const URL_ = "http://project.test";
const KEY = "sb_publishable_test";
const USER = "6f1c2b9e-4d3a-4c8e-9b7a-2e5f1d0c3a41";
const SESSION = "0b9c4f0e-1f55-4a57-8a3e-4c1d2e3f4a5b";

let signing: CryptoKey;
let otherSigning: CryptoKey;
let jwk: JWK;

beforeAll(async () => {
  const pair = await generateKeyPair("ES256", { extractable: true });
  signing = pair.privateKey;
  jwk = { ...(await exportJWK(pair.publicKey)), kid: "k1", alg: "ES256", use: "sig" };
  otherSigning = (await generateKeyPair("ES256")).privateKey;
});

interface TokenOpts {
  sub?: string;
  aal?: string;
  role?: string;
  iss?: string;
  aud?: string;
  expIn?: number;
  /** Signed with a key that is not in the project's JWKS. */
  forged?: boolean;
}

function token(o: TokenOpts = {}): Promise<string> {
  return new SignJWT({
    role: o.role ?? "authenticated",
    aal: o.aal ?? "aal1",
    session_id: SESSION,
    email: "a@demo.test",
  })
    .setProtectedHeader({ alg: "ES256", kid: "k1" })
    .setSubject(o.sub ?? USER)
    .setIssuer(o.iss ?? `${URL_}/auth/v1`)
    .setAudience(o.aud ?? "authenticated")
    .setIssuedAt()
    .setExpirationTime(Math.floor(Date.now() / 1000) + (o.expIn ?? 3600))
    .sign(o.forged ? otherSigning : signing);
}

/** GoTrue's GET /user as the verifier sees it: a user record, or an error for an ended session. */
function authUser(answer: { status: number; body: unknown } | "down"): typeof fetch {
  return async (input, init) => {
    expect(String(input)).toBe(`${URL_}/auth/v1/user`);
    expect(new Headers(init?.headers).get("apikey")).toBe(KEY);
    if (answer === "down") throw new TypeError("fetch failed");
    return Response.json(answer.body, { status: answer.status });
  };
}
const userWith = (factors: Array<{ status: string }> = [], id = USER) =>
  authUser({ status: 200, body: { id, aud: "authenticated", factors } });

function verifier(overrides: Partial<AccessTokenVerifierOptions> = {}) {
  return createAccessTokenVerifier({
    supabaseUrl: URL_,
    publishableKey: KEY,
    keys: createLocalJWKSet({ keys: [jwk] }),
    fetch: userWith(),
    ...overrides,
  });
}

async function refusal(p: Promise<unknown>): Promise<AccessTokenError> {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(AccessTokenError);
  return err as AccessTokenError;
}

describe("createAccessTokenVerifier", () => {
  it("accepts a token of this project and returns the session", async () => {
    const s = await verifier()(await token());
    expect(s).toMatchObject({
      userId: USER,
      sessionId: SESSION,
      aal: "aal1",
      email: "a@demo.test",
      hasVerifiedFactor: false,
    });
    expect(s.exp).toBeGreaterThan(Date.now() / 1000);
  });

  it("401 missing_token without a token", async () => {
    for (const t of [null, undefined, ""])
      expect(await refusal(verifier()(t))).toMatchObject({ status: 401, code: "missing_token" });
  });

  it.each<[string, TokenOpts]>([
    ["signed with another key", { forged: true }],
    ["expired", { expIn: -60 }],
    ["of another issuer", { iss: "https://evil.example/auth/v1" }],
    ["for another audience", { aud: "anon-ish" }],
    ["of the service role", { role: "service_role" }],
    ["of an unknown assurance level", { aal: "aal9" }],
  ])("401 invalid_token for a token %s", async (label, opts) => {
    const t = await token(opts);
    const err = await refusal(verifier()(t));
    expect(err).toMatchObject({ status: 401, code: "invalid_token" });
    if (label === "expired") expect(err.message).toMatch(/exp/);
  });

  it("401 for alg none and for HS256 signed with the publishable key (asymmetric keys only)", async () => {
    const claims = {
      sub: USER,
      role: "authenticated",
      aal: "aal2",
      aud: "authenticated",
      iss: `${URL_}/auth/v1`,
      exp: Math.floor(Date.now() / 1000) + 600,
    };
    const b64 = (o: unknown) => Buffer.from(JSON.stringify(o)).toString("base64url");
    const none = `${b64({ alg: "none", typ: "JWT" })}.${b64(claims)}.`;
    const hs = await new SignJWT(claims)
      .setProtectedHeader({ alg: "HS256" })
      .sign(new TextEncoder().encode(KEY));
    for (const t of [none, hs, "not-a-jwt"])
      expect(await refusal(verifier()(t))).toMatchObject({ status: 401, code: "invalid_token" });
  });

  it("401 session_ended when GoTrue no longer knows the session (signed out, revoked) or the user", async () => {
    for (const code of ["session_not_found", "user_not_found", "user_banned"]) {
      const ended = authUser({ status: 403, body: { code: 403, error_code: code, msg: "gone" } });
      const err = await refusal(verifier({ fetch: ended })(await token()));
      expect(err).toMatchObject({ status: 401, code: "session_ended" });
      expect(err.message).toContain(code);
    }
  });

  it("403 aal2_required for a user with a verified factor at aal1; accepted at aal2", async () => {
    const mfa = userWith([{ status: "verified" }]);
    const err = await refusal(verifier({ fetch: mfa })(await token({ aal: "aal1" })));
    expect(err).toMatchObject({ status: 403, code: "aal2_required" });
    expect(err.message).toMatch(/two-factor/i);
    expect(await verifier({ fetch: mfa })(await token({ aal: "aal2" }))).toMatchObject({
      aal: "aal2",
      hasVerifiedFactor: true,
    });
  });

  it("an unverified factor does not raise the bar", async () => {
    expect(await verifier({ fetch: userWith([{ status: "unverified" }]) })(await token())).toMatchObject({
      aal: "aal1",
      hasVerifiedFactor: false,
    });
  });

  it("503 auth_unavailable when the auth service is down or answers 5xx or someone else", async () => {
    for (const f of [
      authUser("down"),
      authUser({ status: 502, body: {} }),
      userWith([], "00000000-0000-4000-8000-000000000000"),
    ]) {
      expect(await refusal(verifier({ fetch: f })(await token()))).toMatchObject({
        status: 503,
        code: "auth_unavailable",
      });
    }
  });
});

describe("the project's JWKS over HTTP (the default key source)", () => {
  let server: http.Server;
  let base: string;
  let jwksHits = 0;
  beforeAll(async () => {
    server = http.createServer((req, res) => {
      if (req.url === "/auth/v1/.well-known/jwks.json") {
        jwksHits++;
        res.setHeader("content-type", "application/json");
        res.end(JSON.stringify({ keys: [jwk] }));
      } else {
        res.statusCode = 404;
        res.end();
      }
    });
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  it("fetches the keys once and verifies with them", async () => {
    const verify = createAccessTokenVerifier({
      supabaseUrl: `${base}/`,
      publishableKey: KEY,
      fetch: async () => Response.json({ id: USER, factors: [] }),
    });
    const t = await token({ iss: `${base}/auth/v1` });
    expect(await verify(t)).toMatchObject({ userId: USER });
    expect(await verify(t)).toMatchObject({ userId: USER });
    expect(jwksHits).toBe(1);
  });

  it("503 auth_unavailable when the JWKS cannot be fetched", async () => {
    const dead = "http://127.0.0.1:9";
    const verify = createAccessTokenVerifier({ supabaseUrl: dead, publishableKey: KEY, fetch: userWith() });
    expect(await refusal(verify(await token({ iss: `${dead}/auth/v1` })))).toMatchObject({
      status: 503,
      code: "auth_unavailable",
    });
  });
});
