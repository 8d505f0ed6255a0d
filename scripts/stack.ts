/**
 * Starting and stopping the local stack's processes: the emulator (Supabase on PGlite) and the
 * site (the built edge worker and hub in workerd, serving the SPA build: scripts/site-server.ts).
 * Used by `npm start` and by the test harness, so both start things the same way.
 */
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { EMULATOR_PORT, LOCAL_BUILD_DIR, ROOT, SITE_PORT, SUPABASE_URL } from "./local-env.ts";

const bin = (pkg: string, rel: string) => path.join(ROOT, "node_modules", pkg, rel);
const TSX = bin("tsx", "dist/cli.mjs");
const VITE = bin("vite", "bin/vite.js");

export const SITE_ORIGIN = `http://127.0.0.1:${SITE_PORT}`;

/** Environment for child processes: the local stack's ports, quiet wrangler. */
export function stackEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  return {
    ...process.env,
    LOCAL_STACK: "1",
    EMULATOR_PORT: String(EMULATOR_PORT),
    SITE_PORT: String(SITE_PORT),
    // The conformance and security suites' fixtures: local stacks only, never migrations.
    EMULATOR_FIXTURES: "tests/conformance/fixtures.sql,tests/security/security-fixtures.sql",
    CLOUDFLARE_CF_FETCH_ENABLED: "false",
    WRANGLER_SEND_METRICS: "false",
    ...extra,
  };
}

export async function isUp(url: string, timeoutMs = 1500): Promise<boolean> {
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(timeoutMs) });
    return res.status < 500;
  } catch {
    return false;
  }
}

export async function waitUntilUp(
  url: string,
  what: string,
  timeoutMs: number,
  child?: ChildProcess,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child && child.exitCode !== null)
      throw new Error(`${what} exited with code ${child.exitCode} before it was ready`);
    if (await isUp(url)) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${what} did not answer at ${url} within ${timeoutMs} ms`);
}

function prefixOutput(child: ChildProcess, label: string, quiet: boolean) {
  const logFile = path.join(ROOT, ".data", `${label}.log`);
  fs.mkdirSync(path.dirname(logFile), { recursive: true });
  const log = fs.createWriteStream(logFile, { flags: "a" });
  for (const stream of [child.stdout, child.stderr]) {
    stream?.on("data", (buf: Buffer) => {
      log.write(buf);
      if (quiet) return;
      for (const line of buf.toString().split("\n")) {
        if (!line.trim() || /Unknown user config|Request\.cf object/.test(line)) continue;
        process.stdout.write(line.startsWith(`[${label}]`) ? `${line}\n` : `[${label}] ${line}\n`);
      }
    });
  }
}

/**
 * Waits for a child to answer; if it never does, stops it (no orphan holding the port) and says where
 * its log is. Migrating a fresh data folder while the site builds took over two minutes on a busy
 * 2-core machine: the deadline is a hang guard, and a child that exits fails at once.
 */
async function waitOrStop(child: ChildProcess, url: string, what: string, log: string): Promise<void> {
  try {
    await waitUntilUp(url, what, 600_000, child);
  } catch (e) {
    await stop(child);
    throw new Error(`${(e as Error).message} (see ${log})`, { cause: e });
  }
}

export async function startEmulator(
  opts: { quiet?: boolean; env?: Record<string, string> } = {},
): Promise<ChildProcess> {
  const child = spawn(process.execPath, [TSX, "emulator/src/main.ts"], {
    cwd: ROOT,
    env: stackEnv(opts.env),
    stdio: ["ignore", "pipe", "pipe"],
  });
  prefixOutput(child, "emulator", opts.quiet ?? false);
  await waitOrStop(child, `${SUPABASE_URL}/`, "the emulator", ".data/emulator.log");
  return child;
}

/** Builds the SPA and both workers (vite build) for the local stack, into dist-local/. */
export function buildSite(opts: { quiet?: boolean } = {}): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [VITE, "build", "--logLevel", opts.quiet ? "error" : "warn"], {
      cwd: ROOT,
      // A production build even when started from inside vitest (which sets NODE_ENV=test and
      // would otherwise give React's development build).
      env: stackEnv({ NODE_ENV: "production" }),
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    for (const s of [child.stdout, child.stderr]) s?.on("data", (b: Buffer) => (output += b.toString()));
    child.on("exit", (code) => {
      if (code === 0) {
        if (!opts.quiet && output.trim()) process.stdout.write(output);
        resolve();
      } else reject(new Error(`vite build failed (exit ${code})\n${output}`));
    });
  });
}

/**
 * Serves the local build from workerd behind a thin front (scripts/site-server.ts). Quiet: no
 * line per request (each one was a round trip from workerd to Node).
 */
export async function startSite(opts: { quiet?: boolean } = {}): Promise<ChildProcess> {
  const args = [TSX, path.join(ROOT, "scripts/site-server.ts"), ...(opts.quiet ? ["--quiet"] : [])];
  const child = spawn(process.execPath, args, {
    cwd: LOCAL_BUILD_DIR,
    env: stackEnv(),
    stdio: ["ignore", "pipe", "pipe"],
  });
  prefixOutput(child, "site", opts.quiet ?? false);
  await waitOrStop(child, `${SITE_ORIGIN}/api/health`, "the site", ".data/site.log");
  await wakeJobRunner();
  return child;
}

/**
 * Crons do not fire by themselves locally (site-server, `vite dev`): trigger the worker's scheduled
 * handler once (Miniflare's local trigger route), as the production cron would. It arms the
 * JobRunner's alarm, which then runs the background jobs every minute (and at once on a kick).
 */
export async function wakeJobRunner(): Promise<void> {
  const res = await fetch(
    `${SITE_ORIGIN}/cdn-cgi/local/scheduled?cron=${encodeURIComponent("* * * * *")}`,
  ).catch((err: unknown) => err as Error);
  if (res instanceof Error || !res.ok)
    console.warn(
      `[site] waking the job runner failed (${res instanceof Error ? res.message : res.status}): mail leaves on the next kick`,
    );
}

export function stop(child: ChildProcess | undefined): Promise<void> {
  if (!child || child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill("SIGKILL"), 5000);
    child.once("exit", () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill("SIGTERM");
  });
}

export { EMULATOR_PORT, SITE_PORT };
