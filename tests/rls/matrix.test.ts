/**
 * The RLS matrix: for every table of the base schema (and the avatars bucket), every actor and
 * each of select / insert / update / delete, the outcome the spec asks for — run through
 * supabase-js, judged by what actually happened in the database (checked with the secret key),
 * not only by what the API answered. Expectations (docs/product.md#roles, #routes, #user-settings):
 *   - team chat (channels, messages, read marks, the read RPC) is admin-only, at aal2 once the
 *     admin has a verified factor;
 *   - user_settings: one's own row only (at the AAL one's factors require);
 *   - profiles: readable by self and by staff/admin, updatable by self (never the role) and by
 *     admins; only admins change roles or delete profiles;
 *   - avatars: anyone reads, signed-in users write only their own folder.
 * Letters per row, in actor order anon · visitor · staff · admin aal1 · admin+TOTP aal1 ·
 * admin+TOTP aal2: Y allowed, N denied, - not applicable.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestUser, deleteTestUser, type TestUser } from "../support/supabase.ts";
import { CHAT_CASES } from "./matrix-cases-chat.ts";
import { AVATAR_CASES, PROFILE_CASES } from "./matrix-cases-people.ts";
import { fx, one, png, service, suffix } from "./matrix-support.ts";
import {
  ACTORS,
  aalOf,
  createActors,
  parseExpectation,
  renderMatrix,
  type Actor,
  type ActorName,
} from "./support.ts";

const CASES = [...PROFILE_CASES, ...CHAT_CASES, ...AVATAR_CASES];
let actors: Record<ActorName, Actor>;
const matrix: Array<{ label: string; cells: Record<ActorName, string> }> = [];

beforeAll(async () => {
  actors = await createActors();
  [fx.other, fx.author] = await Promise.all([
    createTestUser({ role: null }),
    createTestUser({ role: "admin" }),
  ]);
  await one(
    service
      .from("team_messages")
      .insert({ user_id: fx.author.id, message: `fixture ${suffix}`, channel_id: "general" })
      .select(),
  );
  await one(
    service.from("team_message_reads").upsert({ user_id: fx.author.id, channel_id: "general" }).select(),
  );
  await one(service.from("user_settings").upsert({ user_id: fx.other.id }).select());
  const up = await service.storage
    .from("avatars")
    .upload(`${fx.other.id}/avatar.png`, png(5), { upsert: true });
  if (up.error) throw new Error(`fixture avatar: ${up.error.message}`);
}, 120_000);

afterAll(async () => {
  for (const c of fx.cleanups.splice(0)) await Promise.resolve(c()).catch(() => undefined);
  await service
    .from("team_channels")
    .delete()
    .in("id", [`rls-ren-${suffix}`, `rls-del-${suffix}`]);
  const users = [fx.other, fx.author, ...ACTORS.map((a) => actors?.[a]?.user)].filter(
    (u): u is TestUser => !!u,
  );
  const paths = users.flatMap((u) => [`${u.id}/avatar.png`, `${u.id}/own.png`, `${u.id}/bye.png`]);
  await service.storage.from("avatars").remove(paths);
  await service
    .from("team_messages")
    .delete()
    .in("user_id", [...new Set(users.map((u) => u.id))]);
  for (const id of new Set(users.map((u) => u.id))) await deleteTestUser(id).catch(() => undefined);
  if (matrix.length)
    console.log(
      `\nRLS matrix (✓ allowed, ✗ denied, · n/a, ! = differs from the expectation)\n${renderMatrix(matrix)}\n`,
    );
});

describe("RLS matrix actors", () => {
  it("sessions carry the assurance levels the matrix relies on", async () => {
    expect(await aalOf(actors.admin.client), "admin, enrolled as the two-factor policy requires").toBe(
      "aal2",
    );
    expect(await aalOf(actors.admin_mfa_aal1.client), "admin with a factor, password only").toBe("aal1");
    expect(await aalOf(actors.admin_mfa_aal2.client), "admin with a factor, after TOTP").toBe("aal2");
    const { data } = await actors.admin_mfa_aal1.client.auth.mfa.getAuthenticatorAssuranceLevel();
    expect(data?.nextLevel, "a verified factor asks for aal2").toBe("aal2");
  });
});

describe("RLS matrix", () => {
  for (const c of CASES) {
    it(`${c.table} · ${c.op} · ${c.what}  [${c.expect}]`, async () => {
      const expected = parseExpectation(c.expect);
      const cells = {} as Record<ActorName, string>;
      for (const name of ACTORS) {
        const want = expected[name];
        if (want === null) {
          cells[name] = "·";
          continue;
        }
        const got = await c.run(actors[name]);
        cells[name] = `${got === "allowed" ? "✓" : "✗"}${got === want ? "" : "!"}`;
        expect.soft(got, `${name} — ${c.table} ${c.op} ${c.what}: expected ${want}`).toBe(want);
      }
      matrix.push({ label: `${c.table} · ${c.op} · ${c.what}`, cells });
    });
  }
});
