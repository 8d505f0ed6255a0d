/**
 * Team administration through the edge against the running stack: the admin's token through the
 * real verifier, GoTrue's admin API, the database as the admin.
 *   - invitations: bad input (invalid e-mail, unknown role or branch, oneself, a duplicate pending
 *     invitation, an address with an account) refused next to its field and changing nothing; the
 *     mail in the outbox carries our 7-day link, which opens a fresh link to set the password once;
 *     an expired, used, revoked or made-up link gets a page that says so and whom to ask;
 *   - deactivation with hand-over: a stale edit and a deactivated heir are refused; afterwards the
 *     token already issued reads nothing and the edge refuses it, sign-in is refused with a clear
 *     code, the records belong to the heir; reactivation restores sign-in;
 *   - an admin with a factor at aal1 and a staff member are refused every admin action.
 */
import crypto from "node:crypto";
import type { SupabaseClient } from "@supabase/supabase-js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEAM_API, TEAM_INVITATION_PATH } from "#core/team/team-schema.ts";
import { SITE_PORT, SUPABASE_URL } from "#scripts/local-env.ts";
import {
  anonClient,
  createTestUser,
  deleteTestUser,
  serviceClient,
  signedInClient,
  type TestUser,
} from "#tests/support/supabase.ts";
import { waitUntil } from "#tests/support/wait.ts";
import { edge } from "./support.ts";

const service = serviceClient();
const tag = crypto.randomUUID().slice(0, 8);
const CRM = `crm.localhost:${SITE_PORT}`;
let admin: TestUser, staff: TestUser, leaver: TestUser, heir: TestUser, gone: TestUser;
let adminToken = "";
let staffToken = "";
const invited: string[] = [];

const call = (method: string, path: string, token: string | null, body?: unknown) =>
  edge(`${TEAM_API}${path}`, {
    method,
    host: CRM,
    headers: {
      ...(body === undefined ? {} : { "content-type": "application/json" }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
const json = (r: { text: string }) => JSON.parse(r.text) as Record<string, unknown>;

async function tokenOf(client: SupabaseClient): Promise<string> {
  return (await client.auth.getSession()).data.session!.access_token;
}

async function mailTo(address: string): Promise<{ subject: string; html: string }> {
  return waitUntil(`a mail to ${address}`, async () => {
    const res = await fetch(`${SUPABASE_URL}/_outbox/api/messages?to=${encodeURIComponent(address)}`);
    return ((await res.json()) as { messages: { subject: string; html: string }[] }).messages[0];
  });
}

const updatedAt = async (id: string) =>
  (
    (await service.from("profiles").select("updated_at").eq("user_id", id).single()).data as {
      updated_at: string;
    }
  ).updated_at;

beforeAll(async () => {
  [admin, staff, leaver, heir, gone] = await Promise.all([
    createTestUser({ role: "admin" }),
    createTestUser({ role: "staff" }),
    createTestUser({ role: "staff" }),
    createTestUser({ role: "staff" }),
    createTestUser({ role: "staff" }),
  ]);
  await service.from("profiles").update({ email: admin.email }).eq("user_id", admin.id);
  adminToken = await tokenOf(await signedInClient(admin.email, admin.password));
  staffToken = await tokenOf(await signedInClient(staff.email, staff.password));
}, 60_000);

afterAll(async () => {
  await service.from("contacts").delete().like("first_name", `Team ${tag}%`);
  for (const id of [...invited, ...[admin, staff, leaver, heir, gone].filter(Boolean).map((u) => u.id)])
    await deleteTestUser(id);
});

describe("invitations", () => {
  const email = `invitee-${tag}@tests.example`;
  const body = { email, firstName: "Akosua", lastName: "Frimpong", role: "staff", branchId: null };

  it("refuses bad input next to its field, changing nothing", async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ email: "akosua@" }, "email"],
      [{ role: "owner" }, "role"],
      [{ branchId: "not-a-branch" }, "branchId"],
      [{ branchId: crypto.randomUUID() }, "branchId"],
      [{ email: admin.email }, "email"],
      [{ email: staff.email }, "email"],
    ];
    for (const [patch, field] of cases) {
      const r = await call("POST", "/invitations", adminToken, { ...body, ...patch });
      expect([400, 409], `${JSON.stringify(patch)}: ${r.text}`).toContain(r.status);
      expect(json(r).field, JSON.stringify(patch)).toBe(field);
    }
    const existing = await call("POST", "/invitations", adminToken, { ...body, email: staff.email });
    expect(json(existing).error).toBe("already_member");
    const visitor = await createTestUser();
    invited.push(visitor.id);
    const offer = await call("POST", "/invitations", adminToken, { ...body, email: visitor.email });
    expect(offer.status).toBe(409);
    expect(json(offer)).toMatchObject({ error: "account_exists", userId: visitor.id });
    expect((await service.from("team_invitations").select("id").eq("email", email)).data).toEqual([]);
  });

  it("mails a 7-day link that opens a fresh link to set the password, once", async () => {
    const r = await call("POST", "/invitations", adminToken, body);
    expect(r.status, r.text).toBe(201);
    const answer = json(r) as { userId: string; invitationId: string; expiresAt: string };
    invited.push(answer.userId);
    const days = (Date.parse(answer.expiresAt) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.99);
    expect(days).toBeLessThan(7.01);
    const dup = await call("POST", "/invitations", adminToken, body);
    expect(dup.status).toBe(409);
    expect(json(dup)).toMatchObject({ error: "invite_pending", field: "email" });

    const mail = await mailTo(email);
    expect(mail.subject).toMatch(/invited to the Ghana Realty back-office/);
    const link = new URL(/href="([^"]+)"/.exec(mail.html)![1]!.replace(/&amp;/g, "&"));
    expect(link.pathname).toBe(TEAM_INVITATION_PATH);
    const opened = await edge(`${link.pathname}${link.search}`, { host: CRM });
    expect(opened.status).toBe(302);
    const verify = await fetch(opened.headers.location!, { redirect: "manual" });
    const location = verify.headers.get("location") ?? "";
    expect(location).toMatch(/^http:\/\/crm\.localhost:\d+\/auth\/reset-password#/);
    const fragment = new URLSearchParams(location.slice(location.indexOf("#") + 1));
    const client = anonClient();
    await client.auth.setSession({
      access_token: fragment.get("access_token")!,
      refresh_token: fragment.get("refresh_token")!,
    });
    expect((await client.auth.updateUser({ password: "invitee-password-1" })).error).toBeNull();
    const member = await signedInClient(email, "invitee-password-1");
    const me = await member.from("profiles").select("role").eq("user_id", answer.userId).single();
    expect(me.data).toEqual({ role: "staff" });

    const again = await edge(`${link.pathname}${link.search}`, { host: CRM });
    expect(again.status).toBe(410);
    expect(again.text).toContain("used already");
    expect(again.text).toContain(admin.email);
  }, 60_000);

  it("an expired, revoked or made-up link gets a page that says so", async () => {
    const other = `late-${tag}@tests.example`;
    const r = await call("POST", "/invitations", adminToken, { ...body, email: other });
    expect(r.status, r.text).toBe(201);
    const { invitationId, userId } = json(r) as { invitationId: string; userId: string };
    invited.push(userId);
    const link = new URL(/href="([^"]+)"/.exec((await mailTo(other)).html)![1]!.replace(/&amp;/g, "&"));
    await service
      .from("team_invitations")
      .update({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .eq("id", invitationId);
    const expired = await edge(`${link.pathname}${link.search}`, { host: CRM });
    expect(expired.status).toBe(410);
    expect(expired.text).toContain("has expired");
    const resent = await call("POST", `/invitations/${invitationId}/resend`, adminToken);
    expect(resent.status, resent.text).toBe(200);
    const revoked = await call("DELETE", `/invitations/${invitationId}`, adminToken);
    expect(revoked.status, revoked.text).toBe(200);
    const role = await service.from("profiles").select("role").eq("user_id", userId).single();
    expect(role.data).toEqual({ role: null });
    const made = await edge(`${TEAM_INVITATION_PATH}?token=${"x".repeat(43)}`, { host: CRM });
    expect(made.status).toBe(404);
    expect(made.text).toContain("Ask the admin who invited you");
  }, 60_000);
});

describe("role and branch", () => {
  it("a made-up role or branch and a stale edit are refused; a fresh one is saved and audited as the admin", async () => {
    const seen = await updatedAt(staff.id);
    const badRole = await call("PATCH", `/members/${staff.id}`, adminToken, {
      role: "owner",
      branchId: null,
      expectedUpdatedAt: seen,
    });
    expect(badRole.status).toBe(400);
    expect(json(badRole).field).toBe("role");
    const badBranch = await call("PATCH", `/members/${staff.id}`, adminToken, {
      role: "staff",
      branchId: crypto.randomUUID(),
      expectedUpdatedAt: seen,
    });
    expect(badBranch.status).toBe(400);
    expect(json(badBranch).field).toBe("branchId");
    const stale = await call("PATCH", `/members/${staff.id}`, adminToken, {
      role: "admin",
      branchId: null,
      expectedUpdatedAt: "2020-01-01T00:00:00+00:00",
    });
    expect(stale.status).toBe(409);
    expect(json(stale).error).toBe("stale");
    expect((await service.from("profiles").select("role").eq("user_id", staff.id).single()).data).toEqual({
      role: "staff",
    });
    const ok = await call("PATCH", `/members/${staff.id}`, adminToken, {
      role: null,
      branchId: null,
      expectedUpdatedAt: seen,
    });
    expect(ok.status, ok.text).toBe(200);
    const audit = await service
      .from("audit_log")
      .select("actor_id")
      .eq("table_name", "profiles")
      .eq("record_id", staff.id)
      .order("id", { ascending: false })
      .limit(1)
      .single();
    expect(audit.data).toEqual({ actor_id: admin.id });
    await service.from("profiles").update({ role: "staff" }).eq("user_id", staff.id);
  });
});

describe("deactivation with hand-over", () => {
  it("refuses stale edits and a deactivated heir; then the live token reads nothing and sign-in is refused", async () => {
    const contact = await service
      .from("contacts")
      .insert({ first_name: `Team ${tag}`, owner_id: leaver.id })
      .select("id")
      .single();
    const contactId = (contact.data as { id: string }).id;
    const leaverDb = await signedInClient(leaver.email, leaver.password);
    expect((await leaverDb.from("contacts").select("id").eq("id", contactId)).data).toHaveLength(1);

    const stale = await call("POST", `/members/${leaver.id}/deactivate`, adminToken, {
      handTo: heir.id,
      expectedUpdatedAt: "2020-01-01T00:00:00+00:00",
    });
    expect(stale.status).toBe(409);
    expect(json(stale).message).toMatch(/changed meanwhile/);
    await service
      .from("profiles")
      .update({ deactivated_at: new Date().toISOString() })
      .eq("user_id", gone.id);
    const toLeaver = await call("POST", `/members/${leaver.id}/deactivate`, adminToken, {
      handTo: gone.id,
      expectedUpdatedAt: await updatedAt(leaver.id),
    });
    expect(toLeaver.status).toBe(400);
    expect(json(toLeaver)).toMatchObject({ field: "handTo" });
    expect(
      (await service.from("profiles").select("deactivated_at").eq("user_id", leaver.id).single()).data,
    ).toEqual({
      deactivated_at: null,
    });

    const asStaff = await call("POST", `/members/${leaver.id}/deactivate`, staffToken, {
      handTo: heir.id,
      expectedUpdatedAt: await updatedAt(leaver.id),
    });
    expect(asStaff.status).toBe(403);

    const done = await call("POST", `/members/${leaver.id}/deactivate`, adminToken, {
      handTo: heir.id,
      expectedUpdatedAt: await updatedAt(leaver.id),
    });
    const at = Date.now();
    expect(done.status, done.text).toBe(200);
    expect(json(done)).toMatchObject({ deactivated: true });
    // The token in the leaver's hands: the first request after the answer is refused.
    const read = await leaverDb.from("contacts").select("id").eq("id", contactId);
    const refusedAfterMs = Date.now() - at;
    expect(read.data ?? []).toEqual([]);
    console.log(`deactivation → first refused request: ${refusedAfterMs} ms`);
    const leaverToken = await tokenOf(leaverDb);
    const kicked = await edge("/api/jobs/kick", {
      method: "POST",
      host: CRM,
      headers: { authorization: `Bearer ${leaverToken}` },
    });
    expect(kicked.status).toBe(401);
    const signIn = await anonClient().auth.signInWithPassword({
      email: leaver.email,
      password: leaver.password,
    });
    expect(signIn.error?.code).toBe("user_banned");
    const owner = await service.from("contacts").select("owner_id").eq("id", contactId).single();
    expect(owner.data).toEqual({ owner_id: heir.id });

    const back = await call("POST", `/members/${leaver.id}/reactivate`, adminToken);
    expect(back.status, back.text).toBe(200);
    const again = await signedInClient(leaver.email, leaver.password);
    expect(
      (await again.from("profiles").select("deactivated_at").eq("user_id", leaver.id).single()).data,
    ).toEqual({
      deactivated_at: null,
    });
  }, 60_000);

  it("an admin with a factor at aal1 is refused admin actions", async () => {
    const mfa = await signedInClient("mfa@demo.test", undefined, { aal: "aal1" });
    const r = await call("POST", `/members/${staff.id}/sign-out`, await tokenOf(mfa));
    expect(r.status).toBe(403);
    expect(json(r).error).toBe("aal2_required");
  });
});

describe("an unknown path on the CRM host", () => {
  it("is an HTTP 404 (the SPA shows the back-office's own not-found page in its frame)", async () => {
    const r = await edge("/admin/users", { host: CRM });
    expect(r.status).toBe(404);
    expect(r.headers["content-type"]).toMatch(/text\/html/);
  });
});
