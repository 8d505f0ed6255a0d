/**
 * The one PGlite instance and the ways to use it. PGlite runs one query at a time and a plain
 * query could slip into another caller's open transaction, so every use goes through one queue.
 *
 * PGlite lives in a worker thread (db-worker.ts) so that a runaway statement can be stopped:
 * requests as `anon` / `authenticated` / `service_role` get PostgREST's per-request
 * statement_timeout (hosted Supabase: anon 3 s, authenticated 8 s, service_role the
 * authenticator's 8 s). PGlite cannot cancel a statement itself, so when one overruns, the thread
 * is ended, the caller gets Postgres's 57014 "canceling statement due to statement timeout", and
 * the data folder is reopened (Postgres recovers to the last commit, as after a crash) before
 * the next request runs. Everything else (auth and storage internals, migrations) has no limit,
 * like GoTrue's and Storage's own connections. (An in-memory database, as unit tests open, starts
 * empty again after such a reopen.)
 */
import { Worker } from "node:worker_threads";

export type ApiRole = "anon" | "authenticated" | "service_role";

/** What PostgREST sets per request: the role and the JWT claims (auth.uid() reads them). */
export interface RequestIdentity {
  role: ApiRole;
  claims: Record<string, unknown>;
}

export interface Results<T = Record<string, unknown>> {
  rows: T[];
  fields: { name: string; dataTypeID: number }[];
  affectedRows?: number;
}

export interface QueryOptions {
  /** Send every parameter as the text given, whatever type Postgres infers (PostgREST's way). */
  rawText?: boolean;
}

/** One statement at a time inside a transaction (or outside one, for `exclusive`). */
export interface Tx {
  query<T = Record<string, unknown>>(
    sql: string,
    params?: unknown[],
    opts?: QueryOptions,
  ): Promise<Results<T>>;
  exec(sql: string): Promise<Results[]>;
}

/** The connection `exclusive` hands out: statements, transactions and LISTEN. */
export interface Connection extends Tx {
  transaction<T>(fn: (tx: Tx) => Promise<T>): Promise<T>;
  listen(channel: string, onNotify: (payload: string) => void): Promise<void>;
}

/** Per-statement limits of the API roles (ms); `EMULATOR_STATEMENT_TIMEOUT_MS` overrides all three. */
export type StatementTimeouts = Partial<Record<ApiRole, number>>;

export const DEFAULT_STATEMENT_TIMEOUTS: StatementTimeouts = {
  anon: 3000,
  authenticated: 8000,
  service_role: 8000,
};

/** Postgres's own error for an overrun statement (SQLSTATE 57014, query_canceled). */
export class StatementTimeoutError extends Error {
  readonly code = "57014";
  readonly severity = "ERROR";
  constructor() {
    super("canceling statement due to statement timeout");
  }
}

/** A Postgres error re-created from the fields the worker sent. */
class PgError extends Error {
  constructor(fields: Record<string, unknown>) {
    super(String(fields.message ?? "database error"));
    Object.assign(this, fields);
  }
}

interface Pending {
  resolve: (v: unknown) => void;
  reject: (e: unknown) => void;
  timer: NodeJS.Timeout | null;
}

/** One worker thread running PGlite on a data folder (or in memory). */
class PgliteThread {
  private readonly pending = new Map<number, Pending>();
  private next = 1;
  private dead: Error | null = null;

  private constructor(
    private readonly worker: Worker,
    private readonly onNotify: (channel: string, payload: string) => void,
  ) {
    worker.on(
      "message",
      (m: {
        id?: number;
        ok?: boolean;
        result?: unknown;
        error?: Record<string, unknown>;
        notify?: string;
        payload?: string;
      }) => {
        if (m.notify !== undefined) return this.onNotify(m.notify, m.payload ?? "");
        const p = m.id !== undefined ? this.pending.get(m.id) : undefined;
        if (!p) return;
        this.pending.delete(m.id!);
        if (p.timer) clearTimeout(p.timer);
        if (m.ok) p.resolve(m.result);
        else p.reject(new PgError(m.error ?? {}));
      },
    );
    worker.on("error", (e) => this.fail(e));
    worker.on("exit", (code) => this.fail(new Error(`the database thread exited (code ${code})`)));
  }

  static start(
    dataDir: string | null,
    onNotify: (channel: string, payload: string) => void,
  ): Promise<PgliteThread> {
    const worker = new Worker(new URL("./db-worker.ts", import.meta.url), { workerData: { dataDir } });
    return new Promise((resolve, reject) => {
      const onMessage = (m: { ready?: boolean; fatal?: Record<string, unknown> }) => {
        if (m.ready) {
          worker.off("message", onMessage);
          worker.off("exit", onExit);
          resolve(new PgliteThread(worker, onNotify));
        } else if (m.fatal) {
          void worker.terminate();
          reject(new PgError(m.fatal));
        }
      };
      const onExit = (code: number) =>
        reject(new Error(`the database thread exited while opening (code ${code})`));
      worker.on("message", onMessage);
      worker.once("exit", onExit);
    });
  }

  get alive(): boolean {
    return this.dead === null;
  }

  /** Sends one request; with `timeoutMs`, an overrun ends the thread and rejects with 57014. */
  call<T>(msg: Record<string, unknown>, timeoutMs?: number): Promise<T> {
    if (this.dead) return Promise.reject(this.dead);
    const id = this.next++;
    return new Promise<T>((resolve, reject) => {
      const timer = timeoutMs ? setTimeout(() => this.fail(new StatementTimeoutError()), timeoutMs) : null;
      this.pending.set(id, { resolve: resolve as (v: unknown) => void, reject, timer });
      this.worker.postMessage({ ...msg, id });
    });
  }

  /** Ends the thread (a statement in flight is abandoned) and rejects everything pending with `why`. */
  fail(why: Error): void {
    if (this.dead) return;
    this.dead = why;
    void this.worker.terminate();
    for (const [id, p] of this.pending) {
      if (p.timer) clearTimeout(p.timer);
      p.reject(why);
      this.pending.delete(id);
    }
  }

  async close(): Promise<void> {
    if (this.dead) return;
    await this.call({ op: "close" }).catch(() => undefined);
    this.dead = new Error("the database is closed");
    await this.worker.terminate();
  }
}

/**
 * PostgREST's settings for one request's transaction, in one round trip: `request.jwt.claims`
 * (and the per-claim settings older policies read), any extra settings, then the role —
 * set_config('role', …, true) is `set local role`; callers pass a role of the fixed API list,
 * never one taken from the request.
 */
export async function setRequestIdentity(
  tx: Tx,
  identity: RequestIdentity,
  extra: Record<string, string> = {},
): Promise<void> {
  const settings: Record<string, string> = {
    "request.jwt.claims": JSON.stringify(identity.claims),
    "request.jwt.claim.sub": String(identity.claims.sub ?? ""),
    "request.jwt.claim.role": identity.role,
    "request.jwt.claim.email": String(identity.claims.email ?? ""),
    ...extra,
    role: identity.role,
  };
  const keys = Object.keys(settings);
  await tx.query(
    `select ${keys.map((_, i) => `set_config($${2 * i + 1}, $${2 * i + 2}, true)`).join(", ")}`,
    keys.flatMap((k) => [k, settings[k]!]),
  );
}

/**
 * What the emulator uses of its database: PGlite here (the default), or a real PostgreSQL server
 * through db-postgres.ts (EMULATOR_DATABASE_URL).
 */
export interface Database {
  /** Runs fn alone: nothing else touches the database until it settles. */
  exclusive<T>(fn: (pg: Connection) => Promise<T>, timeoutMs?: number): Promise<T>;
  /** A transaction as the database owner (RLS does not apply): for auth/storage internals. */
  admin<T>(fn: (tx: Tx) => Promise<T>): Promise<T>;
  /** A transaction as an API role with the request's claims set, as PostgREST does. */
  asRole<T>(
    identity: RequestIdentity,
    fn: (tx: Tx) => Promise<T>,
    extra?: Record<string, string>,
  ): Promise<T>;
  close(): Promise<void>;
}

export const Database = {
  /** `timeouts`: the served emulator passes PostgREST's; tools and tests that open a folder directly run unlimited. */
  open: (dataDir: string | null, timeouts: StatementTimeouts = {}): Promise<Database> =>
    PgliteDatabase.open(dataDir, timeouts),
  /** PGlite itself, for tools that need more than the interface (pg_dump of the schema snapshot). */
  openPglite: (dataDir: string | null): Promise<PgliteDatabase> => PgliteDatabase.open(dataDir),
};

export class PgliteDatabase implements Database {
  private queue: Promise<unknown> = Promise.resolve();
  private closed = false;
  private readonly listeners = new Map<string, Set<(payload: string) => void>>();

  private constructor(
    private thread: PgliteThread,
    private readonly dataDir: string | null,
    private readonly timeouts: StatementTimeouts,
  ) {}

  static async open(dataDir: string | null, timeouts: StatementTimeouts = {}): Promise<PgliteDatabase> {
    let db: PgliteDatabase | null = null;
    const thread = await PgliteThread.start(dataDir, (channel, payload) => db?.notify(channel, payload));
    db = new PgliteDatabase(thread, dataDir, timeouts);
    return db;
  }

  private notify(channel: string, payload: string): void {
    for (const cb of this.listeners.get(channel) ?? []) cb(payload);
  }

  /** Reopens the data folder after the thread was ended; LISTENs are registered again. */
  private async restart(): Promise<void> {
    if (this.thread.alive || this.closed) return;
    const t0 = Date.now();
    this.thread = await PgliteThread.start(this.dataDir, (channel, payload) => this.notify(channel, payload));
    for (const channel of this.listeners.keys()) await this.thread.call({ op: "listen", channel });
    console.warn(
      `[emulator] database reopened in ${Date.now() - t0} ms (a statement overran its timeout, or the database thread ended)`,
    );
  }

  /** A connection whose statements each get `timeoutMs` (none when undefined). */
  private connection(timeoutMs?: number): Connection {
    const thread = this.thread;
    const query = <T>(sql: string, params: unknown[] = [], opts: QueryOptions = {}) =>
      thread.call<Results<T>>({ op: "query", sql, params, rawText: opts.rawText === true }, timeoutMs);
    const exec = (sql: string) => thread.call<Results[]>({ op: "exec", sql }, timeoutMs);
    const tx: Tx = { query, exec };
    return {
      query,
      exec,
      transaction: async <T>(fn: (tx: Tx) => Promise<T>): Promise<T> => {
        await query("begin");
        let result: T;
        try {
          result = await fn(tx);
        } catch (e) {
          // A thread ended by a timeout took the transaction with it: nothing to roll back.
          if (thread.alive) await query("rollback").catch(() => undefined);
          throw e;
        }
        await query("commit");
        return result;
      },
      listen: async (channel, onNotify) => {
        let set = this.listeners.get(channel);
        if (!set) {
          set = new Set();
          this.listeners.set(channel, set);
          await thread.call({ op: "listen", channel });
        }
        set.add(onNotify);
      },
    };
  }

  /** Runs fn alone: nothing else touches the database until it settles. */
  exclusive<T>(fn: (pg: Connection) => Promise<T>, timeoutMs?: number): Promise<T> {
    const run = this.queue.then(async () => {
      if (this.closed) throw new Error("the database is closed");
      await this.restart();
      try {
        return await fn(this.connection(timeoutMs));
      } finally {
        // A timed-out statement ended the thread: reopen before the next caller runs.
        if (!this.thread.alive) await this.restart();
      }
    });
    this.queue = run.catch(() => undefined);
    return run;
  }

  /** pg_dump's output for `args` (PGlite's WASM build of it, run on this database's thread). */
  dump(args: string[]): Promise<string> {
    return this.exclusive(() => this.thread.call<string>({ op: "dump", args }));
  }

  /** A transaction as the database owner (RLS does not apply): for auth/storage internals. */
  admin<T>(fn: (tx: Tx) => Promise<T>): Promise<T> {
    return this.exclusive((pg) => pg.transaction(fn));
  }

  /**
   * A transaction as an API role with the request's claims set, exactly like PostgREST:
   * `set local role`, then `request.jwt.claims` (and the per-claim settings older policies read).
   * Postgres RLS decides what the statements in fn may see and change; each statement gets the
   * role's statement timeout.
   */
  asRole<T>(
    identity: RequestIdentity,
    fn: (tx: Tx) => Promise<T>,
    extra: Record<string, string> = {},
  ): Promise<T> {
    const role = identity.role;
    if (role !== "anon" && role !== "authenticated" && role !== "service_role") {
      return Promise.reject(new Error(`unknown role ${String(role)}`));
    }
    return this.exclusive(
      (pg) =>
        pg.transaction(async (tx) => {
          await setRequestIdentity(tx, identity, extra);
          return fn(tx);
        }),
      this.timeouts[role],
    );
  }

  close(): Promise<void> {
    return this.exclusive(() => {
      this.closed = true;
      return this.thread.close();
    });
  }
}
