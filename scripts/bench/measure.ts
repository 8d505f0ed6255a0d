/**
 * Shared pieces of the benchmark scripts: a private emulator on a spare port (over a given or a
 * throw-away data folder) and latency percentiles.
 */
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { ROOT, SUPABASE_PUBLISHABLE_KEY } from "../local-env.ts";

export async function answers(url: string): Promise<boolean> {
  try {
    const res = await fetch(`${url}/rest/v1/`, {
      headers: { apikey: SUPABASE_PUBLISHABLE_KEY },
      signal: AbortSignal.timeout(1500),
    });
    return res.status < 500;
  } catch {
    return false;
  }
}

export function sparePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const port = (srv.address() as net.AddressInfo).port;
      srv.close(() => resolve(port));
    });
  });
}

export interface PrivateEmulator {
  url: string;
  child: ChildProcess;
  dataDir: string;
  /** Stops it; removes the data folder when it was a throw-away one. */
  stop(): Promise<void>;
}

/** Starts an emulator on a spare port; `dataDir` omitted → a throw-away folder. */
export async function startPrivateEmulator(dataDir?: string): Promise<PrivateEmulator> {
  const port = await sparePort();
  const own = !dataDir;
  const dir = dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), "bench-emulator-"));
  const tsx = path.join(ROOT, "node_modules", "tsx", "dist", "cli.mjs");
  const child = spawn(process.execPath, [tsx, "emulator/src/main.ts"], {
    cwd: ROOT,
    env: { ...process.env, EMULATOR_PORT: String(port), EMULATOR_DATA_DIR: dir },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let log = "";
  child.stdout?.on("data", (b: Buffer) => (log += b.toString()));
  child.stderr?.on("data", (b: Buffer) => (log += b.toString()));
  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode === null) {
      child.kill("SIGTERM");
      await new Promise((r) => child.once("exit", r));
    }
    if (own) fs.rmSync(dir, { recursive: true, force: true });
  };
  // A large data folder on a loaded machine can take minutes to open: BENCH_EMULATOR_START_S widens it.
  const startSeconds = Number(process.env.BENCH_EMULATOR_START_S ?? 600);
  if (!Number.isFinite(startSeconds) || startSeconds <= 0)
    throw new Error(
      `BENCH_EMULATOR_START_S must be a positive number of seconds, not "${process.env.BENCH_EMULATOR_START_S}"`,
    );
  const deadline = Date.now() + startSeconds * 1000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`emulator exited (${child.exitCode}):\n${log}`);
    if (await answers(url)) return { url, child, dataDir: dir, stop };
    await new Promise((r) => setTimeout(r, 250));
  }
  await stop();
  throw new Error(
    `emulator did not answer on ${url} within ${startSeconds} s (BENCH_EMULATOR_START_S):\n${log}`,
  );
}

export interface Stats {
  median: number;
  p95: number;
  p99: number;
  max: number;
  mean: number;
}

export function stats(samples: number[]): Stats {
  const s = [...samples].sort((a, b) => a - b);
  const at = (q: number) => s[Math.min(s.length - 1, Math.max(0, Math.ceil(q * s.length) - 1))]!;
  return {
    median: at(0.5),
    p95: at(0.95),
    p99: at(0.99),
    max: s[s.length - 1]!,
    mean: s.reduce((a, b) => a + b, 0) / s.length,
  };
}
