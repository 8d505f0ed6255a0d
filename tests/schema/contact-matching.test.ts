/**
 * private.contact_matching — the contact an inbox record, invoice or inbox reply belongs to:
 * the newest live contact by e-mail, then phone, alternatives included; anonymised ones never.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "#emulator/src/db.ts";
import { openMigratedDatabase } from "../support/migrated-database.ts";

let db: Database;
beforeAll(async () => {
  db = await openMigratedDatabase();
  await db.admin((tx) =>
    tx.exec(`insert into public.contacts (kind, first_name, last_name, email, phone, updated_at)
      select 'person', 'Ama', 'Scale' || g, 'ama.scale' || g || '@example.com', '+23324' || lpad(g::text, 7, '0'), now() - make_interval(mins => g)
        from generate_series(1, 3000) g`),
  );
});
afterAll(() => db?.close());

const match = (email: string | null, phone: string | null) =>
  db.admin(
    async (tx) =>
      (
        await tx.query<{ id: string | null }>(`select private.contact_matching(null, $1, $2)::text id`, [
          email,
          phone,
        ])
      ).rows[0]!.id,
  );

describe("private.contact_matching", () => {
  it("finds the newest live contact by e-mail, then phone, including the alternatives", async () => {
    const ids = await db.admin(async (tx) => {
      const insert = async (sql: string) => (await tx.query<{ id: string }>(sql)).rows[0]!.id;
      return {
        older: await insert(
          `insert into public.contacts (kind, first_name, last_name, email, updated_at) values ('person', 'Kofi', 'Old', 'kofi.match@example.com', now() - interval '2 days') returning id`,
        ),
        newer: await insert(
          `insert into public.contacts (kind, first_name, last_name, alt_email, email, updated_at) values ('person', 'Kofi', 'New', 'kofi.match@example.com', 'kofi.other@example.com', now()) returning id`,
        ),
        byPhone: await insert(
          `insert into public.contacts (kind, first_name, last_name, alt_phone, phone) values ('person', 'Efua', 'Phone', '+233201112223', '+233201112224') returning id`,
        ),
        gone: await insert(
          `insert into public.contacts (kind, first_name, last_name, email) values ('person', 'Gone', 'Away', 'gone.match@example.com') returning id`,
        ),
      };
    });
    await db.admin((tx) =>
      tx.query(`update public.contacts set anonymised_at = now() where id = $1`, [ids.gone]),
    );
    expect(await match(" Kofi.Match@Example.com ", null)).toBe(ids.newer);
    expect(await match("nobody@example.com", "020 111 2223")).toBe(ids.byPhone);
    expect(await match("gone.match@example.com", null)).toBeNull();
    expect(await match(null, null)).toBeNull();
  });
});
