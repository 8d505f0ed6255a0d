/** Suites that need the whole product: use the running stack (npm start), else build and start it. */
import type { ChildProcess } from "node:child_process";
import { SUPABASE_URL } from "#scripts/local-env.ts";
import { buildSite, isUp, SITE_ORIGIN, startEmulator, startSite, stop } from "#scripts/stack.ts";

let emulator: ChildProcess | undefined;
let site: ChildProcess | undefined;

export async function setup() {
  if (!(await isUp(`${SUPABASE_URL}/auth/v1/health`))) emulator = await startEmulator({ quiet: true });
  if (!(await isUp(`${SITE_ORIGIN}/api/health`))) {
    if (process.env.E2E_SKIP_BUILD !== "1") await buildSite({ quiet: true });
    site = await startSite({ quiet: true });
  }
}

export async function teardown() {
  await stop(site);
  await stop(emulator);
}
