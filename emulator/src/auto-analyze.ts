/**
 * What autovacuum's analyze does for hosted Postgres: refresh the planner's statistics after
 * writes. PGlite runs no autovacuum and the emulator is one long session, so without this a
 * plan cached inside a function (a trigger's lookup, an RPC) while a table was tiny — e.g.
 * during seeding — stayed a full scan forever: seed:scale's inbox file took over 50 minutes,
 * and each form submission scanned every contact. ANALYZE also invalidates those cached plans.
 *
 * A write is detected by the next transaction id having moved (only writing transactions get
 * one), so a read-only bench never pays for an analyze in the middle of its measurements.
 */
import type { Database } from "./db.ts";

/** How often the emulator looks for writes to analyze after (hosted autovacuum wakes every minute). */
export const AUTO_ANALYZE_INTERVAL_MS = 60_000;

async function nextXid(db: Database): Promise<string> {
  const r = await db.admin((tx) =>
    tx.query<{ x: string }>("select pg_snapshot_xmax(pg_current_snapshot())::text x"),
  );
  return r.rows[0]!.x;
}

/** Refreshes the statistics of every table now. */
export async function analyzeAll(db: Database): Promise<void> {
  await db.exclusive((pg) => pg.exec("analyze"));
}

export interface AutoAnalyze {
  /** Runs one check now: analyzes when something was written since the last analyze. */
  tick(): Promise<boolean>;
  /** How many analyzes ran. */
  readonly runs: number;
  stop(): void;
}

export async function startAutoAnalyze(
  db: Database,
  intervalMs = AUTO_ANALYZE_INTERVAL_MS,
): Promise<AutoAnalyze> {
  let seen = await nextXid(db);
  let runs = 0;
  let busy: Promise<boolean> | null = null;
  const check = async (): Promise<boolean> => {
    const now = await nextXid(db);
    if (now === seen) return false;
    await analyzeAll(db);
    runs++;
    seen = await nextXid(db); // ANALYZE itself wrote pg_statistic
    return true;
  };
  const tick = () => (busy ??= check().finally(() => (busy = null)));
  const timer = setInterval(() => {
    tick().catch((e: Error) => console.warn(`[emulator] auto-analyze skipped: ${e.message}`));
  }, intervalMs);
  timer.unref();
  return {
    tick,
    get runs() {
      return runs;
    },
    stop: () => clearInterval(timer),
  };
}
