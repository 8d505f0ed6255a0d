/**
 * Admin user API conformance (auth.admin.*): secret key only; list, create, get, update, delete.
 */
import { afterAll, describe, expect, it } from "vitest";
import { SUPABASE_PUBLISHABLE_KEY, SUPABASE_URL } from "#scripts/local-env.ts";
import { anonClient, serviceClient, signedInClient, uniqueEmail } from "../support/supabase.ts";
import { expectAuthError, userJanitor } from "./auth-support.ts";

const janitor = userJanitor();
afterAll(() => janitor.cleanup());

async function created(extra: Record<string, unknown> = {}) {
  const email = uniqueEmail("admin-api");
  const password = `pw-${crypto.randomUUID()}`;
  const { data, error } = await serviceClient().auth.admin.createUser({
    email,
    password,
    email_confirm: true,
    ...extra,
  });
  if (error || !data.user) throw new Error(`createUser failed: ${error?.message}`);
  janitor.track(data.user.id);
  return { user: data.user, email, password };
}

describe("admin: create", () => {
  it("creates a confirmed user with metadata who can sign in", async () => {
    const { user, email, password } = await created({
      user_metadata: { first_name: "Esi" },
      app_metadata: { plan: "staff" },
    });
    expect(user.email).toBe(email);
    expect(user.email_confirmed_at).toBeTruthy();
    expect(user.user_metadata).toMatchObject({ first_name: "Esi" });
    expect(user.app_metadata).toMatchObject({ provider: "email", providers: ["email"], plan: "staff" });
    expect(user.identities?.map((i) => i.provider)).toEqual(["email"]);
    const client = await signedInClient(email, password);
    expect((await client.auth.getUser()).data.user?.id).toBe(user.id);
  });

  it("an unconfirmed user cannot sign in: 400 email_not_confirmed", async () => {
    const email = uniqueEmail("unconfirmed");
    const { data, error } = await serviceClient().auth.admin.createUser({
      email,
      password: "long-enough-password",
    });
    expect(error).toBeNull();
    janitor.track(data.user?.id);
    expect(data.user?.email_confirmed_at).toBeFalsy();
    const signIn = await anonClient().auth.signInWithPassword({ email, password: "long-enough-password" });
    expectAuthError(signIn.error, 400, "email_not_confirmed", "Email not confirmed");
  });

  it("refuses a registered address: 422 email_exists", async () => {
    const { email } = await created();
    const { error } = await serviceClient().auth.admin.createUser({
      email,
      password: "whatever-password",
      email_confirm: true,
    });
    expectAuthError(error, 422, "email_exists", "A user with this email address has already been registered");
  });

  it("refuses a user without email or phone: 400 validation_failed", async () => {
    const { error } = await serviceClient().auth.admin.createUser({ password: "whatever-password" });
    expectAuthError(error, 400, "validation_failed", "Cannot create a user without either an email or phone");
  });
});

describe("admin: read", () => {
  it("lists users newest first with paging and a total", async () => {
    const a = await created();
    const b = await created();
    const { data, error } = await serviceClient().auth.admin.listUsers({ page: 1, perPage: 50 });
    expect(error).toBeNull();
    const ids = data.users.map((u) => u.id);
    expect(ids).toContain(a.user.id);
    expect(ids.indexOf(b.user.id)).toBeLessThan(ids.indexOf(a.user.id));
    const paged = await serviceClient().auth.admin.listUsers({ page: 1, perPage: 1 });
    expect(paged.data.users).toHaveLength(1);
    const meta = paged.data as unknown as { total: number; nextPage: number | null };
    expect(meta.total).toBeGreaterThanOrEqual(2);
    expect(meta.nextPage).toBe(2);
  });

  it("gets one user by id", async () => {
    const { user, email } = await created();
    const { data, error } = await serviceClient().auth.admin.getUserById(user.id);
    expect(error).toBeNull();
    expect(data.user).toMatchObject({ id: user.id, email });
  });

  it("answers an unknown id with 404 user_not_found", async () => {
    const { data, error } = await serviceClient().auth.admin.getUserById(crypto.randomUUID());
    expectAuthError(error, 404, "user_not_found", "User not found");
    expect(data.user).toBeNull();
  });
});

describe("admin: update and delete", () => {
  it("updates metadata and password; the old password stops working", async () => {
    const { user, email, password } = await created({ user_metadata: { first_name: "Yaw", city: "Kumasi" } });
    const newPassword = `new-${password}`;
    const { data, error } = await serviceClient().auth.admin.updateUserById(user.id, {
      password: newPassword,
      user_metadata: { city: "Tema" },
      app_metadata: { team: "sales" },
    });
    expect(error).toBeNull();
    expect(data.user?.user_metadata).toMatchObject({ first_name: "Yaw", city: "Tema" });
    expect(data.user?.app_metadata).toMatchObject({ provider: "email", team: "sales" });
    expectAuthError(
      (await anonClient().auth.signInWithPassword({ email, password })).error,
      400,
      "invalid_credentials",
    );
    expect((await anonClient().auth.signInWithPassword({ email, password: newPassword })).error).toBeNull();
  });

  it("bans a user: sign-in answers 400 user_banned until unbanned", async () => {
    const { user, email, password } = await created();
    const ban = await serviceClient().auth.admin.updateUserById(user.id, { ban_duration: "24h" });
    expect(ban.error).toBeNull();
    expect(ban.data.user?.banned_until).toBeTruthy();
    expectAuthError(
      (await anonClient().auth.signInWithPassword({ email, password })).error,
      400,
      "user_banned",
      "User is banned",
    );
    await serviceClient().auth.admin.updateUserById(user.id, { ban_duration: "none" });
    expect((await anonClient().auth.signInWithPassword({ email, password })).error).toBeNull();
  });

  it("deletes a user: gone from reads and sign-in", async () => {
    const { user, email, password } = await created();
    const { error } = await serviceClient().auth.admin.deleteUser(user.id);
    expect(error).toBeNull();
    expectAuthError((await serviceClient().auth.admin.getUserById(user.id)).error, 404, "user_not_found");
    expectAuthError(
      (await anonClient().auth.signInWithPassword({ email, password })).error,
      400,
      "invalid_credentials",
    );
  });

  it("a deleted user's access token no longer answers /user", async () => {
    const { user, email, password } = await created();
    const client = await signedInClient(email, password);
    const token = (await client.auth.getSession()).data.session!.access_token;
    await serviceClient().auth.admin.deleteUser(user.id);
    const { error } = await anonClient().auth.getUser(token);
    expectAuthError(error, 403, "user_not_found", "User from sub claim in JWT does not exist");
  });
});

describe("admin: only with the secret key", () => {
  it("the publishable key is refused: 403 not_admin", async () => {
    const { data, error } = await anonClient().auth.admin.listUsers();
    expectAuthError(error, 403, "not_admin", "User not allowed");
    expect(data.users).toEqual([]);
  });

  it("a signed-in user's token is refused: 403 not_admin", async () => {
    const { email, password } = await created();
    const client = await signedInClient(email, password);
    const token = (await client.auth.getSession()).data.session!.access_token;
    // The admin API reads the Authorization header; a user's session must not pass.
    const res = await fetch(`${SUPABASE_URL}/auth/v1/admin/users`, {
      headers: {
        apikey: SUPABASE_PUBLISHABLE_KEY,
        authorization: `Bearer ${token}`,
        "x-supabase-api-version": "2024-01-01",
      },
    });
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ code: "not_admin", message: "User not allowed" });
  });
});
