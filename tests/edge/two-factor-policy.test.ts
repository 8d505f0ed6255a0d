/**
 * The organisation's two-factor policy against the running stack (real supabase-js, the edge's
 * verifier, RLS): an admin without a factor is pending enrolment, reads no member and is refused
 * every admin action at the edge; after enrolling through the MFA endpoints (aal2) the same admin
 * sees the team, with their own row compliant; the policy change is an admin action at the edge,
 * validated (its audit naming the actor is pinned on a private database in tests/schema). The policy is written back unchanged (admins on, staff
 * off), so suites running alongside never see another policy.
 */
import type { SupabaseClient } from "@supabase/supabase-js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEAM_API } from "#core/team/team-schema.ts";
import { SITE_PORT } from "#scripts/local-env.ts";
import {
  createTestUser,
  deleteTestUser,
  enrolTotp,
  serviceClient,
  signedInClient,
  type TestUser,
} from "#tests/support/supabase.ts";
import { edge } from "./support.ts";

const service = serviceClient();
const CRM = `crm.localhost:${SITE_PORT}`;
let newcomer: TestUser;
let staff: TestUser;

const putPolicy = (token: string | null, body: unknown) =>
  edge(`${TEAM_API}/two-factor-policy`, {
    method: "PUT",
    host: CRM,
    headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
const tokenOf = async (c: SupabaseClient) => (await c.auth.getSession()).data.session!.access_token;
const UNCHANGED = { admins: true, staff: false };

beforeAll(async () => {
  [newcomer, staff] = await Promise.all([
    createTestUser({ role: "admin", twoFactor: false }),
    createTestUser({ role: "staff" }),
  ]);
});
afterAll(async () => {
  for (const u of [newcomer, staff]) if (u) await deleteTestUser(u.id);
});

describe("the two-factor policy", () => {
  it("an admin without a factor is pending, sees no team and is refused at the edge; enrolled, they work", async () => {
    const client = await signedInClient(newcomer.email, newcomer.password);
    expect((await client.rpc("two_factor_enrolment_pending")).data).toBe(true);
    expect((await client.rpc("team_members")).data ?? [], "no member list before enrolment").toEqual([]);
    const others = await client.from("profiles").select("user_id").neq("user_id", newcomer.id);
    expect(others.data ?? [], "no other profile before enrolment").toEqual([]);
    const own = await client.from("profiles").select("role").eq("user_id", newcomer.id).single();
    expect(own.data?.role, "their own role stays readable (the SPA's gate needs it)").toBe("admin");

    const refused = await putPolicy(await tokenOf(client), UNCHANGED);
    expect(refused.status, refused.text).toBe(403);
    expect(JSON.parse(refused.text)).toMatchObject({
      error: "two_factor_enrolment_required",
      message: expect.stringMatching(/two-factor/i),
    });
    const direct = await client
      .from("organisation_settings")
      .update({ two_factor_admins: false })
      .eq("singleton", true)
      .select("id");
    expect(direct.data ?? [], "the policy row is not theirs to change").toEqual([]);

    await enrolTotp(client, newcomer.email);
    expect((await client.rpc("two_factor_enrolment_pending")).data).toBe(false);
    const members = (await client.rpc("team_members")).data as Array<{
      user_id: string;
      two_factor: boolean;
      two_factor_required: boolean;
    }>;
    expect(members.find((m) => m.user_id === newcomer.id)).toMatchObject({
      two_factor: true,
      two_factor_required: true,
    });
    expect(
      members.find((m) => m.user_id === staff.id),
      "staff are not covered by default",
    ).toMatchObject({
      two_factor: false,
      two_factor_required: false,
    });
  });

  it("the policy change: admins only, validated", async () => {
    const admin = await signedInClient(newcomer.email, newcomer.password);
    const adminToken = await tokenOf(admin);
    const staffToken = await tokenOf(await signedInClient(staff.email, staff.password));

    const byStaff = await putPolicy(staffToken, UNCHANGED);
    expect(byStaff.status, byStaff.text).toBe(403);
    const bad = await putPolicy(adminToken, { admins: "yes", staff: false });
    expect(bad.status, bad.text).toBe(400);
    expect(JSON.parse(bad.text)).toMatchObject({ error: "invalid_request", field: "admins" });

    // Written back unchanged (the database skips the no-op in its audit log; the audit of a real
    // change, naming the admin, is pinned in tests/schema/two-factor-policy.test.ts).
    const ok = await putPolicy(adminToken, UNCHANGED);
    expect(ok.status, ok.text).toBe(200);
    expect(JSON.parse(ok.text)).toEqual({ policy: UNCHANGED });
    const row = await service
      .from("organisation_settings")
      .select("two_factor_admins, two_factor_staff")
      .single();
    expect(row.data).toEqual({ two_factor_admins: true, two_factor_staff: false });
  });
});
