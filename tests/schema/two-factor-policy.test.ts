/**
 * The organisation's two-factor policy in the database's role checks: a member it covers who has
 * no verified factor is not an admin (or staff) for RLS, at any assurance level their token
 * claims; enrolling a factor and reaching aal2 restores them; a role the policy does not cover
 * is unaffected. On a private copy of the migrated and seeded database, so the policy can be
 * switched without disturbing other suites.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "#emulator/src/db.ts";
import { openMigratedDatabase } from "../support/migrated-database.ts";

const KWAME = "00000000-0000-4000-a000-000000000001"; // admin with the demo factor
const AMA = "00000000-0000-4000-a000-000000000002"; // staff, no factor
const YAW = "00000000-0000-4000-a000-000000000005"; // made an admin without a factor here

let db: Database;
beforeAll(async () => {
  db = await openMigratedDatabase();
  await db.admin((tx) => tx.exec(`update public.profiles set role = 'admin' where user_id = '${YAW}'`));
});
afterAll(() => db?.close());

interface Checks {
  admin: boolean;
  staff: boolean;
  pending: boolean;
}

/** The role checks as the user sees them through the API, with a token of the given level. */
const checksOf = (sub: string, aal: "aal1" | "aal2") =>
  db.asRole({ role: "authenticated", claims: { sub, role: "authenticated", aal } }, async (tx) => {
    const r = await tx.query<Checks>(
      `select private.is_admin() as admin, private.is_staff_or_admin() as staff,
              public.two_factor_enrolment_pending() as pending`,
    );
    return r.rows[0]!;
  });

const setPolicy = (admins: boolean, staff: boolean) =>
  db.admin((tx) =>
    tx.exec(
      `update public.organisation_settings set two_factor_admins = ${admins}, two_factor_staff = ${staff}`,
    ),
  );

describe("the two-factor policy in RLS", () => {
  it("by default covers admins: one without a factor is refused at any level until enrolled", async () => {
    const settings = await db.admin((tx) =>
      tx.query<{ two_factor_admins: boolean; two_factor_staff: boolean }>(
        "select two_factor_admins, two_factor_staff from public.organisation_settings",
      ),
    );
    expect(settings.rows).toEqual([{ two_factor_admins: true, two_factor_staff: false }]);
    expect(await checksOf(YAW, "aal1")).toEqual({ admin: false, staff: false, pending: true });
    // An admin with a factor: refused at aal1, an admin at aal2.
    expect(await checksOf(KWAME, "aal1")).toEqual({ admin: false, staff: false, pending: false });
    expect(await checksOf(KWAME, "aal2")).toEqual({ admin: true, staff: true, pending: false });
    // Staff are not covered by default.
    expect(await checksOf(AMA, "aal1")).toEqual({ admin: false, staff: true, pending: false });
  });

  it("for all staff: staff without a factor are refused too; off for admins: factorless admins work", async () => {
    await setPolicy(true, true);
    expect(await checksOf(AMA, "aal1")).toEqual({ admin: false, staff: false, pending: true });
    await setPolicy(false, false);
    expect(await checksOf(YAW, "aal1")).toEqual({ admin: true, staff: true, pending: false });
    expect(await checksOf(AMA, "aal1")).toEqual({ admin: false, staff: true, pending: false });
    await setPolicy(true, false);
  });

  it("an admin's change of the policy is audited with the admin as actor", async () => {
    const audit = await db.asRole(
      { role: "authenticated", claims: { sub: KWAME, role: "authenticated", aal: "aal2" } },
      async (tx) => {
        const changed = await tx.query(
          "update public.organisation_settings set two_factor_staff = true returning id",
        );
        expect(changed.rows).toHaveLength(1);
        return tx.query<{ actor_id: string; changes: Record<string, unknown> }>(
          "select actor_id, changes from public.audit_log where table_name = 'organisation_settings' order by id desc limit 1",
        );
      },
    );
    expect(audit.rows[0]).toEqual({
      actor_id: KWAME,
      changes: { two_factor_staff: { old: false, new: true } },
    });
    await setPolicy(true, false);
  });

  it("a deactivated member is never pending (they have no role at all)", async () => {
    await db.admin((tx) =>
      tx.exec(`update public.profiles set deactivated_at = now() where user_id = '${YAW}'`),
    );
    expect(await checksOf(YAW, "aal1")).toEqual({ admin: false, staff: false, pending: false });
    await db.admin((tx) =>
      tx.exec(`update public.profiles set deactivated_at = null where user_id = '${YAW}'`),
    );
  });
});
