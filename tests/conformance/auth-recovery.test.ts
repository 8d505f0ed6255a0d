/**
 * Password recovery end to end: resetPasswordForEmail mails a link; following it signs the user
 * in (session in the URL fragment, like GoTrue); the user sets a new password. Reading the mail
 * needs the emulator's outbox, so these run against the emulator only.
 */
import { afterAll, describe, expect, it } from "vitest";
import { SUPABASE_URL } from "#scripts/local-env.ts";
import { anonClient, createTestUser, uniqueEmail } from "../support/supabase.ts";
import { AGAINST_EMULATOR, expectAuthError, userJanitor } from "./auth-support.ts";

const janitor = userJanitor();
afterAll(() => janitor.cleanup());

const RETURN_TO = "http://localhost:8787/reset-password";

interface Mail {
  id: number;
  to: string;
  subject: string;
  html: string;
  text: string | null;
  kind: string;
}

async function mailsTo(address: string): Promise<Mail[]> {
  const res = await fetch(`${SUPABASE_URL}/_outbox/api/messages?to=${encodeURIComponent(address)}`);
  expect(res.status).toBe(200);
  return ((await res.json()) as { messages: Mail[] }).messages;
}

function linkIn(mail: Mail): string {
  const m = /href="([^"]+)"/.exec(mail.html);
  expect(m, "the mail has a link").not.toBeNull();
  return m![1]!.replace(/&amp;/g, "&");
}

function fragmentOf(location: string): URLSearchParams {
  return new URLSearchParams(location.slice(location.indexOf("#") + 1));
}

describe.runIf(AGAINST_EMULATOR)("password recovery through the outbox", () => {
  it("mails a link that signs the user in and lets them set a new password", async () => {
    const user = await createTestUser();
    janitor.track(user.id);
    const { error } = await anonClient().auth.resetPasswordForEmail(user.email, { redirectTo: RETURN_TO });
    expect(error).toBeNull();

    const [mail] = await mailsTo(user.email);
    expect(mail?.subject).toBe("Reset Your Password");
    expect(mail?.kind).toBe("auth");
    const link = linkIn(mail!);
    expect(link).toMatch(
      new RegExp(`^${SUPABASE_URL}/auth/v1/verify\\?token=[0-9a-f]+&type=recovery&redirect_to=`),
    );

    const res = await fetch(link, { redirect: "manual" });
    expect(res.status).toBe(303);
    const location = res.headers.get("location")!;
    expect(location.startsWith(`${RETURN_TO}#`)).toBe(true);
    const fragment = fragmentOf(location);
    expect(fragment.get("type")).toBe("recovery");
    expect(fragment.get("token_type")).toBe("bearer");

    const client = anonClient();
    const set = await client.auth.setSession({
      access_token: fragment.get("access_token")!,
      refresh_token: fragment.get("refresh_token")!,
    });
    expect(set.error).toBeNull();
    expect(set.data.user?.id).toBe(user.id);
    const newPassword = `recovered-${user.password}`;
    expect((await client.auth.updateUser({ password: newPassword })).error).toBeNull();
    expect(
      (await anonClient().auth.signInWithPassword({ email: user.email, password: newPassword })).error,
    ).toBeNull();
    expectAuthError(
      (await anonClient().auth.signInWithPassword({ email: user.email, password: user.password })).error,
      400,
      "invalid_credentials",
    );

    // The link is spent: following it again redirects with GoTrue's error in the fragment.
    const again = await fetch(link, { redirect: "manual" });
    expect(again.status).toBe(303);
    const failed = fragmentOf(again.headers.get("location")!);
    expect(failed.get("error")).toBe("access_denied");
    expect(failed.get("error_code")).toBe("otp_expired");
    expect(failed.get("error_description")).toBe("Email link is invalid or has expired");
  });

  it("the mailed code works with verifyOtp (type recovery)", async () => {
    const user = await createTestUser();
    janitor.track(user.id);
    await anonClient().auth.resetPasswordForEmail(user.email, { redirectTo: RETURN_TO });
    const [mail] = await mailsTo(user.email);
    const code = /enter the code: (\d{6})/.exec(mail!.html)?.[1];
    expect(code).toMatch(/^\d{6}$/);
    const wrong = await anonClient().auth.verifyOtp({
      email: user.email,
      token: code === "000000" ? "111111" : "000000",
      type: "recovery",
    });
    expectAuthError(wrong.error, 403, "otp_expired", "Token has expired or is invalid");
    const { data, error } = await anonClient().auth.verifyOtp({
      email: user.email,
      token: code!,
      type: "recovery",
    });
    expect(error).toBeNull();
    expect(data.user?.id).toBe(user.id);
    expect(data.session?.access_token).toBeTruthy();
  });

  it("the token hash from the link works with verifyOtp", async () => {
    const user = await createTestUser();
    janitor.track(user.id);
    await anonClient().auth.resetPasswordForEmail(user.email);
    const [mail] = await mailsTo(user.email);
    const tokenHash = new URL(linkIn(mail!)).searchParams.get("token")!;
    const { data, error } = await anonClient().auth.verifyOtp({ token_hash: tokenHash, type: "recovery" });
    expect(error).toBeNull();
    expect(data.session?.user.id).toBe(user.id);
  });

  it("an unknown address gets the same empty answer and no mail", async () => {
    const email = uniqueEmail("nobody");
    const { data, error } = await anonClient().auth.resetPasswordForEmail(email);
    expect(error).toBeNull();
    expect(data).toEqual({});
    expect(await mailsTo(email)).toEqual([]);
  });

  it("a redirect outside the allowed sites falls back to the site URL", async () => {
    const user = await createTestUser();
    janitor.track(user.id);
    await anonClient().auth.resetPasswordForEmail(user.email, { redirectTo: "https://evil.example/steal" });
    const [mail] = await mailsTo(user.email);
    const res = await fetch(linkIn(mail!), { redirect: "manual" });
    expect(res.headers.get("location")).not.toContain("evil.example");
  });

  it("the outbox page lists the mail with its content escaped", async () => {
    const user = await createTestUser();
    janitor.track(user.id);
    await anonClient().auth.resetPasswordForEmail(user.email);
    const res = await fetch(`${SUPABASE_URL}/_outbox?to=${encodeURIComponent(user.email)}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/text\/html/);
    const html = await res.text();
    expect(html).toContain("Reset Your Password");
    expect(html).toContain(user.email);
    // The mail's HTML is shown inside an attribute, never as live markup of the page.
    expect(html).not.toMatch(/<a href="http[^"]*\/verify/);
    expect(html).toContain("&lt;h2&gt;Reset Password&lt;/h2&gt;");
  });

  it("a missing email is refused: 400 validation_failed", async () => {
    const { error } = await anonClient().auth.resetPasswordForEmail("");
    expectAuthError(error, 400, "validation_failed", "Password recovery requires an email");
  });
});

describe.runIf(AGAINST_EMULATOR)("email change through the outbox", () => {
  it("updateUser({ email }) mails both addresses; following the link changes the address", async () => {
    const user = await createTestUser();
    janitor.track(user.id);
    const client = anonClient();
    await client.auth.signInWithPassword({ email: user.email, password: user.password });
    const newEmail = uniqueEmail("moved");
    const { data, error } = await client.auth.updateUser({ email: newEmail }, { emailRedirectTo: RETURN_TO });
    expect(error).toBeNull();
    expect(data.user?.email).toBe(user.email);
    expect(data.user?.new_email).toBe(newEmail);
    expect(data.user?.email_change_sent_at).toBeTruthy();

    const [toNew] = await mailsTo(newEmail);
    const [toOld] = await mailsTo(user.email);
    expect(toNew?.subject).toBe("Confirm Email Change");
    expect(toOld?.subject).toBe("Confirm Email Change");
    const res = await fetch(linkIn(toNew!), { redirect: "manual" });
    expect(res.status).toBe(303);
    const fragment = fragmentOf(res.headers.get("location")!);
    expect(fragment.get("type")).toBe("email_change");
    expect(fragment.get("access_token")).toBeTruthy();

    const after = await anonClient().auth.signInWithPassword({ email: newEmail, password: user.password });
    expect(after.error).toBeNull();
    expect(after.data.user).toMatchObject({ id: user.id, email: newEmail });
    expect(after.data.user?.new_email).toBeUndefined();
    expectAuthError(
      (await anonClient().auth.signInWithPassword({ email: user.email, password: user.password })).error,
      400,
      "invalid_credentials",
    );
  });

  it("refuses an address another user has: 422 email_exists", async () => {
    const a = await createTestUser();
    const b = await createTestUser();
    janitor.track(a.id);
    janitor.track(b.id);
    const client = anonClient();
    await client.auth.signInWithPassword({ email: a.email, password: a.password });
    const { error } = await client.auth.updateUser({ email: b.email });
    expectAuthError(error, 422, "email_exists", "A user with this email address has already been registered");
  });
});
