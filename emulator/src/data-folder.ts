/** Opens a data folder and brings it up to date: database, migrations, seeds, signing key. */
import path from "node:path";
import type { EmulatorConfig } from "./config.ts";
import { Database } from "./db.ts";
import { loadSigningKeys, type SigningKeys } from "./keys.ts";
import { migrate, type MigrationReport } from "./migrate.ts";

export interface PreparedData {
  db: Database;
  keys: SigningKeys;
  report: MigrationReport;
}

export async function prepareDataFolder(config: EmulatorConfig): Promise<PreparedData> {
  const db = await Database.open(path.join(config.dataDir, "pgdata"));
  const report = await migrate(db, config.seedPaths);
  const keys = await loadSigningKeys(config.dataDir, `${config.publicUrl}/auth/v1`);
  return { db, keys, report };
}
