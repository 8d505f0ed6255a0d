/**
 * The PGlite instance, in a worker thread of its own (started by db.ts). PGlite runs a statement
 * synchronously inside WebAssembly and honours no statement_timeout (its timers are JavaScript
 * timers that cannot fire while a statement runs), so the only way to stop a runaway statement is
 * to end the thread that runs it; db.ts does that and reopens the data folder (Postgres recovers
 * from its WAL as after a crash). Plain, type-erasable TypeScript: Node runs it without a loader.
 *
 * Messages in:  { id, op: "query", sql, params, rawText } | { id, op: "exec", sql } |
 *               { id, op: "listen", channel } | { id, op: "dump", args } | { id, op: "close" }
 * Messages out: { ready: true } | { id, ok: true, result } | { id, ok: false, error } |
 *               { notify: channel, payload }
 */
import { parentPort, workerData } from "node:worker_threads";
import fs from "node:fs";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { pgcrypto } from "@electric-sql/pglite/contrib/pgcrypto";
import { unaccent } from "@electric-sql/pglite/contrib/unaccent";

interface Request {
  id: number;
  op: "query" | "exec" | "listen" | "dump" | "close";
  sql?: string;
  params?: unknown[];
  /** Send every parameter as the text given (PostgREST's unknown-typed parameters). */
  rawText?: boolean;
  channel?: string;
  /** pg_dump's arguments (PGlite's WASM build adds `--inserts -j 1 -f … -U postgres` itself). */
  args?: string[];
}

const port = parentPort!;
const dataDir = (workerData as { dataDir: string | null }).dataDir;

/** Every parameter as the text it already is (JSON for anything that is not a string). */
const asText = (x: unknown) => (typeof x === "string" ? x : JSON.stringify(x));
const TEXT_SERIALIZERS = new Proxy({}, { get: () => asText });

/** A Postgres error's fields, plain enough to cross the thread boundary. */
function errorFields(e: unknown): Record<string, unknown> {
  if (!(e instanceof Error)) return { message: String(e) };
  const out: Record<string, unknown> = { message: e.message, name: e.name };
  for (const k of [
    "code",
    "detail",
    "hint",
    "severity",
    "schema",
    "table",
    "column",
    "constraint",
    "position",
    "where",
    "routine",
  ]) {
    const v = (e as unknown as Record<string, unknown>)[k];
    if (v !== undefined) out[k] = v;
  }
  return out;
}

async function main() {
  if (dataDir) fs.mkdirSync(dataDir, { recursive: true });
  const pg = await PGlite.create(dataDir ?? undefined, { extensions: { pgcrypto, pg_trgm, unaccent } });
  await pg.exec("set search_path to public, extensions");

  // One message at a time, in order (db.ts serialises too; this keeps a stray one from interleaving).
  let chain: Promise<void> = Promise.resolve();
  port.on("message", (msg: Request) => {
    chain = chain.then(() => handle(msg));
  });

  async function handle(msg: Request): Promise<void> {
    try {
      let result: unknown;
      switch (msg.op) {
        case "query": {
          const r = await pg.query(
            msg.sql!,
            msg.params ?? [],
            msg.rawText ? { serializers: TEXT_SERIALIZERS } : undefined,
          );
          result = { rows: r.rows, fields: r.fields, affectedRows: r.affectedRows };
          break;
        }
        case "exec": {
          const rs = await pg.exec(msg.sql!);
          result = rs.map((r) => ({ rows: r.rows, fields: r.fields, affectedRows: r.affectedRows }));
          break;
        }
        case "listen": {
          const channel = msg.channel!;
          await pg.listen(channel, (payload) => port.postMessage({ notify: channel, payload }));
          result = null;
          break;
        }
        case "dump": {
          // Loaded on demand: only the schema snapshot script dumps, the running emulator never does.
          const { pgDump } = await import("@electric-sql/pglite-tools/pg_dump");
          result = await (await pgDump({ pg, args: msg.args ?? [] })).text();
          break;
        }
        case "close":
          await pg.close();
          result = null;
          break;
      }
      port.postMessage({ id: msg.id, ok: true, result });
    } catch (e) {
      port.postMessage({ id: msg.id, ok: false, error: errorFields(e) });
    }
  }

  port.postMessage({ ready: true });
}

main().catch((e: unknown) => port.postMessage({ fatal: errorFields(e) }));
