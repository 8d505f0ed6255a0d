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
import path from "node:path";
import { introspect } from "@supabase/postgrest-typegen/introspection";
import { generateTypescript, sortGeneratorMetadata } from "@supabase/postgrest-typegen/generation";
import type { PgliteDatabase } from "#emulator/src/db.ts";
import { type GeneratedFile, writeOrCheck } from "./generated-file.ts";
import { ROOT } from "./local-env.ts";

export const DB_TYPES_FILE = path.join(ROOT, "core", "database.types.ts");
export const DB_TYPES_COMMAND = "npm run db:types";

/** The PostgREST major that hosted Supabase runs; emitted as __InternalSupabase.PostgrestVersion. */
const POSTGREST_VERSION = "13";

const HEADER = `// The database's types (\`Database\`), as \`supabase gen types typescript\` prints them.
// Generated from supabase/migrations by \`${DB_TYPES_COMMAND}\` (scripts/db-types.ts): do not edit;
// re-run it after adding a migration (\`npm test\` fails while this file is stale).
`;

async function generateDatabaseTypes(db: PgliteDatabase): Promise<string> {
  const metadata = await db.exclusive((pg) => introspect(pg, { includedSchemas: ["public"] }));
  const types = await generateTypescript(sortGeneratorMetadata(metadata), {
    detectOneToOneRelationships: true,
    postgrestVersion: POSTGREST_VERSION,
  });
  return HEADER + types;
}

export const DATABASE_TYPES: GeneratedFile = {
  file: DB_TYPES_FILE,
  command: DB_TYPES_COMMAND,
  generate: generateDatabaseTypes,
};

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename))
  await writeOrCheck([DATABASE_TYPES], process.argv.includes("--check"));
