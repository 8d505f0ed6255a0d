/**
 * The last active admin stays (private.guard_last_admin on profiles): demoting, deactivating or
 * deleting the only remaining active admin is refused with PT409, by whatever path (the API, the
 * secret key, direct SQL); with another active admin it goes through. On a private copy of the
 * migrated and seeded database, where every admin can be taken away without disturbing others.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "#emulator/src/db.ts";
import { openMigratedDatabase } from "../support/migrated-database.ts";

const KWAME = "00000000-0000-4000-a000-000000000001";
const KOFI = "00000000-0000-4000-a000-000000000003";

let db: Database;
beforeAll(async () => {
  db = await openMigratedDatabase();
  // Only the two demo admins stay admins.
  await db.admin((tx) =>
    tx.exec(
      `update public.profiles set role = 'staff' where role = 'admin' and user_id not in ('${KWAME}', '${KOFI}')`,
    ),
  );
});
afterAll(() => db?.close());

const run = (sql: string) =>
  db.admin(async (tx) => {
    try {
      await tx.exec(sql);
      return null;
    } catch (e) {
      return e as { code?: string; message: string };
    }
  });

describe("the last active admin", () => {
  it("with two admins, one may be deactivated; then the other can be neither deactivated, demoted nor deleted", async () => {
    expect(
      await run(`update public.profiles set deactivated_at = now() where user_id = '${KOFI}'`),
    ).toBeNull();
    for (const sql of [
      `update public.profiles set deactivated_at = now() where user_id = '${KWAME}'`,
      `update public.profiles set role = 'staff' where user_id = '${KWAME}'`,
      `update public.profiles set role = null where user_id = '${KWAME}'`,
      `delete from public.profiles where user_id = '${KWAME}'`,
    ]) {
      const err = await run(sql);
      expect(err?.code, sql).toBe("PT409");
      expect(err?.message).toMatch(/last active admin/);
    }
    // Editing the last admin's other columns is fine.
    expect(
      await run(`update public.profiles set phone = '+233 24 400 9999' where user_id = '${KWAME}'`),
    ).toBeNull();
  });

  it("reactivating the other admin lifts the guard", async () => {
    expect(
      await run(`update public.profiles set deactivated_at = null where user_id = '${KOFI}'`),
    ).toBeNull();
    expect(await run(`update public.profiles set role = 'staff' where user_id = '${KWAME}'`)).toBeNull();
    expect((await run(`update public.profiles set role = 'staff' where user_id = '${KOFI}'`))?.code).toBe(
      "PT409",
    );
  });
});
