/**
 * Brings a database up to date: Supabase's bootstrap, then supabase/migrations/*.sql in name
 * order (each once, recorded in _emulator.migrations), then the seed files on a fresh database.
 * Seeds run only on a fresh database (as `supabase db reset` does); each is recorded, so an older
 * folder can report the demo data added since it was created instead of silently lacking it.
 */
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { Database } from "./db.ts";
import { SUPABASE_DIR } from "./config.ts";

const BOOTSTRAP = fs.readFileSync(
  path.join(path.dirname(fileURLToPath(import.meta.url)), "sql/bootstrap.sql"),
  "utf8",
);

export interface MigrationReport {
  fresh: boolean;
  applied: string[];
  seeded: string[];
  /** Seed files this (older) folder never ran: demo data `npm run db:reset` would add. */
  unseeded: string[];
}

function seedFiles(patterns: string[]): string[] {
  const out: string[] = [];
  for (const p of patterns) {
    const rel = p.replace(/^\.\//, "");
    if (rel.includes("*")) {
      const dir = path.join(SUPABASE_DIR, path.dirname(rel));
      const re = new RegExp(
        `^${path
          .basename(rel)
          .replace(/[.+^${}()|[\]\\]/g, "\\$&")
          .replace(/\*/g, ".*")}$`,
      );
      if (!fs.existsSync(dir)) continue;
      for (const f of fs.readdirSync(dir).sort()) if (re.test(f)) out.push(path.join(dir, f));
    } else {
      const f = path.join(SUPABASE_DIR, rel);
      if (fs.existsSync(f)) out.push(f);
    }
  }
  return out;
}

export async function migrate(
  db: Database,
  seedPatterns: string[],
  withSeed = true,
  fixtures: string[] = [],
): Promise<MigrationReport> {
  return db.exclusive(async (pg) => {
    const fresh = (await pg.query(`select to_regclass('_emulator.migrations') is null as fresh`)).rows[0] as {
      fresh: boolean;
    };
    await pg.exec(BOOTSTRAP);
    const done = new Set(
      (await pg.query<{ name: string }>("select name from _emulator.migrations")).rows.map((r) => r.name),
    );
    const dir = path.join(SUPABASE_DIR, "migrations");
    const files = fs.existsSync(dir)
      ? fs
          .readdirSync(dir)
          .filter((f) => f.endsWith(".sql"))
          .sort()
      : [];
    const applied: string[] = [];
    for (const f of files) {
      if (done.has(f)) continue;
      const sql = fs.readFileSync(path.join(dir, f), "utf8");
      try {
        await pg.transaction(async (tx) => {
          await tx.exec(sql);
          await tx.query("insert into _emulator.migrations (name) values ($1)", [f]);
        });
      } catch (e) {
        throw new Error(`migration ${f} failed: ${(e as Error).message}`, { cause: e });
      }
      applied.push(f);
    }
    // Test fixtures after the schema, each once, recorded beside the migrations.
    for (const file of fixtures) {
      const name = `fixture:${path.basename(file)}`;
      if (done.has(name)) continue;
      try {
        await pg.transaction(async (tx) => {
          await tx.exec(fs.readFileSync(file, "utf8"));
          await tx.query("insert into _emulator.migrations (name) values ($1)", [name]);
        });
      } catch (e) {
        throw new Error(`fixture ${file} failed: ${(e as Error).message}`, { cause: e });
      }
      applied.push(name);
    }
    const seeded: string[] = [];
    if (fresh.fresh && withSeed) {
      for (const f of seedFiles(seedPatterns)) {
        try {
          await pg.exec(fs.readFileSync(f, "utf8"));
        } catch (e) {
          throw new Error(`seed ${path.relative(SUPABASE_DIR, f)} failed: ${(e as Error).message}`, {
            cause: e,
          });
        }
        const name = path.relative(SUPABASE_DIR, f);
        await pg.query("insert into _emulator.migrations (name) values ($1)", [`seed:${name}`]);
        seeded.push(name);
      }
    }
    const unseeded =
      fresh.fresh || !withSeed
        ? []
        : seedFiles(seedPatterns)
            .map((f) => path.relative(SUPABASE_DIR, f))
            .filter((name) => !done.has(`seed:${name}`));
    await pg.exec("set search_path to public, extensions");
    return { fresh: fresh.fresh, applied, seeded, unseeded };
  });
}
