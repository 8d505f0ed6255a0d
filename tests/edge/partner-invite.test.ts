/**
 * The partner invitation end to end against the running stack: an admin's
 * token through the edge's real verifier, the account created with GoTrue's admin API, linked with
 * the partner role by the database, the invitation mailed through outgoing_emails and the delivery
 * job into the emulator's outbox; the mailed link signs the partner in on the collab host, where
 * they set a password. A re-invite sends a fresh link to the same account; a team member's address
 * is refused; a suspended partner's people cannot be invited.
 */
import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  PARTNER_INVITE_PATH,
  partnerInviteAnswerSchema,
} from "#core/collaboration-management/partner-schema.ts";
import { SITE_PORT, SUPABASE_URL } from "#scripts/local-env.ts";
import {
  anonClient,
  createTestUser,
  deleteTestUser,
  serviceClient,
  signedInClient,
  type TestUser,
} from "#tests/support/supabase.ts";
import { edge } from "./support.ts";

const service = serviceClient();
const tag = crypto.randomUUID().slice(0, 8);
let admin: TestUser;
let staff: TestUser;
let partnerId = "";
let adminToken = "";
const invitedUsers: string[] = [];

async function addMember(email: string): Promise<string> {
  const { data, error } = await service
    .from("partner_members")
    .insert({ partner_id: partnerId, full_name: "Esi Nyarko Asare", email })
    .select("id")
    .single();
  if (error) throw new Error(error.message);
  return (data as { id: string }).id;
}

const post = (token: string | null, body: unknown) =>
  edge(PARTNER_INVITE_PATH, {
    method: "POST",
    host: `crm.localhost:${SITE_PORT}`,
    headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });

async function mailTo(address: string, timeoutMs = 20_000): Promise<{ subject: string; html: string }> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const res = await fetch(`${SUPABASE_URL}/_outbox/api/messages?to=${encodeURIComponent(address)}`);
    const { messages } = (await res.json()) as { messages: { subject: string; html: string }[] };
    if (messages.length) return messages[0]!;
    if (Date.now() > deadline) throw new Error(`no mail to ${address}`);
    await new Promise((r) => setTimeout(r, 300));
  }
}

beforeAll(async () => {
  [admin, staff] = await Promise.all([createTestUser({ role: "admin" }), createTestUser({ role: "staff" })]);
  const client = await signedInClient(admin.email, admin.password);
  adminToken = (await client.auth.getSession()).data.session!.access_token;
  const { data, error } = await service
    .from("partners")
    .insert({ name: `Invite Realty ${tag}`, reac_licence_number: `REAC/INV/${tag.toUpperCase()}` })
    .select("id")
    .single();
  if (error) throw new Error(error.message);
  partnerId = (data as { id: string }).id;
}, 60_000);

afterAll(async () => {
  await service.from("partners").delete().eq("id", partnerId);
  for (const id of invitedUsers) await deleteTestUser(id);
  for (const u of [admin, staff]) if (u) await deleteTestUser(u.id);
});

describe("inviting a partner's contact", () => {
  it("creates the account with the partner role, mails a link that signs them in on the collab host", async () => {
    const email = `invitee-${tag}@tests.example`;
    const memberId = await addMember(email);
    const res = await post(adminToken, { memberId });
    expect(res.status, res.text).toBe(201);
    const answer = partnerInviteAnswerSchema.parse(JSON.parse(res.text));
    invitedUsers.push(answer.userId);
    expect(answer).toMatchObject({ invited: true, email, resent: false });
    expect(
      await service
        .from("profiles")
        .select("role, first_name, last_name")
        .eq("user_id", answer.userId)
        .single()
        .then((r) => r.data),
    ).toEqual({ role: "partner", first_name: "Esi", last_name: "Nyarko Asare" });
    expect(
      await service
        .from("partner_members")
        .select("user_id")
        .eq("id", memberId)
        .single()
        .then((r) => r.data),
    ).toEqual({ user_id: answer.userId });

    const mail = await mailTo(email);
    expect(mail.subject).toBe("Your Ghana Realty partner portal account");
    expect(mail.html).toContain(`Invite Realty ${tag}`);
    const link = /href="([^"]+\/auth\/v1\/verify[^"]+)"/.exec(mail.html)![1]!.replace(/&amp;/g, "&");
    const followed = await fetch(link, { redirect: "manual" });
    const location = followed.headers.get("location") ?? "";
    expect(location).toMatch(/^http:\/\/collab\.localhost:\d+\/auth\/reset-password#/);
    const fragment = new URLSearchParams(location.slice(location.indexOf("#") + 1));
    const client = anonClient();
    await client.auth.setSession({
      access_token: fragment.get("access_token")!,
      refresh_token: fragment.get("refresh_token")!,
    });
    expect((await client.auth.updateUser({ password: "partner-password-1" })).error).toBeNull();
    const signedIn = await signedInClient(email, "partner-password-1");
    expect(
      await signedIn
        .from("partners")
        .select("id")
        .then((r) => r.data),
    ).toEqual([{ id: partnerId }]);

    const again = await post(adminToken, { memberId });
    expect(again.status).toBe(201);
    expect(JSON.parse(again.text)).toMatchObject({ resent: true, userId: answer.userId });
  }, 60_000);

  it("refuses a team member's address, a suspended partner, a missing contact and a non-admin", async () => {
    const teamMember = await addMember(staff.email);
    const refused = await post(adminToken, { memberId: teamMember });
    expect(refused.status).toBe(409);
    expect(JSON.parse(refused.text).message).toBe(
      "This e-mail address belongs to a team member: a team member cannot be a partner.",
    );
    expect(
      await service
        .from("profiles")
        .select("role")
        .eq("user_id", staff.id)
        .single()
        .then((r) => r.data),
    ).toEqual({ role: "staff" });

    expect((await post(adminToken, { memberId: crypto.randomUUID() })).status).toBe(404);
    const staffToken = (await (await signedInClient(staff.email, staff.password)).auth.getSession()).data
      .session!.access_token;
    expect((await post(staffToken, { memberId: teamMember })).status).toBe(403);

    await service.from("partners").update({ status: "suspended" }).eq("id", partnerId);
    try {
      const suspended = await post(adminToken, { memberId: await addMember(`late-${tag}@tests.example`) });
      expect(suspended.status).toBe(409);
      expect(JSON.parse(suspended.text).error).toBe("partner_inactive");
    } finally {
      await service.from("partners").update({ status: "active" }).eq("id", partnerId);
    }
  });
});
