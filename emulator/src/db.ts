/**
 * The one PGlite instance and the ways to use it. PGlite runs one query at a time and a plain
 * query could slip into another caller's open transaction, so every use goes through one queue.
 */
import fs from "node:fs";
import { PGlite, type Transaction } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { pgcrypto } from "@electric-sql/pglite/contrib/pgcrypto";
import { unaccent } from "@electric-sql/pglite/contrib/unaccent";

export type Tx = Transaction;
export type ApiRole = "anon" | "authenticated" | "service_role";

/** What PostgREST sets per request: the role and the JWT claims (auth.uid() reads them). */
export interface RequestIdentity {
  role: ApiRole;
  claims: Record<string, unknown>;
}

export class Database {
  private queue: Promise<unknown> = Promise.resolve();

  private constructor(readonly pg: PGlite) {}

  static async open(dataDir: string | null): Promise<Database> {
    if (dataDir) fs.mkdirSync(dataDir, { recursive: true });
    const pg = await PGlite.create(dataDir ?? undefined, { extensions: { pgcrypto, pg_trgm, unaccent } });
    await pg.exec("set search_path to public, extensions");
    return new Database(pg);
  }

  /** Runs fn alone: nothing else touches the database until it settles. */
  exclusive<T>(fn: (pg: PGlite) => Promise<T>): Promise<T> {
    const run = this.queue.then(() => fn(this.pg));
    this.queue = run.catch(() => undefined);
    return run;
  }

  /** A transaction as the database owner (RLS does not apply): for auth/storage internals. */
  admin<T>(fn: (tx: Tx) => Promise<T>): Promise<T> {
    return this.exclusive((pg) => pg.transaction(fn));
  }

  /**
   * A transaction as an API role with the request's claims set, exactly like PostgREST:
   * `set local role`, then `request.jwt.claims` (and the per-claim settings older policies read).
   * Postgres RLS decides what the statements in fn may see and change.
   */
  asRole<T>(identity: RequestIdentity, fn: (tx: Tx) => Promise<T>, extra: Record<string, string> = {}): Promise<T> {
    const role = identity.role;
    if (role !== "anon" && role !== "authenticated" && role !== "service_role") {
      return Promise.reject(new Error(`unknown role ${String(role)}`));
    }
    return this.exclusive((pg) =>
      pg.transaction(async (tx) => {
        const settings: Record<string, string> = {
          "request.jwt.claims": JSON.stringify(identity.claims),
          "request.jwt.claim.sub": String(identity.claims.sub ?? ""),
          "request.jwt.claim.role": role,
          "request.jwt.claim.email": String(identity.claims.email ?? ""),
          ...extra,
        };
        // One round trip: set_config('role', …, true) is `set local role`. The role name comes
        // from the fixed list above, never from the request.
        settings.role = role;
        const keys = Object.keys(settings);
        await tx.query(
          `select ${keys.map((_, i) => `set_config($${2 * i + 1}, $${2 * i + 2}, true)`).join(", ")}`,
          keys.flatMap((k) => [k, settings[k]!]),
        );
        return fn(tx);
      }),
    );
  }

  close(): Promise<void> {
    return this.exclusive((pg) => pg.close());
  }
}
