/**
 * `npm run db:reset`: throws away the local data folder and rebuilds it from
 * supabase/migrations and the seeds (like `supabase db reset`). Stop `npm start` first.
 */
import fs from "node:fs";
import { loadConfig } from "#emulator/src/config.ts";
import { prepareDataFolder } from "#emulator/src/data-folder.ts";
import { SUPABASE_URL } from "./local-env.ts";
import { isUp } from "./stack.ts";

if (await isUp(`${SUPABASE_URL}/auth/v1/health`)) {
  console.error(`The emulator is running at ${SUPABASE_URL}; stop \`npm start\` (Ctrl-C) before resetting.`);
  process.exit(1);
}
const config = loadConfig();
fs.rmSync(config.dataDir, { recursive: true, force: true });
const t0 = Date.now();
const { db, report } = await prepareDataFolder(config);
await db.close();
console.log(
  `Reset ${config.dataDir} in ${Date.now() - t0} ms: ${report.applied.length} migrations, seeds ${report.seeded.join(", ")}`,
);
