/**
 * A private PostgreSQL cluster (Debian's `postgresql` package) for the suites that need a real
 * server beside PGlite: its own temporary folder and free port, started with `pg_ctl`, removed
 * when stopped. As root (CI, this machine) the server runs as the `postgres` user the package
 * created, since Postgres refuses to run as root; as anyone else, as that user.
 *
 * The server log is kept in the cluster's folder: the concurrent suite reads it for deadlocks and
 * serialization failures, which the server reports there whatever the client did with the error.
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { freePort } from "#tests/security/own-emulator.ts";

export interface PrivateCluster {
  port: number;
  /** The server's log file. */
  logFile: string;
  /** postgresql://postgres@127.0.0.1:PORT/<db> */
  url(database?: string): string;
  /** Everything the server logged so far. */
  log(): string;
  /** Stops the server (fast shutdown) and removes its folder. */
  stop(): void;
}

/** The newest installed server's binaries (PG_BIN overrides). */
export function postgresBinDir(): string | null {
  if (process.env.PG_BIN)
    return fs.existsSync(path.join(process.env.PG_BIN, "pg_ctl")) ? process.env.PG_BIN : null;
  const root = "/usr/lib/postgresql";
  if (!fs.existsSync(root)) return null;
  const versions = fs
    .readdirSync(root)
    .filter((v) => fs.existsSync(path.join(root, v, "bin", "pg_ctl")))
    .sort((a, b) => Number(b) - Number(a));
  return versions.length ? path.join(root, versions[0]!, "bin") : null;
}

/** Runs a server binary, as the `postgres` user when we are root. */
function runPg(bin: string, args: string[]): string {
  const asRoot = process.getuid?.() === 0;
  const [cmd, argv] = asRoot ? ["runuser", ["-u", "postgres", "--", bin, ...args]] : [bin, args];
  return execFileSync(cmd, argv, { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
}

export interface ClusterOptions {
  /** Extra `-c name=value` server settings. */
  settings?: Record<string, string | number>;
}

export async function startPrivateCluster(opts: ClusterOptions = {}): Promise<PrivateCluster> {
  const bin = postgresBinDir();
  if (!bin) {
    throw new Error(
      "No PostgreSQL server found (looked in /usr/lib/postgresql/*/bin; set PG_BIN): `sudo apt-get install -y postgresql`",
    );
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "ghana-realty-pg-"));
  const dataDir = path.join(dir, "data");
  const logFile = path.join(dir, "server.log");
  if (process.getuid?.() === 0) {
    fs.chmodSync(dir, 0o755);
    execFileSync("chown", ["postgres:postgres", dir]);
  }
  const port = await freePort();
  runPg(path.join(bin, "initdb"), [
    "-D",
    dataDir,
    "-U",
    "postgres",
    "-A",
    "trust",
    "-E",
    "UTF8",
    "--locale=C.UTF-8",
    "--no-sync",
  ]);
  const settings: Record<string, string | number> = {
    listen_addresses: "127.0.0.1",
    port,
    unix_socket_directories: dir,
    // Nothing here must survive a crash: the cluster lives for one run.
    fsync: "off",
    synchronous_commit: "off",
    full_page_writes: "off",
    max_connections: 200,
    shared_buffers: "128MB",
    timezone: "UTC",
    log_timezone: "UTC",
    ...opts.settings,
  };
  const options = Object.entries(settings)
    .map(([k, v]) => `-c ${k}=${v}`)
    .join(" ");
  runPg(path.join(bin, "pg_ctl"), ["-D", dataDir, "-l", logFile, "-o", options, "-w", "-t", "60", "start"]);
  let stopped = false;
  return {
    port,
    logFile,
    url: (database = "postgres") => `postgresql://postgres@127.0.0.1:${port}/${database}`,
    log: () => (fs.existsSync(logFile) ? fs.readFileSync(logFile, "utf8") : ""),
    stop() {
      if (stopped) return;
      stopped = true;
      try {
        runPg(path.join(bin, "pg_ctl"), ["-D", dataDir, "-m", "fast", "-w", "stop"]);
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
