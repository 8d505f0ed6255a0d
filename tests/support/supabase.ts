/**
 * supabase-js clients for tests, created exactly as the app creates them. Works against the
 * emulator or a hosted project (SUPABASE_URL / SUPABASE_PUBLISHABLE_KEY / SUPABASE_SECRET_KEY).
 */
import { createClient, type SupabaseClient } from "@supabase/supabase-js";
import bcrypt from "bcryptjs";
import crypto from "node:crypto";
import {
  DEMO_PASSWORD,
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

/** A fresh client signed in with email + password; throws with the service's message on failure. */
export async function signedInClient(email: string, password = DEMO_PASSWORD): Promise<SupabaseClient> {
  const client = anonClient();
  const { error } = await client.auth.signInWithPassword({ email, password });
  if (error) throw new Error(`sign-in as ${email} failed: ${error.message}`);
  return client;
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
 * the profile the signup trigger created.
 */
export async function createTestUser(
  opts: { role?: string | null; email?: string; password?: string } = {},
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
  return { id: data.user.id, email, password };
}

export async function deleteTestUser(id: string): Promise<void> {
  await serviceClient().auth.admin.deleteUser(id);
}
