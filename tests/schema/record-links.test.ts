/**
 * Notification links: SQL's private.record_path names the same page as recordPath() of core for
 * every table with a page, and private.notify links a record's notification to that page (the
 * old list links `/tasks?id=…` only stay in rows written before).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "#emulator/src/db.ts";
import { RECORD_PAGE_TABLES, recordPath } from "#core/records/record-links.ts";
import { openMigratedDatabase } from "../support/migrated-database.ts";

let db: Database;
beforeAll(async () => {
  db = await openMigratedDatabase();
});
afterAll(() => db?.close());

const ID = "6f1c2a3b-4d5e-4f60-8a7b-9c0d1e2f3a4b";

describe("private.record_path", () => {
  it("gives recordPath()'s page for every table that has one, and null for any other", async () => {
    const tables = [...RECORD_PAGE_TABLES, "announcements", "partner_messages"];
    const sql = await db.admin(
      async (tx) =>
        (
          await tx.query<{ t: string; path: string | null }>(
            `select t, private.record_path(t, $2::uuid) path from unnest($1::text[]) t`,
            [tables, ID],
          )
        ).rows,
    );
    expect(Object.fromEntries(sql.map((r) => [r.t, r.path]))).toEqual(
      Object.fromEntries(tables.map((t) => [t, recordPath(t, ID)])),
    );
  });
});

describe("private.notify", () => {
  it("links a record with a page to that page; a link into the page or about a record without one stays", async () => {
    const links = await db.admin(async (tx) => {
      const admin = (
        await tx.query<{ id: string }>(
          `select user_id::text id from public.profiles where role = 'admin' and deactivated_at is null order by user_id limit 1`,
        )
      ).rows[0]!.id;
      const notify = async (link: string | null, table: string | null) => {
        const id = (
          await tx.query<{ id: string }>(
            `select private.notify($1::uuid, 'general', 'Probe', null, $2, $3, $4::uuid, null)::text id`,
            [admin, link, table, ID],
          )
        ).rows[0]!.id;
        return (
          await tx.query<{ link: string | null }>(
            `select link from public.notifications where id = $1::uuid`,
            [id],
          )
        ).rows[0]!.link;
      };
      return [
        await notify(`/tasks?id=${ID}`, "tasks"),
        await notify(`/consultations?open=${ID}`, "consultations"),
        await notify(null, "deals"),
        await notify(`/deals/${ID}?tab=activity`, "deals"),
        await notify(`/announcements?id=${ID}`, "announcements"),
        await notify(null, null),
      ];
    });
    expect(links).toEqual([
      recordPath("tasks", ID),
      recordPath("consultations", ID),
      recordPath("deals", ID),
      `/deals/${ID}?tab=activity`,
      `/announcements?id=${ID}`,
      null,
    ]);
  });
});
