/**
 * auth.admin.generateLink conformance (GoTrue's POST /admin/generate_link): the link a mail would
 * carry, returned to a server that sends its own mail (the edge's partner invitations). Secret key
 * only; no mail is sent; the link signs the user in like a mailed one.
 */
import { afterAll, describe, expect, it } from "vitest";
import { SUPABASE_URL } from "#scripts/local-env.ts";
import { anonClient, createTestUser, serviceClient, uniqueEmail } from "../support/supabase.ts";
import { AGAINST_EMULATOR, expectAuthError, userJanitor } from "./auth-support.ts";

const janitor = userJanitor();
afterAll(() => janitor.cleanup());

const RETURN_TO = "http://localhost:8787/auth/reset-password";

function fragmentOf(location: string): URLSearchParams {
  return new URLSearchParams(location.slice(location.indexOf("#") + 1));
}

describe("admin: generate_link", () => {
  it("invite creates the user with its metadata and returns a link that signs them in", async () => {
    const email = uniqueEmail("invitee");
    const { data, error } = await serviceClient().auth.admin.generateLink({
      type: "invite",
      email,
      options: { data: { first_name: "Abena" }, redirectTo: RETURN_TO },
    });
    expect(error).toBeNull();
    janitor.track(data.user?.id);
    expect(data.user?.email).toBe(email);
    expect(data.user?.user_metadata).toMatchObject({ first_name: "Abena" });
    expect(data.user?.invited_at).toBeTruthy();
    expect(data.properties?.verification_type).toBe("invite");
    expect(data.properties?.action_link).toMatch(
      /\/auth\/v1\/verify\?token=[0-9a-f]+&type=invite&redirect_to=/,
    );

    const res = await fetch(data.properties!.action_link, { redirect: "manual" });
    expect(res.status).toBe(303);
    const location = res.headers.get("location") ?? "";
    expect(location.startsWith(RETURN_TO)).toBe(true);
    const fragment = fragmentOf(location);
    expect(fragment.get("type")).toBe("invite");
    const client = anonClient();
    const set = await client.auth.setSession({
      access_token: fragment.get("access_token")!,
      refresh_token: fragment.get("refresh_token")!,
    });
    expect(set.data.user?.email).toBe(email);
    expect(set.data.user?.email_confirmed_at, "following the invite confirms the address").toBeTruthy();
  });

  it("invite refuses an address that is registered and confirmed: 422 email_exists", async () => {
    const user = await createTestUser();
    janitor.track(user.id);
    const { error } = await serviceClient().auth.admin.generateLink({ type: "invite", email: user.email });
    expectAuthError(error, 422, "email_exists", "A user with this email address has already been registered");
  });

  it("recovery needs an existing user and gives a working link", async () => {
    const missing = await serviceClient().auth.admin.generateLink({
      type: "recovery",
      email: uniqueEmail("nobody"),
    });
    expectAuthError(missing.error, 404, "user_not_found", "User with this email not found");
    const user = await createTestUser();
    janitor.track(user.id);
    const { data, error } = await serviceClient().auth.admin.generateLink({
      type: "recovery",
      email: user.email,
      options: { redirectTo: RETURN_TO },
    });
    expect(error).toBeNull();
    const res = await fetch(data.properties!.action_link, { redirect: "manual" });
    expect(fragmentOf(res.headers.get("location") ?? "").get("type")).toBe("recovery");
  });

  it("is the secret key's alone", async () => {
    const { error } = await anonClient().auth.admin.generateLink({
      type: "invite",
      email: uniqueEmail("sneaky"),
    });
    expect(error?.status).toBe(403);
  });

  it.runIf(AGAINST_EMULATOR)("sends no mail itself", async () => {
    const email = uniqueEmail("quiet");
    const { data } = await serviceClient().auth.admin.generateLink({ type: "invite", email });
    janitor.track(data.user?.id);
    const res = await fetch(`${SUPABASE_URL}/_outbox/api/messages?to=${encodeURIComponent(email)}`);
    expect(((await res.json()) as { messages: unknown[] }).messages).toEqual([]);
  });
});
