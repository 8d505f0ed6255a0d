/**
 * Many real connections at once against the `hammer` database (global-setup.ts), each
 * transaction run as PostgREST runs a request: `authenticated` with the user's JWT claims set for
 * that transaction only. A scenario runs its operations from CONCURRENCY_CONNECTIONS connections
 * (30) for CONCURRENCY_SECONDS (a few seconds in `npm test`; 60 for the closing figures) and
 * counts what happened: done, refused by a rule of the product (an error written for people,
 * e.g. "already issued"), or failed — a deadlock, a serialization failure or anything else.
 */
import fs from "node:fs";
import pg from "pg";
import { afterAll, beforeAll, expect, inject } from "vitest";

export const CONNECTIONS = Number(process.env.CONCURRENCY_CONNECTIONS ?? 30);
export const SECONDS = Number(process.env.CONCURRENCY_SECONDS ?? 4);
/** A scenario's setup, its run and the checks after it (longer runs get longer). */
export const SCENARIO_TIMEOUT_MS = 120_000 + SECONDS * 3_000;

/** Demo accounts of supabase/seed.sql. */
export const USERS = {
  admin: { sub: "00000000-0000-4000-a000-000000000001", email: "admin@demo.test" },
  ama: { sub: "00000000-0000-4000-a000-000000000002", email: "staff@demo.test" },
  yaw: { sub: "00000000-0000-4000-a000-000000000005", email: "staff2@demo.test" },
} as const;
export type User = (typeof USERS)[keyof typeof USERS];
export const STAFF: User[] = [USERS.ama, USERS.yaw];

export function openPool(max = CONNECTIONS + 2): pg.Pool {
  const pool = new pg.Pool({ connectionString: inject("hammerUrl"), max });
  // A connection the server dropped must not take the test process with it.
  pool.on("error", () => undefined);
  return pool;
}

/**
 * A file's pool: opened before its tests and handed to `set`; afterwards `cleanup` removes the
 * file's own rows (as the database owner) and the pool is ended.
 */
export function poolPerFile(
  set: (pool: pg.Pool) => void,
  opts: { max?: number; cleanup?: (pool: pg.Pool) => Promise<unknown> } = {},
): void {
  let pool: pg.Pool | undefined;
  beforeAll(() => {
    pool = openPool(opts.max);
    set(pool);
  });
  afterAll(async () => {
    if (pool && opts.cleanup) await opts.cleanup(pool);
    await pool?.end();
  });
}

/** One transaction as `role` with `claims`, the way PostgREST runs a request (both local to it). */
async function asRole<T>(
  db: pg.Pool | pg.PoolClient,
  role: "authenticated" | "service_role",
  claims: Record<string, string>,
  fn: (c: pg.PoolClient) => Promise<T>,
): Promise<T> {
  const client = "release" in db ? db : await db.connect();
  try {
    await client.query("begin");
    try {
      await client.query("select set_config('role', $1, true), set_config('request.jwt.claims', $2, true)", [
        role,
        JSON.stringify(claims),
      ]);
      const out = await fn(client);
      await client.query("commit");
      return out;
    } catch (e) {
      await client.query("rollback").catch(() => undefined);
      throw e;
    }
  } finally {
    if (client !== db) client.release();
  }
}

/** A user's JWT claims as PostgREST sets them (the demo admin at aal2, see asUser). */
const claimsOf = (user: User) => ({
  sub: user.sub,
  email: user.email,
  role: "authenticated",
  aal: user === USERS.admin ? "aal2" : "aal1",
});

/**
 * One transaction as `user`, the way PostgREST runs a request (role and claims local to it). The
 * demo admin has a verified factor (the organisation requires two-factor for admins), so their
 * requests carry aal2, as after the sign-in's code.
 */
export const asUser = <T>(db: pg.Pool | pg.PoolClient, user: User, fn: (c: pg.PoolClient) => Promise<T>) =>
  asRole(db, "authenticated", claimsOf(user), fn);

/** One transaction with the secret key, the way the edge worker calls a service-only function. */
export const asService = <T>(db: pg.Pool | pg.PoolClient, fn: (c: pg.PoolClient) => Promise<T>) =>
  asRole(db, "service_role", { role: "service_role" }, fn);

/**
 * Errors the product raises for people (rules, not-found, permissions, a time just taken): a
 * refusal, not a failure.
 */
const REFUSALS = new Set(["P0001", "P0002", "42501", "23514", "23P01"]);

export interface Outcome {
  done: number;
  refused: number;
  /** Refusal messages with how often each came. */
  refusals: Map<string, number>;
  /** Everything else: SQLSTATE and message. */
  failures: { code: string; message: string }[];
  seconds: number;
}

/**
 * Runs `op(worker, iteration)` from `connections` connections until `seconds` have passed (or
 * `op` returns false: nothing left to do for that worker).
 */
export async function hammer(
  pool: pg.Pool,
  op: (client: pg.PoolClient, worker: number, i: number) => Promise<boolean | void>,
  opts: { connections?: number; seconds?: number } = {},
): Promise<Outcome> {
  const connections = opts.connections ?? CONNECTIONS;
  const until = Date.now() + (opts.seconds ?? SECONDS) * 1000;
  const out: Outcome = { done: 0, refused: 0, refusals: new Map(), failures: [], seconds: 0 };
  const t0 = Date.now();
  await Promise.all(
    Array.from({ length: connections }, async (_, worker) => {
      const client = await pool.connect();
      try {
        for (let i = 0; Date.now() < until; i++) {
          try {
            if ((await op(client, worker, i)) === false) break;
            out.done++;
          } catch (e) {
            const err = e as { code?: string; message?: string };
            if (err.code && REFUSALS.has(err.code)) {
              out.refused++;
              const key = (err.message ?? "").replace(/[A-Z]{3}-\d{4}-\d+|[0-9a-f-]{36}|\d[\d,.]*/g, "…");
              out.refusals.set(key, (out.refusals.get(key) ?? 0) + 1);
            } else out.failures.push({ code: err.code ?? "?", message: err.message ?? String(e) });
          }
        }
      } finally {
        client.release();
      }
    }),
  );
  out.seconds = (Date.now() - t0) / 1000;
  return out;
}

/**
 * `hammer`, then the checks every scenario makes: its figures printed under `name` (with `more`
 * appended), no operation failed and the server logged no deadlock or serialization failure
 * while it ran. The outcome is the scenario's for its own checks.
 */
export async function hammerClean(
  pool: pg.Pool,
  name: string,
  op: (client: pg.PoolClient, worker: number, i: number) => Promise<boolean | void>,
  opts: { connections?: number; seconds?: number; more?: () => string } = {},
): Promise<Outcome> {
  const logFrom = serverLogSize();
  const outcome = await hammer(pool, op, opts);
  console.log(`${describeOutcome(name, outcome)}${opts.more ? `; ${opts.more()}` : ""}`);
  expect(outcome.failures, "operations that failed").toEqual([]);
  expect(lockFailures(serverLogFrom(logFrom)), "deadlocks in the server log").toEqual([]);
  return outcome;
}

/**
 * Runs `fn` in one transaction that is always rolled back, so no other file sees what it changes
 * (a module's visibility, a branch); `as` runs one query as a user, the way PostgREST would.
 */
export async function inRolledBack(
  pool: pg.Pool,
  fn: (
    c: pg.PoolClient,
    as: (u: User, sql: string, args?: unknown[]) => Promise<pg.QueryResult>,
  ) => Promise<void>,
): Promise<void> {
  const c = await pool.connect();
  try {
    await c.query("begin");
    const as = async (u: User, sql: string, args: unknown[] = []) => {
      await c.query(
        "select set_config('role', 'authenticated', true), set_config('request.jwt.claims', $1, true)",
        [JSON.stringify(claimsOf(u))],
      );
      try {
        return await c.query(sql, args);
      } finally {
        await c.query("reset role");
      }
    };
    await fn(c, as);
  } finally {
    await c.query("rollback");
    c.release();
  }
}

/** The server log from `offset` on: what the server said while a scenario ran. */
export function serverLogFrom(offset: number): string {
  const file = inject("serverLog");
  const buf = fs.readFileSync(file);
  return buf.subarray(offset).toString("utf8");
}

export function serverLogSize(): number {
  return fs.statSync(inject("serverLog")).size;
}

/** Deadlocks and serialization failures the server logged (with the statements involved). */
export function lockFailures(log: string): string[] {
  return log
    .split("\n")
    .filter((l) => /deadlock detected|could not serialize access/.test(l))
    .map((l) => l.replace(/^\S+ \S+ \S+ \[\d+\] /, ""));
}

/** One line for the closing figures. */
export function describeOutcome(name: string, o: Outcome): string {
  const refusals = [...o.refusals].map(([m, n]) => `${n}× ${m}`).join("; ");
  return `${name}: ${o.done} done, ${o.refused} refused${refusals ? ` (${refusals})` : ""}, ${o.failures.length} failed in ${o.seconds.toFixed(1)} s on ${CONNECTIONS} connections`;
}

/** Runs SQL as the database owner (setup and the fresh counts the checks compare with). */
export async function ownerQuery<T extends pg.QueryResultRow>(
  pool: pg.Pool,
  sql: string,
  params: unknown[] = [],
): Promise<T[]> {
  return (await pool.query<T>(sql, params)).rows;
}

/** A random element. */
export const pick = <T>(xs: readonly T[]): T => xs[Math.floor(Math.random() * xs.length)]!;
