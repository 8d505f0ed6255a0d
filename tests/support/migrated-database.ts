/**
 * A database of every migration and seed, for tests that read the schema (advisors, RLS coverage,
 * SQL helpers, in-process emulators): migrating takes a minute on a busy machine, so it happens
 * once, in the suites' global setup (tests/support/global-setup-schema.ts), into a template data
 * folder named after the content of the migrations, seeds and the emulator's bootstrap; every
 * caller opens a copy of its own (it may change it freely). A later run with the same SQL, or
 * another checkout of it, reuses the template; whoever builds it holds a lock the others wait on.
 */
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { ROOT, SUPABASE_DIR } from "#emulator/src/config.ts";
import { Database } from "#emulator/src/db.ts";
import { migrate } from "#emulator/src/migrate.ts";

const SEEDS = ["./seed.sql", "./seeds/*.sql"];

function sqlFiles(): string[] {
  const under = (dir: string) =>
    fs.existsSync(dir)
      ? fs
          .readdirSync(dir, { recursive: true, encoding: "utf8" })
          .filter((f) => f.endsWith(".sql"))
          .map((f) => path.join(dir, f))
      : [];
  return [
    ...under(path.join(SUPABASE_DIR, "migrations")),
    ...under(path.join(SUPABASE_DIR, "seeds")),
    path.join(SUPABASE_DIR, "seed.sql"),
    ...under(path.join(ROOT, "emulator", "src", "sql")),
  ].sort();
}

/** Names the template after every SQL file that shapes it (path and content). */
function templateDir(): string {
  const hash = crypto.createHash("sha256");
  for (const f of sqlFiles()) hash.update(`${path.relative(ROOT, f)}\0`).update(fs.readFileSync(f));
  return path.join(os.tmpdir(), `ghana-realty-schema-${hash.digest("hex").slice(0, 16)}`);
}

function builderAlive(lock: string): boolean {
  let pid: number;
  try {
    pid = Number(fs.readFileSync(path.join(lock, "pid"), "utf8"));
  } catch {
    return true; // just created: its pid follows
  }
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Builds the template unless it exists; returns its folder. */
export async function ensureMigratedTemplate(): Promise<string> {
  const dir = templateDir();
  await ensureTemplate(dir);
  return dir;
}

async function ensureTemplate(dir: string): Promise<void> {
  const done = path.join(dir, ".complete");
  const lock = `${dir}.lock`;
  for (;;) {
    if (fs.existsSync(done)) return;
    try {
      fs.mkdirSync(lock);
      fs.writeFileSync(path.join(lock, "pid"), String(process.pid));
    } catch {
      // Another test file builds it: wait for its marker, or take over from a builder that died.
      if (!builderAlive(lock)) fs.rmSync(lock, { recursive: true, force: true });
      else await new Promise((r) => setTimeout(r, 250));
      continue;
    }
    try {
      if (fs.existsSync(done)) return;
      fs.rmSync(dir, { recursive: true, force: true });
      const db = await Database.open(path.join(dir, "pgdata"));
      try {
        await migrate(db, SEEDS);
      } finally {
        await db.close();
      }
      fs.writeFileSync(done, new Date().toISOString());
      return;
    } finally {
      fs.rmSync(lock, { recursive: true, force: true });
    }
  }
}

/**
 * A data folder of the caller's own holding the migrated and seeded database (`pgdata/`, as the
 * emulator lays out its folder): for an emulator process of a test's own, which then only applies
 * what the template lacks (the suites' fixtures).
 */
export async function migratedDataDir(label: string): Promise<string> {
  const template = await ensureMigratedTemplate();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `ghana-realty-${label}-`));
  fs.cpSync(path.join(template, "pgdata"), path.join(dir, "pgdata"), { recursive: true });
  return dir;
}

/** A migrated and seeded database of the caller's own; `close()` also removes its folder. */
export async function openMigratedDatabase(): Promise<Database> {
  const dir = await migratedDataDir("schema-copy");
  const db = await Database.open(path.join(dir, "pgdata"));
  const close = db.close.bind(db);
  db.close = async () => {
    await close();
    fs.rmSync(dir, { recursive: true, force: true });
  };
  return db;
}
