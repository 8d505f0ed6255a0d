/** Opens a data folder and brings it up to date: database, migrations, seeds, signing key, buckets. */
import path from "node:path";
import type { EmulatorConfig } from "./config.ts";
import { analyzeAll } from "./auto-analyze.ts";
import { Database } from "./db.ts";
import { openPostgres } from "./db-postgres.ts";
import { loadSigningKeys, type SigningKeys } from "./keys.ts";
import { migrate, type MigrationReport } from "./migrate.ts";
import { seedStorageBuckets } from "./storage/seed.ts";

export interface PreparedData {
  db: Database;
  keys: SigningKeys;
  report: MigrationReport & { storageObjects: number };
}

export async function prepareDataFolder(config: EmulatorConfig): Promise<PreparedData> {
  const db = config.databaseUrl
    ? await openPostgres(config.databaseUrl, config.statementTimeouts)
    : await Database.open(path.join(config.dataDir, "pgdata"), config.statementTimeouts);
  const report = await migrate(db, config.seedPaths, true, config.fixturePaths);
  // Fresh statistics before anything plans a query (autovacuum would have run on a hosted project).
  await analyzeAll(db);
  const keys = await loadSigningKeys(config.dataDir, `${config.publicUrl}/auth/v1`);
  // Like `supabase start`: buckets from config.toml with their objects_path, on a fresh folder only.
  const storage = report.fresh ? await seedStorageBuckets({ config, db, keys }) : null;
  if (storage?.skipped.length) console.warn(`[emulator] storage seed skipped: ${storage.skipped.join("; ")}`);
  // Notification mails link into the back-office at `app.site_url` (a database setting on a
  // hosted project): here the CRM host of this stack, so a second stack's links follow SITE_PORT.
  const crm = crmOrigin(config.siteUrl);
  if (crm) await db.exclusive((pg) => pg.query("select set_config('app.site_url', $1, false)", [crm]));
  return { db, keys, report: { ...report, storageObjects: storage?.objects ?? 0 } };
}

/** http://localhost:8794 → http://crm.localhost:8794; null for a non-local site. */
function crmOrigin(siteUrl: string): string | null {
  const url = new URL(siteUrl);
  if (url.hostname !== "localhost") return null;
  url.hostname = "crm.localhost";
  return url.origin;
}
