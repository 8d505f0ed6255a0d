/**
 * The schema advisors (scripts/advisors/checks.ts) find nothing on the migrated and seeded schema,
 * and each check does find the mistake it names (so none passes by never matching).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "#emulator/src/db.ts";
import { openMigratedDatabase } from "../support/migrated-database.ts";
import { runChecks } from "#scripts/advisors/checks.ts";

let db: Database;
beforeAll(async () => {
  db = await openMigratedDatabase();
});
afterAll(() => db?.close());

describe("schema advisors", () => {
  it("find nothing on our schema", async () => {
    expect(await runChecks(db)).toEqual([]);
  });

  it("each finds the mistake it names", async () => {
    await db.admin(async (tx) => {
      await tx.exec(`
        create table public.adv_parent (id int primary key);
        create table public.adv_child (id int primary key, parent_id int references public.adv_parent(id));
        alter table public.adv_parent enable row level security;
        create policy a on public.adv_parent for select to anon using (true);
        create policy b on public.adv_parent for all to public using (true);
        create function public.adv_definer() returns int language sql security definer as 'select 1';
        grant execute on function public.adv_definer() to anon;
        insert into storage.buckets (id, name, public) values ('adv-bucket', 'adv-bucket', true);
        create policy adv_list on storage.objects for select to anon using (bucket_id = 'adv-bucket');
        create table public.adv_locked (id int primary key);
        alter table public.adv_locked enable row level security;`);
    });
    const found = await runChecks(db);
    const checks = new Set(found.map((f) => f.check));
    expect([...checks].sort()).toEqual([
      "exposed_security_definer",
      "function_search_path_mutable",
      "multiple_permissive_policies",
      "public_bucket_allows_listing",
      "rls_disabled",
      "rls_enabled_no_policy",
      "unindexed_foreign_keys",
    ]);
    expect(found).toContainEqual({
      check: "unindexed_foreign_keys",
      detail: "adv_child: adv_child_parent_id_fkey",
    });
    expect(found).toContainEqual({
      check: "multiple_permissive_policies",
      detail: "public.adv_parent: SELECT for anon — a, b",
    });
  });
});
