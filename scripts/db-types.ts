/**
 * `npm run db:types`: writes core/database.types.ts, the `Database` type that
 * `supabase gen types typescript` prints, generated from supabase/migrations.
 * `npm run db:types -- --check` (a step of `npm test`) fails when the committed file is stale.
 *
 * How: the emulator's bootstrap and every migration go into a throwaway in-memory PGlite, then
 * @supabase/postgrest-typegen — the generator behind `supabase gen types` (postgres-meta runs
 * the same package) — introspects it directly (PGlite's `query` is all it needs, so no wire
 * protocol server) with the CLI's options: schema public, one-to-one relationships detected.
 * Its metadata is sorted canonically, so the output depends on the schema alone.
 */
import fs from "node:fs";
import path from "node:path";
import { introspect } from "@supabase/postgrest-typegen/introspection";
import { generateTypescript, sortGeneratorMetadata } from "@supabase/postgrest-typegen/generation";
import { Database } from "#emulator/src/db.ts";
import { migrate } from "#emulator/src/migrate.ts";
import { ROOT } from "./local-env.ts";

export const DB_TYPES_FILE = path.join(ROOT, "core", "database.types.ts");
export const DB_TYPES_COMMAND = "npm run db:types";

/** The PostgREST major that hosted Supabase runs; emitted as __InternalSupabase.PostgrestVersion. */
const POSTGREST_VERSION = "13";

const HEADER = `// The database's types (\`Database\`), as \`supabase gen types typescript\` prints them.
// Generated from supabase/migrations by \`${DB_TYPES_COMMAND}\` (scripts/db-types.ts): do not edit;
// re-run it after adding a migration (\`npm test\` fails while this file is stale).
`;

export async function generateDatabaseTypes(): Promise<string> {
  const db = await Database.open(null);
  try {
    await migrate(db, [], false);
    const metadata = await db.exclusive((pg) => introspect(pg, { includedSchemas: ["public"] }));
    const types = await generateTypescript(sortGeneratorMetadata(metadata), {
      detectOneToOneRelationships: true,
      postgrestVersion: POSTGREST_VERSION,
    });
    return HEADER + types;
  } finally {
    await db.close();
  }
}

async function main(): Promise<void> {
  const check = process.argv.includes("--check");
  const t0 = Date.now();
  const generated = await generateDatabaseTypes();
  const rel = path.relative(ROOT, DB_TYPES_FILE);
  const current = fs.existsSync(DB_TYPES_FILE) ? fs.readFileSync(DB_TYPES_FILE, "utf8") : null;
  const seconds = ((Date.now() - t0) / 1000).toFixed(1);
  if (check) {
    if (current === generated) {
      console.log(`${rel} is current (${seconds} s)`);
      return;
    }
    console.error(
      `${rel} is ${current === null ? "missing" : "out of date with supabase/migrations"}.\n` +
        `Regenerate it with:  ${DB_TYPES_COMMAND}\nand commit the result.`,
    );
    process.exitCode = 1;
    return;
  }
  if (current === generated) {
    console.log(`${rel} unchanged (${seconds} s)`);
    return;
  }
  fs.writeFileSync(DB_TYPES_FILE, generated);
  console.log(`wrote ${rel}: ${generated.split("\n").length} lines (${seconds} s)`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) await main();
