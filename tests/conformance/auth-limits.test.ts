/**
 * Per-IP rate limits and token expiry. Exact thresholds cannot be asserted against a shared or
 * hosted project, so this suite starts a second emulator in-process on a spare port with tiny
 * limits (3 sign-ins, 2 refreshes, 2 verifications per 5 minutes) and a 2-second token lifetime.
 * The limits refill continuously (one request per 100 s at 3 per 5 minutes), so the few seconds
 * the file takes never give a spent budget back, whatever the clock says.
 */
import { serve, type ServerType } from "@hono/node-server";
import { createClient, type SupabaseClient } from "@supabase/supabase-js";
import { Hono } from "hono";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authApp } from "#emulator/src/auth/index.ts";
import { loadConfig, type EmulatorConfig } from "#emulator/src/config.ts";
import type { Database } from "#emulator/src/db.ts";
import { loadSigningKeys } from "#emulator/src/keys.ts";
import { AGAINST_EMULATOR, expectAuthError } from "./auth-support.ts";
import { openMigratedDatabase } from "../support/migrated-database.ts";
import { freePort } from "#tests/security/own-emulator.ts";

const noPersist = {
  auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
} as const;

describe.runIf(AGAINST_EMULATOR)("rate limits and expiry (in-process emulator with tiny limits)", () => {
  let server: ServerType | undefined;
  let db: Database | undefined;
  let dataDir = "";
  let config: EmulatorConfig;
  let anon: () => SupabaseClient;
  let firstSession: { access_token: string; refresh_token: string };
  const email = "limits@tests.example";
  const password = "limits-password-1";

  beforeAll(async () => {
    const port = await freePort();
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "emu-auth-limits-"));
    const base = loadConfig();
    config = {
      ...base,
      port,
      publicUrl: `http://127.0.0.1:${port}`,
      dataDir,
      jwtExpirySeconds: 2,
      rateLimits: { signInSignUps: 3, tokenRefresh: 2, tokenVerifications: 2, emailSent: 10 },
    };
    db = await openMigratedDatabase();
    const keys = await loadSigningKeys(dataDir, `${config.publicUrl}/auth/v1`);
    const app = new Hono().route("/auth/v1", authApp({ config, db, keys }));
    server = serve({ fetch: app.fetch, hostname: "127.0.0.1", port });
    anon = () => createClient(config.publicUrl, config.publishableKey, noPersist);
    const admin = createClient(config.publicUrl, config.secretKey, noPersist);
    const created = await admin.auth.admin.createUser({ email, password, email_confirm: true });
    if (created.error) throw created.error;
    const signedIn = await anon().auth.signInWithPassword({ email, password }); // sign-in 1 of 3
    if (signedIn.error || !signedIn.data.session) throw signedIn.error ?? new Error("no session");
    firstSession = signedIn.data.session;
  }, 120_000); // the migrated database's start on a busy machine

  afterAll(async () => {
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
    await db?.close();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it("an expired access token is refused by /user: 403 bad_jwt", async () => {
    await new Promise((r) => setTimeout(r, 2_500));
    const { data, error } = await anon().auth.getUser(firstSession.access_token);
    expectAuthError(error, 403, "bad_jwt", /token is expired/);
    expect(data.user).toBeNull();
  });

  it("sign-in attempts over the limit are answered 429 over_request_rate_limit", async () => {
    for (let i = 0; i < 2; i++) {
      const { error } = await anon().auth.signInWithPassword({ email, password: "wrong-password" });
      expectAuthError(error, 400, "invalid_credentials");
    }
    const limited = await anon().auth.signInWithPassword({ email, password });
    expectAuthError(limited.error, 429, "over_request_rate_limit", "Request rate limit reached");
    const signUp = await anon().auth.signUp({
      email: "another@tests.example",
      password: "long-enough-password",
    });
    expectAuthError(signUp.error, 429, "over_request_rate_limit", "Request rate limit reached");
  });

  it("token refreshes have their own budget", async () => {
    const one = await anon().auth.refreshSession({ refresh_token: firstSession.refresh_token });
    expect(one.error).toBeNull();
    const two = await anon().auth.refreshSession({ refresh_token: one.data.session!.refresh_token });
    expect(two.error).toBeNull();
    const three = await anon().auth.refreshSession({ refresh_token: two.data.session!.refresh_token });
    expectAuthError(three.error, 429, "over_request_rate_limit", "Request rate limit reached");
  });

  it("verifications are limited too", async () => {
    for (let i = 0; i < 2; i++) {
      const { error } = await anon().auth.verifyOtp({ token_hash: "0".repeat(56), type: "recovery" });
      expectAuthError(error, 403, "otp_expired", "Email link is invalid or has expired");
    }
    const limited = await anon().auth.verifyOtp({ token_hash: "0".repeat(56), type: "recovery" });
    expectAuthError(limited.error, 429, "over_request_rate_limit", "Request rate limit reached");
  });
});
