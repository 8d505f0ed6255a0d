/**
 * An admin's forced sign-out of a member (the edge's team route) ends the member's sessions and
 * closes their hub sockets at once: the edge pokes the member through the hub, which confirms the
 * recipient's rights before delivering, finds the session gone and closes the socket (4004),
 * rather than at its next periodic check a minute later.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HUB_RIGHTS_TTL_MS } from "#core/constants.ts";
import { HUB_CLOSE } from "#core/schemas/hub.ts";
import { TEAM_API } from "#core/team/team-schema.ts";
import { SITE_PORT } from "#scripts/local-env.ts";
import { createTestUser, deleteTestUser, signedInClient, type TestUser } from "../support/supabase.ts";
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
  it("closes the member's hub socket", async () => {
    const s = await openHub();
    s.send({ type: "auth", token: await tokenOf(member) });
    expect(await s.next((f) => f.type === "auth_success" || f.type === "error")).toMatchObject({
      type: "auth_success",
    });
    // The hub trusts a check younger than its rights TTL; the poke must find an older one.
    await new Promise((r) => setTimeout(r, HUB_RIGHTS_TTL_MS + 200));
    const res = await edge(`${TEAM_API}/members/${member.id}/sign-out`, {
      method: "POST",
      host: `crm.localhost:${SITE_PORT}`,
      headers: { authorization: `Bearer ${await tokenOf(admin)}` },
    });
    expect(res.status, res.text).toBe(200);
    expect((await s.closed).code).toBe(HUB_CLOSE.accessRevoked);
  });
});
