/**
 * `npm run seed:scale`: a data folder at the size a busy agency reaches in years —
 * migrations and the demo seeds, then every scripts/scale/*.sql in name order, each in
 * one transaction, generating rows inside the database (set-based, deterministic seed). Modules
 * add their volume with a file of their own (e.g. 30-contacts.sql: 100,000 contacts).
 *
 * The folder is rebuilt from scratch: .data/scale (or SCALE_DATA_DIR). `npm run bench:backoffice`
 * serves it and measures. Prints the row count of every table it grew and the time per file.
 */
import fs from "node:fs";
import path from "node:path";
import { loadConfig } from "#emulator/src/config.ts";
import { prepareDataFolder } from "#emulator/src/data-folder.ts";
import { analyzeAll } from "#emulator/src/auto-analyze.ts";
import { ROOT } from "./local-env.ts";

export const SCALE_DATA_DIR = path.resolve(ROOT, process.env.SCALE_DATA_DIR ?? ".data/scale");
const SCALE_SQL = path.join(ROOT, "scripts", "scale");

const t0 = Date.now();
fs.rmSync(SCALE_DATA_DIR, { recursive: true, force: true });
const config = { ...loadConfig({ ...process.env, EMULATOR_DATA_DIR: SCALE_DATA_DIR }) };
const { db, report } = await prepareDataFolder(config);
console.log(
  `[seed:scale] ${path.relative(ROOT, SCALE_DATA_DIR)}: ${report.applied.length} migrations, seeds ${report.seeded.join(", ")} (${Date.now() - t0} ms)`,
);

for (const file of fs
  .readdirSync(SCALE_SQL)
  .filter((f) => f.endsWith(".sql"))
  .sort()) {
  const t = Date.now();
  const sql = fs.readFileSync(path.join(SCALE_SQL, file), "utf8");
  try {
    await db.exclusive((pg) => pg.transaction((tx) => tx.exec(sql)));
    // As autovacuum would: the next file's triggers plan their lookups on today's table sizes
    // (a plan made while contacts had a dozen rows scanned all 100,000 per inbox row).
    await analyzeAll(db);
  } catch (e) {
    console.error(`[seed:scale] ${file} failed: ${(e as Error).message}`);
    await db.close();
    process.exit(1);
  }
  console.log(`[seed:scale] ${file} in ${((Date.now() - t) / 1000).toFixed(1)} s`);
}

const counts = await db.admin((tx) =>
  tx.query<{ table_name: string; rows: number }>(
    `select c.relname as table_name, c.reltuples::bigint::int as rows
       from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind = 'r' and c.reltuples > 1000
      order by c.reltuples desc`,
  ),
);
await db.admin((tx) => tx.exec("checkpoint"));
await db.close();
console.log(`[seed:scale] done in ${((Date.now() - t0) / 1000).toFixed(1)} s; approximate rows:`);
for (const r of counts.rows) console.log(`  ${r.table_name.padEnd(28)} ${String(r.rows).padStart(9)}`);
