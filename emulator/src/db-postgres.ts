/**
 * The emulator's database on a real PostgreSQL server instead of PGlite (EMULATOR_DATABASE_URL):
 * the same `Database` surface over one node-postgres connection, so the REST, auth and storage
 * code — and every suite that talks to them, such as the RLS matrix — run unchanged on the server
 * Supabase runs. It keeps PGlite's one-statement-at-a-time queue (callers may rely on it); the
 * concurrent suite (tests/concurrency/) drives many connections itself. The differences from
 * PGlite that remain are the server's own: statement timeouts are Postgres's `statement_timeout`
 * (57014 from the server, no thread to end), and rows come back typed as PGlite types them.
 */
import pg from "pg";
import {
  setRequestIdentity,
  type ApiRole,
  type Connection,
  type Database,
  type QueryOptions,
  type RequestIdentity,
  type Results,
  type StatementTimeouts,
  type Tx,
} from "./db.ts";

const { types } = pg;

/** A date or a timestamp without zone as the UTC instant PGlite gives for it. */
const utcDate = (s: string) =>
  new Date(s.includes(" ") || s.includes("T") ? `${s.replace(" ", "T")}Z` : `${s}T00:00:00Z`);
const arrayOf =
  (oid: number, each: (s: string) => unknown) =>
  (s: string): unknown => {
    const parse = types.getTypeParser(oid) as (s: string) => (string | null)[];
    return parse(s).map((x) => (x === null ? null : each(x)));
  };

/**
 * node-postgres's parsers where PGlite parses differently (the emulator's code was written
 * against PGlite): int8 as a number, dates and zone-less timestamps as UTC instants, intervals
 * and points as text, numeric arrays as text (never through a float).
 */
const OVERRIDES: Record<number, (s: string) => unknown> = {
  20: Number,
  1016: arrayOf(1009, Number),
  1082: utcDate,
  1114: utcDate,
  1182: arrayOf(1009, utcDate),
  1115: arrayOf(1009, utcDate),
  1186: String,
  1187: arrayOf(1009, String),
  600: String,
  1231: arrayOf(1009, String),
};

const TYPES = {
  getTypeParser: (oid: number, format?: "text" | "binary") =>
    OVERRIDES[oid] ?? (types.getTypeParser as (o: number, f?: string) => (s: string) => unknown)(oid, format),
};

/** Every parameter as the text it already is (JSON for anything that is not a string): PostgREST's way. */
const asText = (x: unknown) =>
  x === null || x === undefined || typeof x === "string" ? x : JSON.stringify(x);

function results<T = Record<string, unknown>>(r: pg.QueryResult): Results<T> {
  return {
    rows: r.rows as T[],
    fields: (r.fields ?? []).map((f) => ({ name: f.name, dataTypeID: f.dataTypeID })),
    affectedRows: r.rowCount ?? 0,
  };
}

export async function openPostgres(url: string, timeouts: StatementTimeouts = {}): Promise<Database> {
  const client = new pg.Client({ connectionString: url, types: TYPES });
  await client.connect();
  await client.query("set search_path to public, extensions");
  const listeners = new Map<string, Set<(payload: string) => void>>();
  client.on("notification", (n) => {
    for (const cb of listeners.get(n.channel) ?? []) cb(n.payload ?? "");
  });
  let queue: Promise<unknown> = Promise.resolve();
  let closed = false;

  const query = async <T>(sql: string, params: unknown[] = [], opts: QueryOptions = {}) =>
    results<T>(await client.query(sql, opts.rawText ? params.map(asText) : params));
  const exec = async (sql: string) => {
    const r = (await client.query(sql)) as pg.QueryResult | pg.QueryResult[];
    return (Array.isArray(r) ? r : [r]).map((x) => results(x));
  };
  const tx: Tx = { query, exec };
  const connection: Connection = {
    query,
    exec,
    async transaction<T>(fn: (tx: Tx) => Promise<T>): Promise<T> {
      await client.query("begin");
      let result: T;
      try {
        result = await fn(tx);
      } catch (e) {
        await client.query("rollback").catch(() => undefined);
        throw e;
      }
      await client.query("commit");
      return result;
    },
    async listen(channel, onNotify) {
      let set = listeners.get(channel);
      if (!set) {
        set = new Set();
        listeners.set(channel, set);
        await client.query(`listen ${client.escapeIdentifier(channel)}`);
      }
      set.add(onNotify);
    },
  };

  const exclusive = <T>(fn: (pg: Connection) => Promise<T>): Promise<T> => {
    const run = queue.then(() => {
      if (closed) throw new Error("the database is closed");
      return fn(connection);
    });
    queue = run.catch(() => undefined);
    return run;
  };

  return {
    exclusive,
    admin: (fn) => exclusive((c) => c.transaction(fn)),
    asRole<T>(identity: RequestIdentity, fn: (tx: Tx) => Promise<T>, extra: Record<string, string> = {}) {
      const role: ApiRole = identity.role;
      if (role !== "anon" && role !== "authenticated" && role !== "service_role") {
        return Promise.reject(new Error(`unknown role ${String(role)}`));
      }
      return exclusive((c) =>
        c.transaction(async (t) => {
          // As PostgREST: the role, the claims, and the role's statement timeout for this transaction.
          await setRequestIdentity(t, identity, { ...extra, statement_timeout: String(timeouts[role] ?? 0) });
          return fn(t);
        }),
      );
    },
    close: () =>
      exclusive(async () => {
        closed = true;
        await client.end();
      }),
  };
}
