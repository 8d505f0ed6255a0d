/** Suites that need only Supabase: use a running emulator (or hosted project), else start one. */
import type { ChildProcess } from "node:child_process";
import { SUPABASE_URL } from "#scripts/local-env.ts";
import { isUp, startEmulator, stop } from "#scripts/stack.ts";

let started: ChildProcess | undefined;

export async function setup() {
  if (await isUp(`${SUPABASE_URL}/auth/v1/health`)) return;
  if (process.env.SUPABASE_URL) throw new Error(`SUPABASE_URL=${SUPABASE_URL} does not answer`);
  started = await startEmulator({ quiet: true });
}

export async function teardown() {
  await stop(started);
}
