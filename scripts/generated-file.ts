/**
 * What the files generated from supabase/migrations share (core/database.types.ts by
 * `npm run db:types`, supabase/schema.sql by `npm run db:schema`): a throwaway in-memory
 * database of the emulator's bootstrap and every migration (no seeds), and the step that writes
 * the file — or, with `--check` as `npm test` runs it, fails while the committed one is stale and
 * prints the command that regenerates it.
 */
import fs from "node:fs";
import path from "node:path";
import { Database, type PgliteDatabase } from "#emulator/src/db.ts";
import { migrate } from "#emulator/src/migrate.ts";
import { ROOT } from "./local-env.ts";

/** Runs fn on a fresh in-memory database of every migration, closed afterwards. */
async function withMigratedDatabase<T>(fn: (db: PgliteDatabase) => Promise<T>): Promise<T> {
  const db = await Database.openPglite(null);
  try {
    await migrate(db, [], false);
    return await fn(db);
  } finally {
    await db.close();
  }
}

export interface GeneratedFile {
  /** Absolute path of the committed file. */
  file: string;
  /** The npm command that regenerates it, printed when the check fails. */
  command: string;
  /** The file's text, read from a database of every migration. */
  generate: (db: PgliteDatabase) => Promise<string>;
}

/**
 * Writes each file (when it changed), or with `check` only compares; sets a failing exit code when
 * one is stale. All of them are generated from one migrated database: migrating is most of the time.
 */
export async function writeOrCheck(files: readonly GeneratedFile[], check: boolean): Promise<void> {
  const t0 = Date.now();
  await withMigratedDatabase(async (db) => {
    for (const f of files) report(f, await f.generate(db), check, t0);
  });
}

function report({ file, command }: GeneratedFile, generated: string, check: boolean, t0: number): void {
  const rel = path.relative(ROOT, file);
  const current = fs.existsSync(file) ? fs.readFileSync(file, "utf8") : null;
  const seconds = ((Date.now() - t0) / 1000).toFixed(1);
  if (check) {
    if (current === generated) {
      console.log(`${rel} is current (${seconds} s)`);
      return;
    }
    console.error(
      `${rel} is ${current === null ? "missing" : "out of date with supabase/migrations"}.\n` +
        `Regenerate it with:  ${command}\nand commit the result.`,
    );
    process.exitCode = 1;
    return;
  }
  if (current === generated) {
    console.log(`${rel} unchanged (${seconds} s)`);
    return;
  }
  fs.writeFileSync(file, generated);
  console.log(`wrote ${rel}: ${generated.split("\n").length} lines (${seconds} s)`);
}
