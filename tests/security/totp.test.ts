/**
 * TOTP brute force and replay. After five wrong codes a factor takes no more
 * verifications for a while, not even the right code (our MFA verification-attempt hook, which
 * hosted GoTrue calls too); a code whose time step was already accepted is refused (RFC 6238
 * §5.2; the emulator's verifier).
 */
import * as OTPAuth from "otpauth";
import { decodeJwt } from "jose";
import type { SupabaseClient } from "@supabase/supabase-js";
import { afterAll, describe, expect, it } from "vitest";
import { anonClient, createTestUser, deleteTestUser, type TestUser } from "../support/supabase.ts";

const users: TestUser[] = [];
afterAll(async () => {
  await Promise.all(users.map((u) => deleteTestUser(u.id).catch(() => undefined)));
});

function codeAt(secret: string, stepOffset = 0): string {
  return new OTPAuth.TOTP({
    secret: OTPAuth.Secret.fromBase32(secret),
    algorithm: "SHA1",
    digits: 6,
    period: 30,
  }).generate({ timestamp: Date.now() + stepOffset * 30_000 });
}

function wrongCode(secret: string): string {
  const good = new Set([-1, 0, 1].map((o) => codeAt(secret, o)));
  for (let n = 0; ; n++) {
    const c = String((Number(codeAt(secret)) + 137_777 * (n + 1)) % 1_000_000).padStart(6, "0");
    if (!good.has(c)) return c;
  }
}

async function signIn(user: TestUser): Promise<SupabaseClient> {
  const c = anonClient();
  const { error } = await c.auth.signInWithPassword({ email: user.email, password: user.password });
  if (error) throw new Error(error.message);
  return c;
}

/** A user with a verified TOTP factor; returns the secret, the factor and the step used. */
async function userWithFactor(): Promise<{ user: TestUser; secret: string; factorId: string }> {
  const user = await createTestUser({ role: null });
  users.push(user);
  const c = await signIn(user);
  const { data, error } = await c.auth.mfa.enroll({ factorType: "totp", friendlyName: "security test" });
  if (error || !data) throw new Error(error?.message);
  const v = await c.auth.mfa.challengeAndVerify({ factorId: data.id, code: codeAt(data.totp.secret) });
  if (v.error) throw new Error(v.error.message);
  return { user, secret: data.totp.secret, factorId: data.id };
}

async function aalOf(c: SupabaseClient): Promise<string | undefined> {
  const s = (await c.auth.getSession()).data.session;
  return s ? (decodeJwt(s.access_token).aal as string) : undefined;
}

describe("TOTP", () => {
  it("five wrong codes lock the factor: the right code is refused next, and the session stays aal1", async () => {
    const { user, secret, factorId } = await userWithFactor();
    const c = await signIn(user);
    for (let i = 0; i < 5; i++) {
      const { error } = await c.auth.mfa.challengeAndVerify({ factorId, code: wrongCode(secret) });
      expect(error?.code, `wrong code ${i + 1}`).toBe("mfa_verification_failed");
    }
    const { data, error } = await c.auth.mfa.challengeAndVerify({ factorId, code: codeAt(secret, 1) });
    expect(data).toBeNull();
    expect(error).not.toBeNull();
    expect([403, 422, 429]).toContain(error!.status);
    expect(error!.code).not.toBe("mfa_verification_failed");
    expect(await aalOf(c)).not.toBe("aal2");
    // A fresh challenge does not reset the lock either.
    const c2 = await signIn(user);
    const retry = await c2.auth.mfa.challengeAndVerify({ factorId, code: codeAt(secret, 1) });
    expect(retry.error, "still locked for a new session and a new challenge").not.toBeNull();
    expect(await aalOf(c2)).not.toBe("aal2");
  });

  it("brute force is bounded: a burst of guesses gets refused long before 300 tries", async () => {
    const { user, secret, factorId } = await userWithFactor();
    const c = await signIn(user);
    let accepted = 0;
    let refusedWithoutChecking = 0;
    for (let i = 0; i < 12; i++) {
      const { error } = await c.auth.mfa.challengeAndVerify({ factorId, code: wrongCode(secret) });
      if (!error) accepted++;
      else if (error.code !== "mfa_verification_failed") refusedWithoutChecking++;
    }
    expect(accepted).toBe(0);
    expect(refusedWithoutChecking).toBeGreaterThanOrEqual(6);
  });

  it("a code already accepted cannot be used again, in another session", async () => {
    const user = await createTestUser({ role: null });
    users.push(user);
    const first = await signIn(user);
    const enrolled = await first.auth.mfa.enroll({ factorType: "totp", friendlyName: "replay test" });
    const secret = enrolled.data!.totp.secret;
    const factorId = enrolled.data!.id;
    const code = codeAt(secret);
    expect((await first.auth.mfa.challengeAndVerify({ factorId, code })).error).toBeNull();
    expect(await aalOf(first)).toBe("aal2");

    const second = await signIn(user);
    const replay = await second.auth.mfa.challengeAndVerify({ factorId, code });
    expect(replay.error, "the same code, replayed").not.toBeNull();
    expect(await aalOf(second)).toBe("aal1");
    // The next time step's code works: the replay rule does not lock the user out.
    const next = await second.auth.mfa.challengeAndVerify({ factorId, code: codeAt(secret, 1) });
    expect(next.error).toBeNull();
    expect(await aalOf(second)).toBe("aal2");
  });
});
