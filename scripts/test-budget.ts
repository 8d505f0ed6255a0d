/**
 * Time budgets of `npm test`'s parts and the report of its slowest test files. The budgets are
 * what a loaded 2-core CI machine takes, and they add up to the whole run's 15 minutes; a part
 * fails only when it takes more than half as long again as its budget, so a busy machine does not
 * turn the run red, but a suite that doubled does — with the files to look at first.
 */

export interface FileTime {
  project: string;
  /** Relative to the repository root. */
  file: string;
  seconds: number;
  ok: boolean;
}

/**
 * Seconds per part of `npm test` (the names of its summary) on a quiet 2-core machine, a little
 * above what a whole run measured there (28 Nov 2026: e2e 778 s, worker 66 s, concurrency 84 s,
 * integration 74 s…), so a part fails only when it grew by half. Recalibrate from the summary of
 * fresh-clone runs (it prints each part's time beside its budget). `rls` runs only on request (the
 * matrix runs in `concurrency`), so it is not part of a plain run's sum.
 */
export const BUDGET_SECONDS: Readonly<Record<string, number>> = {
  // core/database.types.ts and supabase/schema.sql from one migrated in-memory database.
  "db-files": 15,
  // Runs beside the other checks and the unit suites (scripts/test.ts), sharing the two cores:
  // about a minute alone, nearly twice that beside them, while the whole run is shorter.
  typecheck: 110,
  lint: 30,
  core: 50,
  app: 5,
  // Migrates the schema template once (tests/support/global-setup-schema.ts), then copies it.
  emulator: 40,
  // worker, hub and concurrency run beside the stack's suites (scripts/test.ts), from the site's build on.
  worker: 70,
  hub: 45,
  // A private PostgreSQL cluster: the concurrent scenarios, then the RLS matrix on it. Beside the
  // stack's suites its wall time more than doubles (232 s on a quiet 2-core machine, 28 Nov 2026;
  // about 100 s alone) while the whole run gets shorter.
  concurrency: 240,
  // Starting the emulator on a fresh data folder while the site builds.
  stack: 75,
  conformance: 40,
  rls: 60,
  integration: 80,
  security: 40,
  e2e: 480,
};

/** Parts a plain `npm test` leaves out (scripts/test.ts runs them on request only). */
export const ON_REQUEST_ONLY: ReadonlySet<string> = new Set(["rls"]);

/**
 * Suites with their own state (workerd's own runtimes, a private PostgreSQL): scripts/test.ts runs
 * them beside the stack's suites, as it runs the typecheck beside the checks and unit suites.
 */
export const OWN_STATE_SUITES: readonly string[] = ["worker", "hub", "concurrency"];

/** Parts whose time overlaps the others', so a run's length is not their sum with them. */
export const RUNS_BESIDE: ReadonlySet<string> = new Set(["typecheck", ...OWN_STATE_SUITES]);

/** A part fails once it takes longer than this many times its budget. */
export const OVER_BUDGET_FACTOR = 1.5;

/**
 * What a plain run's budgets add up to at most, counting the parts that run one after another. The aim is 15 minutes with the browser suite
 * under 8; today's suite needs about 24 and 12 (the e2e walks are the bulk), so the check holds
 * the line there until the suite is made faster.
 */
export const TOTAL_BUDGET_SECONDS = 24 * 60;
export const E2E_BUDGET_CEILING_SECONDS = 12 * 60;

export function slowestFiles(files: readonly FileTime[], n = 10): FileTime[] {
  return [...files].sort((a, b) => b.seconds - a.seconds).slice(0, n);
}

const fmt = (f: FileTime) => `${f.file} (${f.seconds.toFixed(1)} s)`;

/**
 * Null while `name` stays within OVER_BUDGET_FACTOR × its budget (or has none); otherwise the
 * failure message, naming the part's slowest files.
 */
export function overBudget(
  name: string,
  seconds: number,
  files: readonly FileTime[],
  budgets: Readonly<Record<string, number>> = BUDGET_SECONDS,
): string | null {
  const budget = budgets[name];
  if (budget === undefined || seconds <= budget * OVER_BUDGET_FACTOR) return null;
  const own = slowestFiles(
    files.filter((f) => f.project === name),
    5,
  );
  return [
    `${name} took ${seconds.toFixed(0)} s: more than ${OVER_BUDGET_FACTOR} × its budget of ${budget} s.`,
    own.length ? `Its slowest files: ${own.map(fmt).join(", ")}.` : "",
    "Make them wait for conditions instead of sleeping, share a signed-in browser per role, move pure",
    "checks to core unit tests and access checks to the RLS matrix; raise the budget in",
    "scripts/test-budget.ts only with measurements of a loaded 2-core machine that justify it.",
  ]
    .filter(Boolean)
    .join("\n  ");
}

/** The "slowest test files" block of the summary. */
export function slowestReport(files: readonly FileTime[], n = 10): string[] {
  const top = slowestFiles(files, n);
  if (!top.length) return [];
  const width = Math.max(...top.map((f) => f.project.length));
  return [
    `slowest ${top.length} test files (import, hooks and tests):`,
    ...top.map((f) => `  ${f.seconds.toFixed(1).padStart(6)} s  ${f.project.padEnd(width)}  ${f.file}`),
  ];
}
