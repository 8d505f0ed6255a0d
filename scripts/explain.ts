/**
 * `npx tsx scripts/explain.ts "<sql>" [email]`: EXPLAIN ANALYZE a statement on the seed:scale
 * folder as a signed-in user at aal2 (RLS applies as through the API, an admin past two-factor).
 * A tool for tuning indexes and policies; stop any emulator serving the folder first.
 */
import path from "node:path";
import { Database } from "#emulator/src/db.ts";
import { ROOT } from "./local-env.ts";

const [sql, email = "admin1@scale.test"] = process.argv.slice(2);
if (!sql) throw new Error('usage: tsx scripts/explain.ts "<sql>" [email]');
const db = await Database.open(path.resolve(ROOT, process.env.SCALE_DATA_DIR ?? ".data/scale", "pgdata"));
const user = await db.admin((tx) =>
  tx.query<{ id: string }>("select id from auth.users where email = $1", [email]),
);
const sub = user.rows[0]?.id;
if (!sub) throw new Error(`no user ${email}`);
const plan = await db.asRole(
  { role: "authenticated", claims: { sub, role: "authenticated", aal: "aal2" } },
  (tx) => tx.query<{ "QUERY PLAN": string }>(`explain (analyze, buffers off) ${sql}`),
);
console.log(plan.rows.map((r) => r["QUERY PLAN"]).join("\n"));
await db.close();
