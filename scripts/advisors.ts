/**
 * `npm run advisors`: applies every migration and seed to a fresh in-memory database and runs our
 * schema advisors (scripts/advisors/checks.ts, also part of `npm test`). With SPLINTER_SQL=<path
 * to splinter.sql from github.com/supabase/splinter> it also runs Supabase's own linter, as the
 * hosted dashboard does, and prints every WARN/ERROR (INFO with ADVISORS_ALL=1). Exit 1 on findings.
 */
import fs from "node:fs";
import { Database } from "#emulator/src/db.ts";
import { migrate } from "#emulator/src/migrate.ts";
import { runChecks } from "./advisors/checks.ts";

const db = await Database.open(null);
let failed: boolean;
try {
  await migrate(db, ["./seed.sql", "./seeds/*.sql"]);
  const ours = await runChecks(db);
  for (const f of ours) console.log(`ours  ${f.check}: ${f.detail}`);
  console.log(`our checks: ${ours.length} finding(s)`);
  failed = ours.length > 0;

  const splinterPath = process.env.SPLINTER_SQL;
  if (splinterPath) {
    // splinter.sql opens with `set local search_path = ''`, which we set ourselves in the transaction.
    const sql = fs.readFileSync(splinterPath, "utf8").replace(/^\s*set local search_path[^;]*;/i, "");
    const { rows: all } = await db.admin(async (tx) => {
      await tx.exec("set local search_path = ''; set local pgrst.db_schemas = 'public, graphql_public'");
      return tx.query<{ name: string; level: string; detail: string }>(sql);
    });
    const counts: Record<string, number> = {};
    // Seeds may define pg_temp helpers; they live in this one session only, never in a project.
    const rows = all.filter((r) => !r.detail.includes("pg_temp_"));
    for (const r of rows) {
      counts[`${r.level} ${r.name}`] = (counts[`${r.level} ${r.name}`] ?? 0) + 1;
      if (r.level !== "INFO" || process.env.ADVISORS_ALL)
        console.log(`splinter ${r.level} ${r.name}: ${r.detail}`);
    }
    console.log("splinter:", counts);
    // unused_index is INFO and meaningless on a database that has served no queries.
    failed ||= rows.some((r) => r.name !== "unused_index");
  } else {
    console.log("splinter: skipped (set SPLINTER_SQL to the path of splinter.sql to run it)");
  }
} finally {
  await db.close();
}
process.exit(failed ? 1 : 0);
