/**
 * supabase-js clients for tests, created exactly as the app creates them. Works against the
 * emulator or a hosted project (SUPABASE_URL / SUPABASE_PUBLISHABLE_KEY / SUPABASE_SECRET_KEY).
 */
import { createClient, type SupabaseClient } from "@supabase/supabase-js";
import bcrypt from "bcryptjs";
import crypto from "node:crypto";
import { freshTotpCode } from "./totp.ts";
import {
  DEMO_PASSWORD,
  DEMO_TOTP_SECRET,
  DEMO_USERS,
  SUPABASE_PUBLISHABLE_KEY,
  SUPABASE_SECRET_KEY,
  SUPABASE_URL,
} from "#scripts/local-env.ts";

const noPersist = {
  auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
} as const;

export function anonClient(): SupabaseClient {
  return createClient(SUPABASE_URL, SUPABASE_PUBLISHABLE_KEY, noPersist);
}

/** Secret-key client: bypasses RLS, can use the admin API. Server-side only. */
export function serviceClient(): SupabaseClient {
  return createClient(SUPABASE_URL, SUPABASE_SECRET_KEY, noPersist);
}

/**
 * The TOTP secrets of the users this process knows to have a verified factor (the demo admins,
 * and the admins createTestUser enrolled): a sign-in of theirs steps up to aal2 with a code, as a
 * person with an authenticator app does. The organisation requires two-factor for admins.
 */
const totpSecrets = new Map<string, string>([
  [DEMO_USERS.admin, DEMO_TOTP_SECRET],
  [DEMO_USERS.mfa, DEMO_TOTP_SECRET],
]);
/** The aal2 session the enrolment made, handed out as the user's next sign-in (saves a code). */
const enrolledSessions = new Map<string, SupabaseClient>();

/**
 * Raises a signed-in client of a user with a verified TOTP factor to aal2 through the MFA
 * endpoints. A code is accepted once per time step, and other test processes may spend a demo
 * factor's step first: a refused code is retried with the next step's.
 */
export async function stepUpToAal2(client: SupabaseClient, secret: string): Promise<void> {
  const factors = await client.auth.mfa.listFactors();
  if (factors.error) throw new Error(`listing factors failed: ${factors.error.message}`);
  const factor = factors.data.totp.find((f) => f.status === "verified");
  if (!factor) throw new Error("no verified TOTP factor to step up with");
  let last = "";
  for (let attempt = 0; attempt < 6; attempt++) {
    const v = await client.auth.mfa.challengeAndVerify({
      factorId: factor.id,
      code: await freshTotpCode(secret),
    });
    if (!v.error) return;
    last = v.error.message;
  }
  throw new Error(`TOTP step-up failed: ${last}`);
}

/**
 * A fresh client signed in with email + password; throws with the service's message on failure.
 * A user with a known factor is stepped up to aal2 unless `aal: "aal1"` asks for the password-only
 * session.
 */
export async function signedInClient(
  email: string,
  password = DEMO_PASSWORD,
  opts: { aal?: "aal1" | "aal2" } = {},
): Promise<SupabaseClient> {
  const secret = totpSecrets.get(email);
  if (opts.aal !== "aal1") {
    const enrolled = enrolledSessions.get(email);
    if (enrolled) {
      enrolledSessions.delete(email);
      return enrolled;
    }
  }
  const client = anonClient();
  const { error } = await client.auth.signInWithPassword({ email, password });
  if (error) throw new Error(`sign-in as ${email} failed: ${error.message}`);
  if (secret && opts.aal !== "aal1") await stepUpToAal2(client, secret);
  return client;
}

/** The TOTP secret of a user this process enrolled (or a demo admin's), if any. */
export function totpSecretOf(email: string): string | undefined {
  return totpSecrets.get(email);
}

/**
 * Enrols and verifies a TOTP factor for a signed-in client (its session becomes aal2) and
 * remembers the secret, so later sign-ins of the user step up.
 */
export async function enrolTotp(client: SupabaseClient, email: string): Promise<string> {
  const enrolled = await client.auth.mfa.enroll({ factorType: "totp", friendlyName: `test-${Date.now()}` });
  if (enrolled.error || !enrolled.data) throw new Error(`TOTP enrol failed: ${enrolled.error?.message}`);
  const secret = enrolled.data.totp.secret;
  const verified = await client.auth.mfa.challengeAndVerify({
    factorId: enrolled.data.id,
    code: await freshTotpCode(secret),
  });
  if (verified.error) throw new Error(`TOTP verify failed: ${verified.error.message}`);
  totpSecrets.set(email, secret);
  return secret;
}

let processAdminClient: Promise<SupabaseClient> | undefined;

/**
 * One admin of this test process, made and signed in at aal2 once, for tests that need any
 * admin's token. The demo admin's factor is shared by every test process, and a code is accepted
 * once per time step: parallel sign-ins of the demo admin would wait for the clock.
 */
export function processAdmin(): Promise<SupabaseClient> {
  processAdminClient ??= createTestUser({ role: "admin" }).then((u) => signedInClient(u.email, u.password));
  return processAdminClient;
}

export interface TestUser {
  id: string;
  email: string;
  password: string;
}

/** A unique address so suites never collide with each other or with demo data. */
export function uniqueEmail(prefix = "test"): string {
  return `${prefix}-${crypto.randomUUID().slice(0, 8)}@tests.example`;
}

/**
 * Test users' passwords are stored as a bcrypt hash of the lowest cost, made here: a sign-in
 * checks it exactly as it checks any other, but the emulator's one thread spends milliseconds on
 * it instead of the production cost's hundreds (every e2e and RLS file creates and signs in users).
 */
const TEST_HASH_COST = 4;

/**
 * Creates a confirmed user through the admin API and, when a role is given, sets the role on
 * the profile the signup trigger created. An admin is enrolled in TOTP two-factor (the
 * organisation's policy requires it) unless `twoFactor: false` asks for one who has not yet.
 */
export async function createTestUser(
  opts: { role?: string | null; email?: string; password?: string; twoFactor?: boolean } = {},
): Promise<TestUser> {
  const admin = serviceClient();
  const email = opts.email ?? uniqueEmail(opts.role ?? "user");
  const password = opts.password ?? `pw-${crypto.randomUUID()}`;
  const { data, error } = await admin.auth.admin.createUser({
    email,
    password_hash: await bcrypt.hash(password, TEST_HASH_COST),
    email_confirm: true,
  });
  if (error || !data.user) throw new Error(`createUser failed: ${error?.message}`);
  if (opts.role) {
    const { error: e2 } = await admin
      .from("profiles")
      .update({ role: opts.role })
      .eq("user_id", data.user.id);
    if (e2) throw new Error(`setting role failed: ${e2.message}`);
  }
  if (opts.twoFactor ?? opts.role === "admin") {
    const client = anonClient();
    const { error: e3 } = await client.auth.signInWithPassword({ email, password });
    if (e3) throw new Error(`sign-in as ${email} failed: ${e3.message}`);
    await enrolTotp(client, email);
    enrolledSessions.set(email, client);
  }
  return { id: data.user.id, email, password };
}

/** A call that must succeed (seeding, cleanup): throws with the API's message, else returns its data. */
export async function must<T>(
  p: PromiseLike<{ data: T; error: { message: string } | null }>,
  what: string,
): Promise<T> {
  const { data, error } = await p;
  if (error) throw new Error(`${what}: ${error.message}`);
  return data;
}

export async function deleteTestUser(id: string): Promise<void> {
  await serviceClient().auth.admin.deleteUser(id);
}
