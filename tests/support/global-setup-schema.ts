/**
 * Migrates the template database of tests/support/migrated-database.ts once, before the suite's
 * files start: they only copy it (seconds), and no file's hook waits out another's migration.
 */
import { ensureMigratedTemplate } from "./migrated-database.ts";

export async function setup() {
  await ensureMigratedTemplate();
}
