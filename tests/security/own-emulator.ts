/**
 * An emulator of the test's own: its own free port and data folder, started in this process's
 * Node (tsx as a loader, so the pid is the emulator itself and SIGKILL hits it, not a wrapper),
 * with the suite's fixtures. Used by the crash test and the statement-timeout test, which must
 * kill or stall a database without disturbing the shared stack.
 */
import { spawn, type ChildProcess } from "node:child_process";
import net from "node:net";
import { ROOT } from "#scripts/local-env.ts";

export interface OwnEmulator {
  url: string;
  port: number;
  dataDir: string;
  child: ChildProcess;
  log: () => string;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const port = (srv.address() as net.AddressInfo).port;
      srv.close(() => resolve(port));
    });
  });
}

/** Starts (or restarts, on the same port and folder) an emulator and waits until it answers. */
export async function startOwnEmulator(opts: {
  port: number;
  dataDir: string;
  env?: Record<string, string>;
  timeoutMs?: number;
}): Promise<OwnEmulator> {
  const url = `http://127.0.0.1:${opts.port}`;
  let output = "";
  const child = spawn(process.execPath, ["--import", "tsx", "emulator/src/main.ts"], {
    cwd: ROOT,
    env: {
      ...process.env,
      EMULATOR_PORT: String(opts.port),
      EMULATOR_DATA_DIR: opts.dataDir,
      EMULATOR_FIXTURES: "tests/conformance/fixtures.sql,tests/security/security-fixtures.sql",
      ...opts.env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  for (const s of [child.stdout, child.stderr]) s?.on("data", (b: Buffer) => (output += b.toString()));
  // A hang guard: the loop ends as soon as the emulator answers or exits.
  const deadline = Date.now() + (opts.timeoutMs ?? 600_000);
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the emulator exited with ${child.exitCode}:\n${output}`);
    try {
      const res = await fetch(`${url}/auth/v1/health`, { signal: AbortSignal.timeout(1000) });
      if (res.ok) break;
    } catch {
      /* not yet */
    }
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`the emulator did not answer within the time allowed:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return { url, port: opts.port, dataDir: opts.dataDir, child, log: () => output };
}

export function stopOwnEmulator(
  emu: OwnEmulator | undefined,
  signal: NodeJS.Signals = "SIGTERM",
): Promise<void> {
  const child = emu?.child;
  if (!child || child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill("SIGKILL"), 5000);
    child.once("exit", () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill(signal);
  });
}
