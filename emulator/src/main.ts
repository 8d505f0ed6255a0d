/** Starts the emulator: open (or create) the data folder, migrate and seed, serve HTTP. */
import { serve } from "@hono/node-server";
import { startAutoAnalyze } from "./auto-analyze.ts";
import { loadConfig } from "./config.ts";
import { prepareDataFolder } from "./data-folder.ts";
import { createServer } from "./server.ts";

const config = loadConfig();
const t0 = Date.now();
const { db, keys, report } = await prepareDataFolder(config);
const app = createServer({ config, db, keys });
const autoAnalyze = await startAutoAnalyze(db);

const server = serve({ fetch: app.fetch, hostname: config.host, port: config.port }, () => {
  const detail = report.fresh
    ? ` (new data folder ${config.dataDir}: ${report.applied.length} migrations, seeds: ${report.seeded.join(", ") || "none"}, ${report.storageObjects} storage objects)`
    : report.applied.length
      ? ` (applied ${report.applied.join(", ")})`
      : "";
  console.log(`[emulator] ready in ${Date.now() - t0} ms on ${config.publicUrl}${detail}`);
  if (report.unseeded.length) {
    console.warn(
      `[emulator] this data folder predates demo data in ${report.unseeded.join(", ")}: stop the stack and run \`npm run db:reset\` to rebuild it with all demo data`,
    );
  }
});

let stopping = false;
async function shutdown() {
  if (stopping) return;
  stopping = true;
  autoAnalyze.stop();
  server.close();
  await db.close();
  process.exit(0);
}
process.on("SIGINT", shutdown);
process.on("SIGTERM", shutdown);
