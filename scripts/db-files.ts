/**
 * `npm test`'s check of both files generated from the migrations (core/database.types.ts and
 * supabase/schema.sql) with one migrated database instead of one each: migrating is most of
 * either check's time. `--check` only compares; without it, writes both (as `npm run db:types`
 * and `npm run db:schema` do one each).
 */
import { SCHEMA_SNAPSHOT } from "./db-schema.ts";
import { DATABASE_TYPES } from "./db-types.ts";
import { writeOrCheck } from "./generated-file.ts";

await writeOrCheck([DATABASE_TYPES, SCHEMA_SNAPSHOT], process.argv.includes("--check"));
