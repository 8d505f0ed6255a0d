/**
 * The RLS matrix covers every table and bucket (issue 11, "the RLS matrix covers every table"):
 * each table of the public schema and each Storage bucket is named by at least one file of
 * tests/rls, so a migration that adds a table without matrix rows fails here rather than ships
 * untested access rules.
 */
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "#emulator/src/db.ts";
import { openMigratedDatabase } from "../support/migrated-database.ts";

const RLS_TESTS = path.resolve(import.meta.dirname, "../rls");

let db: Database;
beforeAll(async () => {
  db = await openMigratedDatabase();
});
afterAll(() => db?.close());

function rlsTestText(): string {
  return fs
    .readdirSync(RLS_TESTS)
    .filter((f) => f.endsWith(".ts"))
    .map((f) => fs.readFileSync(path.join(RLS_TESTS, f), "utf8"))
    .join("\n");
}

/** Tables and buckets no file of tests/rls names (quoted, as `from("x")` or a matrix row does). */
async function untested(text: string): Promise<{ total: number; missing: string[] }> {
  const tables = await db.admin((tx) =>
    tx.query<{ name: string }>(
      `select c.relname as name from pg_class c join pg_namespace s on s.oid = c.relnamespace
        where s.nspname = 'public' and c.relkind in ('r', 'p')
       union all select id from storage.buckets order by 1`,
    ),
  );
  const names = tables.rows.map((r) => r.name);
  return { total: names.length, missing: names.filter((n) => !new RegExp(`["'\`]${n}["'\`]`).test(text)) };
}

describe("RLS matrix coverage", () => {
  it("names every public table and every bucket", async () => {
    const { total, missing } = await untested(rlsTestText());
    expect(total).toBeGreaterThan(50); // the query found the schema, not nothing
    expect(missing).toEqual([]);
  });

  it("finds a table nobody tests", async () => {
    await db.admin((tx) => tx.exec(`create table public.rls_coverage_probe (id int primary key)`));
    expect((await untested(rlsTestText())).missing).toEqual(["rls_coverage_probe"]);
    await db.admin((tx) => tx.exec(`drop table public.rls_coverage_probe`));
  });
});
