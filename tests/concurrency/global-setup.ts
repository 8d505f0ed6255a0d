/**
 * The `concurrency` project's server: a private PostgreSQL cluster (Debian's package) on a free
 * port, removed afterwards, with two databases made from the same files as every other stack:
 *   - `hammer`: the emulator's bootstrap, then every migration in one transaction each (as the
 *     Supabase CLI applies them) and the seeds; the concurrent scenarios connect to it directly;
 *   - `rls`: served by an emulator of this project's own (EMULATOR_DATABASE_URL) on its own port,
 *     so the RLS matrix (tests/rls) runs unchanged against the real server. Its files read the
 *     emulator's address from the environment, which the test workers inherit from here.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { openPostgres } from "#emulator/src/db-postgres.ts";
import { loadConfig } from "#emulator/src/config.ts";
import { migrate } from "#emulator/src/migrate.ts";
import { freePort, startOwnEmulator, stopOwnEmulator } from "#tests/security/own-emulator.ts";
import { startPrivateCluster } from "#tests/support/real-postgres.ts";

declare module "vitest" {
  export interface ProvidedContext {
    /** postgresql://… of the scenarios' database. */
    hammerUrl: string;
    /** The cluster's server log (deadlocks and serialization failures are reported there). */
    serverLog: string;
    /** The emulator serving the `rls` database, for the RLS matrix. */
    rlsEmulatorUrl: string;
  }
}

export default async function setup(project: TestProject) {
  const cluster = await startPrivateCluster({
    settings: {
      // Find a lock cycle fast: the scenarios run for seconds, not minutes.
      deadlock_timeout: "50ms",
      log_line_prefix: "'%m [%p] %d '",
    },
  });
  // The emulator keeps only Storage and its own files here; its database is the cluster's.
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "ghana-realty-rls-postgres-"));
  let emulator: Awaited<ReturnType<typeof startOwnEmulator>> | undefined;
  try {
    const admin = new pg.Client({ connectionString: cluster.url() });
    await admin.connect();
    await admin.query("create database hammer");
    await admin.query("create database rls");
    await admin.end();

    const port = await freePort();
    const [emu] = await Promise.all([
      startOwnEmulator({ port, dataDir, env: { EMULATOR_DATABASE_URL: cluster.url("rls") } }),
      (async () => {
        const db = await openPostgres(cluster.url("hammer"));
        try {
          await migrate(db, loadConfig().seedPaths, true);
        } finally {
          await db.close();
        }
      })(),
    ]);
    emulator = emu;
    // The RLS files and their support read these when they load (tests/support/supabase.ts).
    process.env.EMULATOR_PORT = String(port);
    process.env.EMULATOR_DATA_DIR = dataDir;
    process.env.SUPABASE_URL = emu.url;
    project.provide("hammerUrl", cluster.url("hammer"));
    project.provide("serverLog", cluster.logFile);
    project.provide("rlsEmulatorUrl", emu.url);
  } catch (e) {
    const log = cluster.log().slice(-4000);
    await stopOwnEmulator(emulator);
    cluster.stop();
    throw new Error(`${(e as Error).message}\n--- server log ---\n${log}`, { cause: e });
  }

  return async () => {
    await stopOwnEmulator(emulator);
    cluster.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
}
