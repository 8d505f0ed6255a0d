/** Starts the emulator: open (or create) the data folder, migrate and seed, serve HTTP. */
import { serve } from "@hono/node-server";
import { loadConfig } from "./config.ts";
import { Database } from "./db.ts";
import { loadSigningKeys } from "./keys.ts";
import { migrate } from "./migrate.ts";
import { createServer } from "./server.ts";
import path from "node:path";

const config = loadConfig();
const t0 = Date.now();
const db = await Database.open(path.join(config.dataDir, "pgdata"));
const report = await migrate(db, config.seedPaths);
const keys = await loadSigningKeys(config.dataDir, `${config.publicUrl}/auth/v1`);
const app = createServer({ config, db, keys });

const server = serve({ fetch: app.fetch, hostname: config.host, port: config.port }, () => {
  console.log(
    `[emulator] ready in ${Date.now() - t0} ms on ${config.publicUrl}` +
      (report.fresh ? ` (fresh data folder: ${report.applied.length} migrations, seeds: ${report.seeded.join(", ") || "none"})` : report.applied.length ? ` (applied ${report.applied.join(", ")})` : ""),
  );
});

let stopping = false;
async function shutdown() {
  if (stopping) return;
  stopping = true;
  server.close();
  await db.close();
  process.exit(0);
}
process.on("SIGINT", shutdown);
process.on("SIGTERM", shutdown);
