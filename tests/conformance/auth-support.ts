/**
 * Helpers shared by the auth conformance suites (auth*, mfa*, admin*). Nothing here is
 * emulator-specific except `AGAINST_EMULATOR`, which gates the few checks that need the
 * emulator's outbox or an in-process emulator with tiny limits.
 */
import type { AuthError, SupabaseClient } from "@supabase/supabase-js";
import { expect } from "vitest";
import { anonClient, createTestUser, deleteTestUser, type TestUser } from "../support/supabase.ts";

/** False when SUPABASE_URL points the suite at a hosted project. */
export const AGAINST_EMULATOR = !process.env.SUPABASE_URL;

/** Asserts a supabase-js auth error: HTTP status, GoTrue error code and (optionally) message. */
export function expectAuthError(
  error: AuthError | null,
  status: number,
  code: string | undefined,
  message?: string | RegExp,
): asserts error is AuthError {
  expect(error, `expected an auth error ${status} ${code ?? ""}`).not.toBeNull();
  expect(error!.status).toBe(status);
  if (code !== undefined) expect(error!.code).toBe(code);
  if (typeof message === "string") expect(error!.message).toBe(message);
  else if (message) expect(error!.message).toMatch(message);
}

/** A fresh confirmed user and a client signed in as them. */
export async function userWithClient(): Promise<{ user: TestUser; client: SupabaseClient }> {
  const user = await createTestUser();
  const client = anonClient();
  const { error } = await client.auth.signInWithPassword({ email: user.email, password: user.password });
  if (error) throw new Error(`sign-in failed: ${error.message}`);
  return { user, client };
}

/** Collects test users so `afterAll` can remove them. */
export function userJanitor() {
  const ids: string[] = [];
  return {
    track(id: string | undefined) {
      if (id) ids.push(id);
    },
    async cleanup() {
      await Promise.all(ids.splice(0).map((id) => deleteTestUser(id).catch(() => undefined)));
    },
  };
}

export async function sessionOf(client: SupabaseClient) {
  const { data, error } = await client.auth.getSession();
  if (error || !data.session) throw new Error(`no session: ${error?.message ?? "none"}`);
  return data.session;
}
