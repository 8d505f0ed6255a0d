/**
 * An admin's forced sign-out of a member (the edge's team route) ends the member's sessions and
 * closes their hub sockets at once: the edge pokes the member through the hub, which confirms the
 * recipient's rights before delivering, finds the session gone and closes the socket (4004),
 * rather than at its next periodic check a minute later. The sign-out is in the audit log with
 * the admin as actor; a member cannot stamp one on themselves.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HUB_RIGHTS_TTL_MS } from "#core/constants.ts";
import { HUB_CLOSE } from "#core/schemas/hub.ts";
import { TEAM_API } from "#core/team/team-schema.ts";
import { SITE_PORT } from "#scripts/local-env.ts";
import {
  createTestUser,
  deleteTestUser,
  serviceClient,
  signedInClient,
  type TestUser,
} from "../support/supabase.ts";
import { edge } from "../edge/support.ts";
import { openHub } from "./hub-socket.ts";

let admin: TestUser, member: TestUser;
beforeAll(async () => {
  [admin, member] = await Promise.all([createTestUser({ role: "admin" }), createTestUser({ role: "staff" })]);
});
afterAll(async () => {
  for (const u of [admin, member]) if (u) await deleteTestUser(u.id);
});

const tokenOf = async (u: TestUser) =>
  (await (await signedInClient(u.email, u.password)).auth.getSession()).data.session!.access_token;

describe("forced sign-out", () => {
  it("closes the member's hub socket and is in the audit log with the admin as actor", async () => {
    // Signed in first: a loaded machine's slow sign-ins are not what this measures.
    const [memberToken, adminToken] = await Promise.all([tokenOf(member), tokenOf(admin)]);
    const s = await openHub();
    s.send({ type: "auth", token: memberToken });
    expect(await s.next((f) => f.type === "auth_success" || f.type === "error")).toMatchObject({
      type: "auth_success",
    });
    // The hub trusts a check younger than its rights TTL; the poke must find an older one.
    await new Promise((r) => setTimeout(r, HUB_RIGHTS_TTL_MS + 200));
    const res = await edge(`${TEAM_API}/members/${member.id}/sign-out`, {
      method: "POST",
      host: `crm.localhost:${SITE_PORT}`,
      headers: { authorization: `Bearer ${adminToken}` },
    });
    expect(res.status, res.text).toBe(200);
    const answeredAt = Date.now();
    expect((await s.closed).code).toBe(HUB_CLOSE.accessRevoked);
    // The poke closes it at once; without it only the hub's periodic re-check would, at some
    // point of its minute (HUB_RIGHTS_RECHECK_INTERVAL_MS).
    expect(Date.now() - answeredAt).toBeLessThan(10_000);
    const audit = await serviceClient()
      .from("audit_log")
      .select("action, actor_id, changes")
      .eq("table_name", "profiles")
      .eq("record_id", member.id)
      .eq("action", "update");
    const signOuts = (audit.data ?? []).filter((e) => "signed_out_at" in (e.changes as object));
    expect(signOuts.map((e) => e.actor_id)).toEqual([admin.id]);
  }, 120_000);

  it("is an admin's action: a member cannot stamp one on their own profile", async () => {
    const own = await signedInClient(member.email, member.password);
    const { error } = await own
      .from("profiles")
      .update({ signed_out_at: new Date().toISOString() })
      .eq("user_id", member.id);
    expect(error?.code).toBe("42501");
  });
});
