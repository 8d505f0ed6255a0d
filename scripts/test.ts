/**
 * `npm test`: typecheck, then every suite, each with its pass/fail counts, ending on one line
 * "N passed, N failed". Suites that need the running product share one stack: the one
 * `npm start` runs, or one this script starts on a fresh test data folder (and stops after).
 */
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { ensureChromium } from "./chromium.ts";
import { ROOT, SUPABASE_URL } from "./local-env.ts";
import { buildSite, isUp, SITE_ORIGIN, startEmulator, startSite, stop } from "./stack.ts";
import {
  BUDGET_SECONDS,
  type FileTime,
  ON_REQUEST_ONLY,
  OWN_STATE_SUITES,
  overBudget,
  slowestReport,
} from "./test-budget.ts";

interface SuiteResult {
  name: string;
  passed: number;
  failed: number;
  skipped: number;
  seconds: number;
  ok: boolean;
  note?: string;
}

const results: SuiteResult[] = [];
const fileTimes: FileTime[] = [];
// db-types and db-schema, the names of the two generated files' checks, select their one step.
const only = process.argv.slice(2).map((n) => (n === "db-types" || n === "db-schema" ? "db-files" : n));
// A plain `npm test` runs the RLS matrix once, in the concurrency suite, through an emulator on a
// real PostgreSQL; `npm test -- rls` runs it on the PGlite stack.
const wants = (name: string) => (only.length === 0 ? !ON_REQUEST_ONLY.has(name) : only.includes(name));
const RESULTS_DIR = path.join(ROOT, "test-results");
fs.mkdirSync(RESULTS_DIR, { recursive: true });

/**
 * Runs a command. With `quiet`, its output is kept and printed under `header` when it ends, so
 * checks run side by side print one block each instead of interleaved lines.
 */
function run(cmd: string, args: string[], quiet?: { header: string }): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, {
      cwd: ROOT,
      stdio: quiet ? ["ignore", "pipe", "pipe"] : "inherit",
      env: { ...process.env, FORCE_COLOR: "1" },
    });
    const chunks: Buffer[] = [];
    for (const s of [child.stdout, child.stderr]) s?.on("data", (b: Buffer) => chunks.push(b));
    // "close", not "exit": by then the output pipes are drained.
    child.on("close", (code) => {
      if (quiet) process.stdout.write(`\n━━ ${quiet.header} ━━\n${Buffer.concat(chunks).toString()}`);
      resolve(code ?? 1);
    });
  });
}

/** `quiet`: run beside other parts, printing its output in one block when it ends. */
async function typecheck(quiet: boolean) {
  const t0 = Date.now();
  const header = "typecheck (tsc -b)";
  if (!quiet) console.log(`\n━━ ${header} ━━`);
  const code = await run(
    process.execPath,
    [path.join(ROOT, "node_modules/typescript/bin/tsc"), "-b"],
    quiet ? { header } : undefined,
  );
  results.push({
    name: "typecheck",
    passed: code === 0 ? 1 : 0,
    failed: code === 0 ? 0 : 1,
    skipped: 0,
    seconds: (Date.now() - t0) / 1000,
    ok: code === 0,
  });
}

/**
 * The files generated from supabase/migrations must be current (the script prints the command that
 * fixes a stale one). Both are checked from one migrated database: migrating is most of the time.
 */
async function generatedFiles() {
  const t0 = Date.now();
  console.log("\n━━ db-files (core/database.types.ts, supabase/schema.sql current) ━━");
  const code = await run(process.execPath, [
    path.join(ROOT, "node_modules/tsx/dist/cli.mjs"),
    path.join(ROOT, "scripts/db-files.ts"),
    "--check",
  ]);
  results.push({
    name: "db-files",
    passed: code === 0 ? 1 : 0,
    failed: code === 0 ? 0 : 1,
    skipped: 0,
    seconds: (Date.now() - t0) / 1000,
    ok: code === 0,
  });
}

/** ESLint (types, hooks, the import boundaries), then the formatter's check (`npm run format` fixes that). */
async function lint() {
  const t0 = Date.now();
  console.log("\n━━ lint (eslint, biome format) ━━");
  const eslint = await run(process.execPath, [
    path.join(ROOT, "node_modules/eslint/bin/eslint.js"),
    "--max-warnings=0",
    ".",
  ]);
  const format = await run(process.execPath, [
    path.join(ROOT, "node_modules/@biomejs/biome/bin/biome"),
    "format",
    ".",
  ]);
  if (format !== 0) console.log("Some files are not formatted: `npm run format` formats them.");
  results.push({
    name: "lint",
    passed: Number(eslint === 0) + Number(format === 0),
    failed: Number(eslint !== 0) + Number(format !== 0),
    skipped: 0,
    seconds: (Date.now() - t0) / 1000,
    ok: eslint === 0 && format === 0,
  });
}

/** `quiet`: run beside other parts, printing its output in one block when it ends. */
async function vitest(project: string, quiet = false) {
  const t0 = Date.now();
  if (!quiet) console.log(`\n━━ ${project} ━━`);
  const out = path.join(RESULTS_DIR, `${project}.json`);
  const times = path.join(RESULTS_DIR, "file-times", `${project}.json`);
  for (const f of [out, times]) fs.rmSync(f, { force: true });
  const code = await run(
    process.execPath,
    [
      path.join(ROOT, "node_modules/vitest/vitest.mjs"),
      "run",
      "--project",
      project,
      "--passWithNoTests",
      "--reporter=default",
      "--reporter=json",
      `--outputFile.json=${out}`,
      "--reporter=./scripts/test-times-reporter.ts",
    ],
    quiet ? { header: project } : undefined,
  );
  if (fs.existsSync(times)) fileTimes.push(...(JSON.parse(fs.readFileSync(times, "utf8")) as FileTime[]));
  let passed = 0;
  let failed = 0;
  let skipped = 0;
  if (fs.existsSync(out)) {
    const report = JSON.parse(fs.readFileSync(out, "utf8")) as {
      numPassedTests: number;
      numFailedTests: number;
      numPendingTests: number;
      numTodoTests: number;
      testResults?: {
        name: string;
        message?: string;
        assertionResults: { status: string; fullName: string; failureMessages?: string[] }[];
      }[];
    };
    passed = report.numPassedTests;
    failed = report.numFailedTests;
    skipped = report.numPendingTests + report.numTodoTests;
    failures.push(...failedTests(project, report.testResults ?? []));
  }
  const ok = code === 0;
  // A crash before any test reported (config error, setup failure) still counts as a failure.
  if (!ok && failed === 0) failed = 1;
  results.push({
    name: project,
    passed,
    failed,
    skipped,
    seconds: (Date.now() - t0) / 1000,
    ok,
    note: ok ? undefined : `exit ${code}`,
  });
}

/**
 * One line per failed test (or per file that failed before its tests ran), with the first line
 * of its error: the summary lists them all, so a log cut to its tail still names every failure.
 */
function failedTests(
  project: string,
  files: readonly {
    name: string;
    message?: string;
    assertionResults: { status: string; fullName: string; failureMessages?: string[] }[];
  }[],
): string[] {
  const firstLine = (m: string | undefined) =>
    (m ?? "")
      .replace(/\x1b\[[0-9;]*m/g, "")
      .split("\n")
      .find((l) => l.trim()) ?? "";
  const lines: string[] = [];
  for (const f of files) {
    const file = path.relative(ROOT, f.name);
    const failed = f.assertionResults.filter((a) => a.status === "failed");
    for (const a of failed)
      lines.push(`${project}  ${file} > ${a.fullName}: ${firstLine(a.failureMessages?.[0]).slice(0, 300)}`);
    if (!failed.length && f.message) lines.push(`${project}  ${file}: ${firstLine(f.message).slice(0, 300)}`);
  }
  return lines;
}

const failures: string[] = [];
const PART_ORDER = Object.keys(BUDGET_SECONDS);
const started: ChildProcess[] = [];

async function ensureStack() {
  const t0 = Date.now();
  if (!(await isUp(`${SUPABASE_URL}/auth/v1/health`))) {
    const dataDir = path.join(ROOT, ".data", "test-emulator");
    fs.rmSync(dataDir, { recursive: true, force: true });
    // The suites inherit it: some read the emulator's data folder (e.g. its signing key).
    process.env.EMULATOR_DATA_DIR = dataDir;
    console.log(
      `\nStarting an emulator on a fresh test data folder (${path.relative(ROOT, dataDir)}) and building the site…`,
    );
    const [emu] = await Promise.all([
      startEmulator({ quiet: true, env: { EMULATOR_DATA_DIR: dataDir } }),
      buildSite({ quiet: true }),
    ]);
    started.push(emu);
  } else if (!(await isUp(`${SITE_ORIGIN}/api/health`))) {
    await buildSite({ quiet: true });
  }
  if (!(await isUp(`${SITE_ORIGIN}/api/health`))) started.push(await startSite({ quiet: true }));
  results.push({
    name: "stack",
    passed: 1,
    failed: 0,
    skipped: 0,
    seconds: (Date.now() - t0) / 1000,
    ok: true,
  });
}

async function main() {
  const t0 = Date.now();
  // tsc -b works on one core for about a minute: it runs beside the other checks and the unit
  // suites rather than before them, so a 2-core machine keeps both cores busy (its time in the
  // summary is its own wall time).
  const unitSuites = ["core", "app", "emulator"];
  // Suites with their own state (workerd's own runtimes, a private PostgreSQL with its own
  // emulator): they share nothing mutable with the stack's suites, so they run beside them —
  // while the site builds and the stack's suites wait on the emulator, a core is free.
  const ownStateSuites = OWN_STATE_SUITES.filter(wants);
  const stackSuites = ["conformance", "rls", "integration", "security", "e2e"].filter(wants);
  const beside = ["db-files", "lint", ...unitSuites, ...ownStateSuites].filter(wants);
  const typechecked = wants("typecheck") ? typecheck(beside.length > 0) : Promise.resolve();
  if (wants("db-files")) await generatedFiles();
  if (wants("lint")) await lint();
  for (const p of unitSuites) if (wants(p)) await vitest(p);
  const quietBeside = stackSuites.length > 0;
  const ownState = (async () => {
    for (const p of ownStateSuites) await vitest(p, quietBeside);
  })();
  await typechecked;
  if (stackSuites.length) {
    try {
      if (stackSuites.includes("e2e")) ensureChromium();
      await ensureStack();
      for (const p of stackSuites) await vitest(p);
    } catch (e) {
      results.push({
        name: "stack",
        passed: 0,
        failed: 1,
        skipped: 0,
        seconds: 0,
        ok: false,
        note: (e as Error).message,
      });
    } finally {
      await Promise.all(started.reverse().map((c) => stop(c)));
    }
  }
  await ownState;

  const total = results.reduce(
    (a, r) => ({ passed: a.passed + r.passed, failed: a.failed + r.failed, skipped: a.skipped + r.skipped }),
    { passed: 0, failed: 0, skipped: 0 },
  );
  const overs: string[] = [];
  for (const r of results) {
    const over = overBudget(r.name, r.seconds, fileTimes);
    if (!over) continue;
    overs.push(over);
    r.ok = false;
    r.note = [r.note, "over budget"].filter(Boolean).join(", ");
  }
  console.log("\n━━ summary ━━");
  // In run order, wherever a part that ran beside others finished.
  results.sort((a, b) => PART_ORDER.indexOf(a.name) - PART_ORDER.indexOf(b.name));
  for (const r of results) {
    const budget = BUDGET_SECONDS[r.name];
    console.log(
      `${r.ok ? "✓" : "✗"} ${r.name.padEnd(12)} ${String(r.passed).padStart(4)} passed ${String(r.failed).padStart(3)} failed ${String(r.skipped).padStart(3)} skipped  ${r.seconds.toFixed(1).padStart(6)} s${budget ? ` of ${budget} s` : ""}${r.note ? `  (${r.note})` : ""}`,
    );
  }
  console.log(`total ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  for (const line of slowestReport(fileTimes)) console.log(line);
  for (const over of overs) console.log(`\n✗ ${over}`);
  if (failures.length) console.log(`\nfailed tests:\n${failures.map((f) => `  ✗ ${f}`).join("\n")}`);
  const allOk = results.every((r) => r.ok);
  console.log(
    `Tests: ${total.passed} passed, ${total.failed} failed${total.skipped ? `, ${total.skipped} skipped` : ""}`,
  );
  process.exit(allOk ? 0 : 1);
}

void main();
