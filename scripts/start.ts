/**
 * `npm start`: the whole product locally with demo data. Starts the emulator (migrating and
 * seeding a fresh data folder, reusing an existing one), builds the SPA and both workers, serves
 * them, waits until each answers, prints where everything is. Ctrl-C stops everything.
 */
import type { ChildProcess } from "node:child_process";
import {
  DEMO_PASSWORD,
  DEMO_TOTP_SECRET,
  DEMO_USERS,
  HUB_URL,
  SITE_URL,
  SUPABASE_PUBLISHABLE_KEY,
  SUPABASE_SECRET_KEY,
  SUPABASE_URL,
} from "./local-env.ts";
import { buildSite, isUp, SITE_ORIGIN, SITE_PORT, startEmulator, startSite, stop } from "./stack.ts";

const children: ChildProcess[] = [];
let stopping = false;

async function shutdown(code = 0) {
  if (stopping) return;
  stopping = true;
  console.log("\nStopping…");
  await Promise.all(children.reverse().map((c) => stop(c)));
  process.exit(code);
}
process.on("SIGINT", () => void shutdown(0));
process.on("SIGTERM", () => void shutdown(0));

async function main() {
  const t0 = Date.now();
  if (await isUp(`${SUPABASE_URL}/auth/v1/health`))
    throw new Error(
      `something already answers at ${SUPABASE_URL}: is another \`npm start\` running? (npm run status)`,
    );
  if (await isUp(`${SITE_ORIGIN}/`))
    throw new Error(`port ${SITE_PORT} is already in use: is another \`npm start\` running?`);

  console.log("Starting the emulator and building the site…");
  const [emulator] = await Promise.all([startEmulator(), buildSite()]);
  children.push(emulator);
  children.push(await startSite());
  const seconds = ((Date.now() - t0) / 1000).toFixed(1);

  console.log(`
Ready in ${seconds} s.

  Site            ${SITE_URL}
  Back-office     http://crm.localhost:${SITE_PORT}/dashboard
  Host pages      http://consult.localhost:${SITE_PORT}  http://bookings.localhost:${SITE_PORT}
                  http://request.localhost:${SITE_PORT}  http://collab.localhost:${SITE_PORT}
  Hub             ${HUB_URL}
  Supabase API    ${SUPABASE_URL}   (auth /auth/v1 · rest /rest/v1 · storage /storage/v1)
  Mail outbox     ${SUPABASE_URL}/_outbox

  SUPABASE_PUBLISHABLE_KEY=${SUPABASE_PUBLISHABLE_KEY}
  SUPABASE_SECRET_KEY=${SUPABASE_SECRET_KEY}   (server-side only)

  Demo accounts (password: ${DEMO_PASSWORD})
    ${DEMO_USERS.admin.padEnd(20)} admin with TOTP two-factor, secret ${DEMO_TOTP_SECRET}
    ${DEMO_USERS.staff.padEnd(20)} staff
    ${DEMO_USERS.mfa.padEnd(20)} admin with TOTP two-factor, secret ${DEMO_TOTP_SECRET}
    ${DEMO_USERS.visitor.padEnd(20)} signed-up visitor, no back-office role

Press Ctrl-C to stop.`);
}

main().catch(async (e) => {
  console.error(`\nnpm start failed: ${(e as Error).message}`);
  await shutdown(1);
});
