import fs from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { SUPABASE_DIR } from "./config.ts";
import { Database } from "./db.ts";
import { migrate } from "./migrate.ts";

const migrations = fs
  .readdirSync(path.join(SUPABASE_DIR, "migrations"))
  .filter((f) => f.endsWith(".sql"))
  .sort();

describe("migrate", () => {
  let db: Database;
  afterAll(() => db?.close());

  it("applies every migration in order and the seeds on a fresh database", async () => {
    db = await Database.open(null);
    const report = await migrate(db, ["./seed.sql", "./seeds/*.sql"]);
    expect(report.fresh).toBe(true);
    expect(report.applied).toEqual(migrations);
    expect(report.seeded[0]).toBe("seed.sql");
    const users = await db.admin((tx) =>
      tx.query<{ email: string }>(
        "select email from auth.users where email like '%@demo.test' order by email",
      ),
    );
    expect(users.rows.map((r) => r.email)).toEqual([
      "admin@demo.test",
      "mfa@demo.test",
      "partner@demo.test",
      "staff2@demo.test",
      "staff@demo.test",
      "visitor@demo.test",
    ]);
  }, 60_000);

  it("re-applies nothing and does not seed again on restart", async () => {
    const report = await migrate(db, ["./seed.sql", "./seeds/*.sql"]);
    expect(report).toEqual({ fresh: false, applied: [], seeded: [], unseeded: [] });
  });

  it("names the seed files an older folder never ran (demo data a reset would add)", async () => {
    await db.admin((tx) =>
      tx.query("delete from _emulator.migrations where name = 'seed:seeds/75-inbox-demo.sql'"),
    );
    const report = await migrate(db, ["./seed.sql", "./seeds/*.sql"]);
    expect(report).toMatchObject({ fresh: false, seeded: [], unseeded: ["seeds/75-inbox-demo.sql"] });
    await db.admin((tx) =>
      tx.query("insert into _emulator.migrations (name) values ('seed:seeds/75-inbox-demo.sql')"),
    );
  });

  it("applies test fixtures once, after the migrations, never as a migration", async () => {
    const fixture = path.join(SUPABASE_DIR, "..", "tests", "conformance", "fixtures.sql");
    expect(migrations.some((m) => m.includes("conformance"))).toBe(false);
    const first = await migrate(db, [], true, [fixture]);
    expect(first.applied).toEqual(["fixture:fixtures.sql"]);
    const again = await migrate(db, [], true, [fixture]);
    expect(again.applied).toEqual([]);
    const t = await db.admin((tx) =>
      tx.query<{ t: string | null }>("select to_regclass('public.cf_books')::text t"),
    );
    expect(t.rows[0]!.t).toBe("cf_books");
  });

  it("provides Supabase's roles and auth helpers to SQL", async () => {
    const row = await db.asRole(
      {
        role: "authenticated",
        claims: { sub: "00000000-0000-4000-a000-000000000001", role: "authenticated", aal: "aal1" },
      },
      async (tx) =>
        (
          await tx.query<{ uid: string; role: string; who: string; aal: string }>(
            "select auth.uid()::text uid, auth.role() role, current_user who, auth.jwt()->>'aal' aal",
          )
        ).rows[0],
    );
    expect(row).toEqual({
      uid: "00000000-0000-4000-a000-000000000001",
      role: "authenticated",
      who: "authenticated",
      aal: "aal1",
    });
  });

  it("lets RLS decide for API roles: anon sees no team chat, service_role bypasses", async () => {
    const anon = await db.asRole(
      { role: "anon", claims: { role: "anon" } },
      async (tx) => (await tx.query<{ n: number }>("select count(*)::int n from team_messages")).rows[0]!.n,
    );
    const service = await db.asRole(
      { role: "service_role", claims: { role: "service_role" } },
      async (tx) => (await tx.query<{ n: number }>("select count(*)::int n from team_messages")).rows[0]!.n,
    );
    expect(anon).toBe(0);
    expect(service).toBeGreaterThan(0);
  });

  it("audits a table without ever logging its secret columns, and refuses to rewrite history", async () => {
    await db.admin(async (tx) => {
      await tx.exec(`create table public.audit_probe (id uuid primary key default gen_random_uuid(), name text, feed_token text, updated_at timestamptz default now());
        select private.enable_audit('public.audit_probe', 'id', array['feed_token']);`);
    });
    const changes = await db.admin(async (tx) => {
      const id = (
        await tx.query<{ id: string }>(
          "insert into public.audit_probe (name, feed_token) values ('Ama', 's3cret') returning id",
        )
      ).rows[0]!.id;
      await tx.query(
        "update public.audit_probe set name = 'Ama Owusu', feed_token = 'rotated', updated_at = now() + interval '1 s' where id = $1",
        [id],
      );
      await tx.query("update public.audit_probe set feed_token = 'rotated-again' where id = $1", [id]);
      return (
        await tx.query<{ action: string; changes: Record<string, unknown> }>(
          "select action, changes from public.audit_log where table_name = 'audit_probe' and record_id = $1 order by id",
          [id],
        )
      ).rows;
    });
    expect(
      changes.map((c) => c.action),
      "a change of only a secret column leaves no entry",
    ).toEqual(["insert", "update"]);
    expect(JSON.stringify(changes)).not.toMatch(/s3cret|rotated|feed_token|updated_at/);
    expect(changes[1]!.changes).toEqual({ name: { old: "Ama", new: "Ama Owusu" } });
    await expect(
      db.admin((tx) => tx.query("delete from public.audit_log where table_name = 'audit_probe'")),
    ).rejects.toThrow(/append-only/);
    await expect(db.admin((tx) => tx.query("truncate public.audit_log"))).rejects.toThrow(/append-only/);
  });

  it("provides storage's path helpers", async () => {
    const r = await db.admin((tx) =>
      tx.query<{ f: string[]; n: string; e: string }>(
        "select storage.foldername('u1/pics/a.png') f, storage.filename('u1/pics/a.png') n, storage.extension('u1/pics/a.png') e",
      ),
    );
    expect(r.rows[0]).toEqual({ f: ["u1", "pics"], n: "a.png", e: "png" });
  });
});
