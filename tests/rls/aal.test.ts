/**
 * AAL enforcement in the database (Supabase's MFA guide): a user with a verified factor
 * sees back-office data only at aal2 — the same rule the shell's guards apply in the browser.
 * Uses supabase-js exactly as the SPA does.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_USER_SETTINGS } from "#core/constants.ts";
import {
  anonClient,
  createTestUser,
  deleteTestUser,
  serviceClient,
  signedInClient,
  type TestUser,
} from "#tests/support/supabase.ts";
import { freshTotpCode } from "#tests/support/totp.ts";

let user: TestUser;
let secret: string;

// Each verification needs a code of an unused time step (a code is accepted only once).
const code = () => freshTotpCode(secret);

beforeAll(async () => {
  // Enrolled below, through the MFA endpoints, as the SPA's settings screen does.
  user = await createTestUser({ role: "admin", twoFactor: false });
  const { error } = await serviceClient()
    .from("user_settings")
    .insert({ user_id: user.id, ...DEFAULT_USER_SETTINGS });
  if (error) throw new Error(error.message);
  const c = await signedInClient(user.email, user.password);
  const enrolled = await c.auth.mfa.enroll({ factorType: "totp", friendlyName: "aal test" });
  if (enrolled.error) throw new Error(enrolled.error.message);
  secret = enrolled.data.totp.secret;
  const v = await c.auth.mfa.challengeAndVerify({ factorId: enrolled.data.id, code: await code() });
  if (v.error) throw new Error(v.error.message);
});
afterAll(async () => {
  if (user) await deleteTestUser(user.id);
});

describe("AAL in the database", () => {
  it("at aal1 a user with a verified factor sees no back-office rows; at aal2 they do", async () => {
    const c = anonClient();
    const signIn = await c.auth.signInWithPassword({ email: user.email, password: user.password });
    expect(signIn.error).toBeNull();
    const aal = await c.auth.mfa.getAuthenticatorAssuranceLevel();
    expect(aal.data).toMatchObject({ currentLevel: "aal1", nextLevel: "aal2" });

    const settings1 = await c.from("user_settings").select("user_id").eq("user_id", user.id);
    expect(settings1.data ?? [], "own settings hidden at aal1").toHaveLength(0);
    const others1 = await c.from("profiles").select("user_id").neq("user_id", user.id);
    expect(others1.data ?? [], "other profiles hidden at aal1").toHaveLength(0);
    const own1 = await c.from("profiles").select("role").eq("user_id", user.id).single();
    expect(own1.data?.role, "own role readable at aal1 (for the post-sign-in redirect)").toBe("admin");

    const factors = await c.auth.mfa.listFactors();
    const v = await c.auth.mfa.challengeAndVerify({
      factorId: factors.data!.totp[0]!.id,
      code: await code(),
    });
    expect(v.error).toBeNull();

    const settings2 = await c.from("user_settings").select("user_id").eq("user_id", user.id);
    expect(settings2.data, "own settings visible at aal2").toHaveLength(1);
    const others2 = await c.from("profiles").select("user_id").neq("user_id", user.id);
    expect((others2.data ?? []).length, "admin sees other profiles at aal2").toBeGreaterThan(0);
  });
});
