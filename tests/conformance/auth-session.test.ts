/**
 * Auth conformance: sign-up, sign-in, refresh-token rotation and reuse, sign-out scopes, the
 * user's own record, access-token claims and JWKS. supabase-js is used exactly as the app uses
 * it; expectations follow GoTrue, so the suite also runs against a hosted project.
 */
import { createRemoteJWKSet, decodeJwt, jwtVerify } from "jose";
import { afterAll, describe, expect, it } from "vitest";
import { SUPABASE_PUBLISHABLE_KEY, SUPABASE_URL } from "#scripts/local-env.ts";
import { anonClient, createTestUser, uniqueEmail } from "../support/supabase.ts";
import { AGAINST_EMULATOR, expectAuthError, sessionOf, userJanitor, userWithClient } from "./auth-support.ts";

const janitor = userJanitor();
afterAll(() => janitor.cleanup());

describe("sign-up", () => {
  it("creates a confirmed user with an email identity and returns a session", async () => {
    const email = uniqueEmail("signup");
    const { data, error } = await anonClient().auth.signUp({
      email,
      password: "correct-horse-battery",
      options: { data: { first_name: "Ama", last_name: "Mensah" } },
    });
    expect(error).toBeNull();
    janitor.track(data.user?.id);
    expect(data.user?.email).toBe(email);
    expect(data.user?.user_metadata).toMatchObject({ first_name: "Ama", last_name: "Mensah" });
    expect(data.user?.app_metadata).toMatchObject({ provider: "email", providers: ["email"] });
    expect(data.user?.identities?.map((i) => i.provider)).toEqual(["email"]);
    expect(data.user?.email_confirmed_at).toBeTruthy();
    expect(data.session?.token_type).toBe("bearer");
    expect(data.session?.access_token.split(".")).toHaveLength(3);
    expect(data.session?.refresh_token).toBeTruthy();
    expect(data.session!.expires_at! - Math.floor(Date.now() / 1000)).toBeGreaterThan(0);
  });

  it("refuses an address that is already registered: 422 user_already_exists", async () => {
    const existing = await createTestUser();
    janitor.track(existing.id);
    const { data, error } = await anonClient().auth.signUp({
      email: existing.email,
      password: "another-password-1",
    });
    expectAuthError(error, 422, "user_already_exists", "User already registered");
    expect(data.user).toBeNull();
  });

  it("refuses a short password: 422 weak_password with reasons", async () => {
    const { error } = await anonClient().auth.signUp({ email: uniqueEmail("weak"), password: "abc" });
    expectAuthError(error, 422, "weak_password", /^Password should be at least \d+ characters\.$/);
    expect(error.name).toBe("AuthWeakPasswordError");
    expect((error as unknown as { reasons: string[] }).reasons).toContain("length");
  });

  it("refuses a missing password: 400 validation_failed", async () => {
    const { error } = await anonClient().auth.signUp({ email: uniqueEmail("nopw"), password: "" });
    expectAuthError(error, 400, "validation_failed", "Signup requires a valid password");
  });

  it("refuses a malformed address: 400 validation_failed", async () => {
    const { error } = await anonClient().auth.signUp({
      email: "not an email",
      password: "long-enough-password",
    });
    expectAuthError(error, 400, "validation_failed", /^Unable to validate email address: invalid format$/);
  });
});

describe("password sign-in", () => {
  it("signs in with the right password and returns user and session", async () => {
    const u = await createTestUser();
    janitor.track(u.id);
    const { data, error } = await anonClient().auth.signInWithPassword({
      email: u.email,
      password: u.password,
    });
    expect(error).toBeNull();
    expect(data.user?.id).toBe(u.id);
    expect(data.session?.user.id).toBe(u.id);
    expect(data.session?.expires_in).toBeGreaterThan(0);
    expect(data.user?.last_sign_in_at).toBeTruthy();
  });

  it("matches the address case-insensitively", async () => {
    const u = await createTestUser();
    janitor.track(u.id);
    const { data, error } = await anonClient().auth.signInWithPassword({
      email: u.email.toUpperCase(),
      password: u.password,
    });
    expect(error).toBeNull();
    expect(data.user?.id).toBe(u.id);
  });

  it("answers a wrong password with 400 invalid_credentials", async () => {
    const u = await createTestUser();
    janitor.track(u.id);
    const { data, error } = await anonClient().auth.signInWithPassword({
      email: u.email,
      password: "wrong-password",
    });
    expectAuthError(error, 400, "invalid_credentials", "Invalid login credentials");
    expect(data.session).toBeNull();
  });

  it("answers an unknown address exactly like a wrong password", async () => {
    const { error } = await anonClient().auth.signInWithPassword({
      email: uniqueEmail("nobody"),
      password: "whatever-password",
    });
    expectAuthError(error, 400, "invalid_credentials", "Invalid login credentials");
  });

  it("answers an empty email with 400 validation_failed", async () => {
    const { error } = await anonClient().auth.signInWithPassword({
      email: "",
      password: "whatever-password",
    });
    expectAuthError(error, 400, "validation_failed", "missing email or phone");
  });

  it("requires an email or phone and a password (client-side message from the spec)", async () => {
    const { error } = await anonClient().auth.signInWithPassword({ password: "x" } as never);
    expect(error?.message).toBe("You must provide either an email or phone number and a password");
    expect(error?.name).toBe("AuthInvalidCredentialsError");
  });

  it("answers a body that is not JSON with 400 bad_json", async () => {
    const res = await fetch(`${SUPABASE_URL}/auth/v1/token?grant_type=password`, {
      method: "POST",
      headers: {
        apikey: SUPABASE_PUBLISHABLE_KEY,
        "content-type": "application/json",
        "x-supabase-api-version": "2024-01-01",
      },
      body: "{not json",
    });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { code: string; message: string };
    expect(body.code).toBe("bad_json");
    expect(body.message).toMatch(/^Could not parse request body as JSON/);
  });
});

describe("access token", () => {
  it("carries GoTrue's claims and verifies against the project's JWKS", async () => {
    const { user, client } = await userWithClient();
    janitor.track(user.id);
    const session = await sessionOf(client);
    const jwks = createRemoteJWKSet(new URL(`${SUPABASE_URL}/auth/v1/.well-known/jwks.json`));
    const { payload, protectedHeader } = await jwtVerify(session.access_token, jwks, {
      issuer: `${SUPABASE_URL}/auth/v1`,
      audience: "authenticated",
    });
    expect(protectedHeader.alg).toMatch(/^(ES256|RS256)$/);
    expect(payload.sub).toBe(user.id);
    expect(payload.role).toBe("authenticated");
    expect(payload.email).toBe(user.email);
    expect(payload.aal).toBe("aal1");
    expect(payload.is_anonymous).toBe(false);
    expect(typeof payload.session_id).toBe("string");
    expect(payload.amr).toEqual([{ method: "password", timestamp: expect.any(Number) }]);
    expect(payload.app_metadata).toMatchObject({ provider: "email" });
    // expires_in is computed when the answer is written: the same second as iat, or the next.
    expect(payload.exp! - payload.iat!).toBeGreaterThanOrEqual(session.expires_in!);
    expect(payload.exp! - payload.iat!).toBeLessThanOrEqual(session.expires_in! + 1);
  });

  it("is refused by /user when tampered with: 403 bad_jwt", async () => {
    const { user, client } = await userWithClient();
    janitor.track(user.id);
    const token = (await sessionOf(client)).access_token;
    const [h, , s] = token.split(".");
    const forged = [
      h,
      Buffer.from(JSON.stringify({ ...decodeJwt(token), role: "service_role" })).toString("base64url"),
      s,
    ].join(".");
    const { data, error } = await anonClient().auth.getUser(forged);
    expectAuthError(error, 403, "bad_jwt", /^invalid JWT: unable to parse or verify signature/);
    expect(data.user).toBeNull();
  });

  it("is required by /user: 401 no_authorization without a bearer", async () => {
    const res = await fetch(`${SUPABASE_URL}/auth/v1/user`, {
      headers: { apikey: SUPABASE_PUBLISHABLE_KEY, "x-supabase-api-version": "2024-01-01" },
    });
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({
      code: "no_authorization",
      message: "This endpoint requires a valid Bearer token",
    });
  });
});

describe("refresh tokens", () => {
  it("rotate: each refresh answers a new refresh token and a fresh access token", async () => {
    const { user, client } = await userWithClient();
    janitor.track(user.id);
    const first = await sessionOf(client);
    const { data, error } = await client.auth.refreshSession();
    expect(error).toBeNull();
    expect(data.session?.refresh_token).toBeTruthy();
    expect(data.session?.refresh_token).not.toBe(first.refresh_token);
    expect(data.user?.id).toBe(user.id);
    expect(decodeJwt(data.session!.access_token).session_id).toBe(decodeJwt(first.access_token).session_id);
  });

  it("a just-replaced token (client lost the answer) gets the active token back", async () => {
    const { user, client } = await userWithClient();
    janitor.track(user.id);
    const a = (await sessionOf(client)).refresh_token;
    const b = (await client.auth.refreshSession()).data.session!.refresh_token;
    const again = await anonClient().auth.refreshSession({ refresh_token: a });
    expect(again.error).toBeNull();
    expect(again.data.session?.user.id).toBe(user.id);
    // GoTrue's legacy tokens hand back the active child itself (newer token formats re-encode it).
    if (AGAINST_EMULATOR) expect(again.data.session?.refresh_token).toBe(b);
    expect((await anonClient().auth.refreshSession({ refresh_token: b })).error).toBeNull();
  });

  it("reuse of an old token outside the reuse interval revokes the session: 400 refresh_token_already_used", {
    timeout: 40_000,
  }, async () => {
    const { user, client } = await userWithClient();
    janitor.track(user.id);
    const a = (await sessionOf(client)).refresh_token;
    await client.auth.refreshSession();
    const c = (await client.auth.refreshSession()).data.session!.refresh_token;
    // GoTrue's refresh_token_reuse_interval is 10 s (config.toml and hosted default).
    await new Promise((r) => setTimeout(r, 11_000));
    const reused = await anonClient().auth.refreshSession({ refresh_token: a });
    expectAuthError(reused.error, 400, "refresh_token_already_used", "Invalid Refresh Token: Already Used");
    // The whole family is gone: even the newest token no longer works.
    const newest = await anonClient().auth.refreshSession({ refresh_token: c });
    expect(newest.error).not.toBeNull();
    expect(newest.error!.status).toBe(400);
    expect(newest.data.session).toBeNull();
  });

  it("an unknown token is refused: 400 refresh_token_not_found", async () => {
    const { error } = await anonClient().auth.refreshSession({ refresh_token: "abcdefghijkl" });
    expectAuthError(error, 400, "refresh_token_not_found", "Invalid Refresh Token: Refresh Token Not Found");
  });
});

describe("sign-out scopes", () => {
  async function twoSessions() {
    const u = await createTestUser();
    janitor.track(u.id);
    const one = anonClient();
    const two = anonClient();
    await one.auth.signInWithPassword({ email: u.email, password: u.password });
    await two.auth.signInWithPassword({ email: u.email, password: u.password });
    return { one, two, oneSession: await sessionOf(one), twoSession: await sessionOf(two) };
  }

  it("local ends only this session", async () => {
    const { one, two, oneSession, twoSession } = await twoSessions();
    expect((await one.auth.signOut({ scope: "local" })).error).toBeNull();
    expect((await one.auth.getSession()).data.session).toBeNull();
    expect(
      (await anonClient().auth.refreshSession({ refresh_token: oneSession.refresh_token })).error?.status,
    ).toBe(400);
    const still = await two.auth.getUser(twoSession.access_token);
    expect(still.error).toBeNull();
    expect(still.data.user?.id).toBe(twoSession.user.id);
  });

  it("others ends every other session and keeps this one", async () => {
    const { one, oneSession, twoSession } = await twoSessions();
    expect((await one.auth.signOut({ scope: "others" })).error).toBeNull();
    expect((await one.auth.getUser()).data.user?.id).toBe(oneSession.user.id);
    const other = await anonClient().auth.refreshSession({ refresh_token: twoSession.refresh_token });
    expect(other.error?.status).toBe(400);
  });

  it("global ends every session; an old access token then finds no session", async () => {
    const { one, two, twoSession } = await twoSessions();
    expect((await one.auth.signOut()).error).toBeNull();
    const { data, error } = await two.auth.getUser(twoSession.access_token);
    expect(data.user).toBeNull();
    expect(error?.name).toBe("AuthSessionMissingError");
    const refreshed = await anonClient().auth.refreshSession({ refresh_token: twoSession.refresh_token });
    expect(refreshed.error?.status).toBe(400);
  });

  // What servers that trust a token (the edge, the hub) read to learn that a still-unexpired
  // access token's session was signed out: GoTrue's maybeLoadUserOrSession answers 403.
  it("GET /user with a signed-out session's token: 403 session_not_found, in both error shapes", async () => {
    const { one, twoSession } = await twoSessions();
    expect((await one.auth.signOut({ scope: "global" })).error).toBeNull();
    const get = (headers: Record<string, string> = {}) =>
      fetch(`${SUPABASE_URL}/auth/v1/user`, {
        headers: {
          apikey: SUPABASE_PUBLISHABLE_KEY,
          Authorization: `Bearer ${twoSession.access_token}`,
          ...headers,
        },
      });
    const legacy = await get();
    expect(legacy.status).toBe(403);
    expect(await legacy.json()).toEqual({
      code: 403,
      error_code: "session_not_found",
      msg: "Session from session_id claim in JWT does not exist",
    });
    const versioned = await get({ "X-Supabase-Api-Version": "2024-01-01" });
    expect(versioned.status).toBe(403);
    expect(await versioned.json()).toEqual({
      code: "session_not_found",
      message: "Session from session_id claim in JWT does not exist",
    });
  });
});

describe("the signed-in user's record", () => {
  it("getUser answers the user with identities", async () => {
    const { user, client } = await userWithClient();
    janitor.track(user.id);
    const { data, error } = await client.auth.getUser();
    expect(error).toBeNull();
    expect(data.user).toMatchObject({
      id: user.id,
      email: user.email,
      aud: "authenticated",
      role: "authenticated",
      is_anonymous: false,
    });
    expect(data.user?.identities?.[0]).toMatchObject({ provider: "email", user_id: user.id });
  });

  it("updateUser merges user_metadata (null removes a key)", async () => {
    const { user, client } = await userWithClient();
    janitor.track(user.id);
    await client.auth.updateUser({ data: { first_name: "Kofi", city: "Accra" } });
    const { data, error } = await client.auth.updateUser({ data: { city: null, last_name: "Boateng" } });
    expect(error).toBeNull();
    expect(data.user?.user_metadata).toMatchObject({ first_name: "Kofi", last_name: "Boateng" });
    expect(data.user?.user_metadata).not.toHaveProperty("city");
  });

  it("updateUser changes the password: the new one signs in, the old one no longer does", async () => {
    const { user, client } = await userWithClient();
    janitor.track(user.id);
    const newPassword = `new-${user.password}`;
    const { error } = await client.auth.updateUser({ password: newPassword });
    expect(error).toBeNull();
    expectAuthError(
      (await anonClient().auth.signInWithPassword({ email: user.email, password: user.password })).error,
      400,
      "invalid_credentials",
    );
    expect(
      (await anonClient().auth.signInWithPassword({ email: user.email, password: newPassword })).error,
    ).toBeNull();
  });

  it("updateUser refuses the same password: 422 same_password", async () => {
    const { user, client } = await userWithClient();
    janitor.track(user.id);
    const { error } = await client.auth.updateUser({ password: user.password });
    expectAuthError(error, 422, "same_password", "New password should be different from the old password.");
  });

  it("updateUser refuses a weak password: 422 weak_password", async () => {
    const { user, client } = await userWithClient();
    janitor.track(user.id);
    const { error } = await client.auth.updateUser({ password: "ab" });
    expectAuthError(error, 422, "weak_password", /^Password should be at least \d+ characters\.$/);
  });

  it("a password change ends the user's other sessions", async () => {
    const { user, client } = await userWithClient();
    janitor.track(user.id);
    const other = anonClient();
    await other.auth.signInWithPassword({ email: user.email, password: user.password });
    const otherSession = await sessionOf(other);
    expect((await client.auth.updateUser({ password: `changed-${user.password}` })).error).toBeNull();
    expect((await other.auth.getUser(otherSession.access_token)).error?.name).toBe("AuthSessionMissingError");
    expect((await client.auth.getUser()).data.user?.id).toBe(user.id);
  });
});

describe("service endpoints", () => {
  it("GET /health and /settings answer", async () => {
    const headers = { apikey: SUPABASE_PUBLISHABLE_KEY };
    const health = await fetch(`${SUPABASE_URL}/auth/v1/health`, { headers });
    expect(health.status).toBe(200);
    expect(await health.json()).toMatchObject({ name: "GoTrue" });
    const settings = await fetch(`${SUPABASE_URL}/auth/v1/settings`, { headers });
    expect(settings.status).toBe(200);
    const body = (await settings.json()) as { external: { email: boolean }; disable_signup: boolean };
    expect(body.external.email).toBe(true);
    expect(body.disable_signup).toBe(false);
  });

  it("publishes its public signing keys without private parts", async () => {
    const res = await fetch(`${SUPABASE_URL}/auth/v1/.well-known/jwks.json`);
    expect(res.status).toBe(200);
    const { keys } = (await res.json()) as { keys: Record<string, unknown>[] };
    expect(keys.length).toBeGreaterThan(0);
    for (const k of keys) {
      expect(k.kid).toEqual(expect.any(String));
      expect(k).not.toHaveProperty("d");
    }
  });
});
