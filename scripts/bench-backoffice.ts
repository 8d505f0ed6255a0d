/**
 * `npm run bench:backoffice`: back-office latency at scale — through
 * supabase-js, signed in as a scale admin and a scale agent, against an emulator serving the
 * `npm run seed:scale` folder (.data/scale or SCALE_DATA_DIR; a private emulator on a spare port
 * is started for it, or BENCH_SUPABASE_URL is used as is). Every module's scenarios come from
 * scripts/bench/backoffice/*.ts; "dashboard load" runs all modules' dashboard queries at once,
 * as the dashboard page does. Targets (p95): list page ≤ 50 ms, search ≤ 100 ms, dashboard ≤ 300 ms.
 *
 * Not a test: prints a table (and test-results/bench-backoffice.json); `--strict` exits 1 when a
 * target is missed. Knobs: BENCH_N (iterations per scenario, default 40), BENCH_ONLY (substring).
 */
import fs from "node:fs";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { createClient, type SupabaseClient } from "@supabase/supabase-js";
import { stepUpToAal2 } from "#tests/support/supabase.ts";
import { DEMO_PASSWORD, DEMO_TOTP_SECRET, ROOT, SUPABASE_PUBLISHABLE_KEY } from "./local-env.ts";
import { ids as historyIds } from "./bench/backoffice/platform.ts";
import {
  TARGET_MS,
  type BenchActor,
  type BenchContext,
  type DashboardQuery,
  type Scenario,
} from "./bench/backoffice/scenario.ts";
import { startPrivateEmulator, stats, type PrivateEmulator } from "./bench/measure.ts";

const N = Number(process.env.BENCH_N ?? 40);
const ONLY = process.env.BENCH_ONLY ?? "";
const STRICT = process.argv.includes("--strict");
const SCALE_DATA_DIR = path.resolve(ROOT, process.env.SCALE_DATA_DIR ?? ".data/scale");
const ACTORS: Record<BenchActor, string> = { admin: "admin1@scale.test", staff: "agent07@scale.test" };

const noPersist = {
  auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
} as const;

async function loadScenarios(): Promise<{ scenarios: Scenario[]; dashboard: DashboardQuery[] }> {
  const dir = path.join(ROOT, "scripts", "bench", "backoffice");
  const scenarios: Scenario[] = [];
  const dashboard: DashboardQuery[] = [];
  for (const f of fs
    .readdirSync(dir)
    .filter((x) => x.endsWith(".ts") && x !== "scenario.ts")
    .sort()) {
    const m = (await import(path.join(dir, f))) as {
      scenarios?: Scenario[];
      dashboardQueries?: DashboardQuery[];
    };
    scenarios.push(...(m.scenarios ?? []));
    dashboard.push(...(m.dashboardQueries ?? []));
  }
  for (const actor of ["admin", "staff"] as const) {
    scenarios.push({
      module: "dashboard",
      name: `dashboard load (${dashboard.length} queries in parallel), ${actor}`,
      kind: "dashboard",
      actor,
      run: (c, ctx) => Promise.all(dashboard.map((q) => q(c, ctx))),
    });
  }
  return { scenarios, dashboard };
}

async function signIn(url: string, email: string): Promise<{ client: SupabaseClient; userId: string }> {
  const client = createClient(url, SUPABASE_PUBLISHABLE_KEY, noPersist);
  const { data, error } = await client.auth.signInWithPassword({ email, password: DEMO_PASSWORD });
  if (error || !data.user)
    throw new Error(`sign-in as ${email} failed: ${error?.message} — run \`npm run seed:scale\` first`);
  // The organisation requires two-factor for admins: the scale admins' factor has the demo secret.
  if (email === ACTORS.admin) await stepUpToAal2(client, DEMO_TOTP_SECRET);
  return { client, userId: data.user.id };
}

async function main() {
  let emulator: PrivateEmulator | null = null;
  let url = process.env.BENCH_SUPABASE_URL;
  if (!url) {
    if (!fs.existsSync(SCALE_DATA_DIR))
      throw new Error(
        `${path.relative(ROOT, SCALE_DATA_DIR)} does not exist: run \`npm run seed:scale\` first`,
      );
    console.log(`[bench] serving ${path.relative(ROOT, SCALE_DATA_DIR)} with a private emulator…`);
    emulator = await startPrivateEmulator(SCALE_DATA_DIR);
    url = emulator.url;
  }
  try {
    // Loaded before signing in: on a loaded machine importing them takes longer than the server
    // keeps an idle connection open, and the next request on it then fails ("other side closed").
    const { scenarios } = await loadScenarios();
    const actors = { admin: await signIn(url, ACTORS.admin), staff: await signIn(url, ACTORS.staff) };
    // Listings the staff actor owns: their history is visible to both actors.
    const own = await actors.staff.client
      .from("properties")
      .select("id")
      .eq("owner_id", actors.staff.userId)
      .limit(50);
    if (own.error || !own.data?.length)
      throw new Error(`no listings owned by ${ACTORS.staff}: run \`npm run seed:scale\``);
    historyIds.push(...own.data.map((r) => r.id as string));

    const rows: Array<{
      module: string;
      name: string;
      actor: BenchActor;
      median: number;
      p95: number;
      max: number;
      target: number | null;
      ok: boolean;
    }> = [];
    for (const s of scenarios.filter((x) => !ONLY || `${x.module} ${x.name}`.includes(ONLY))) {
      const { client, userId } = actors[s.actor];
      let i = 0;
      const ctx: BenchContext = {
        userId,
        staffId: actors.staff.userId,
        pick: (items) => items[(i * 7919) % items.length]!,
      };
      const samples: number[] = [];
      try {
        for (let w = 0; w < 5; w++, i++) await s.run(client, ctx); // warm-up (plans, caches)
        for (let n = 0; n < N; n++, i++) {
          const t0 = performance.now();
          await s.run(client, ctx);
          samples.push(performance.now() - t0);
        }
      } catch (e) {
        // One scenario failing (a statement timeout…) is a missed target, not the end of the run.
        console.error(`[bench] ${s.module} · ${s.name} (${s.actor}): ${(e as Error).message}`);
        samples.splice(0, samples.length, Number.POSITIVE_INFINITY);
      }
      const st = stats(samples);
      const target = s.targetMs ?? (s.kind === "other" ? null : TARGET_MS[s.kind]);
      rows.push({
        module: s.module,
        name: s.name,
        actor: s.actor,
        median: st.median,
        p95: st.p95,
        max: st.max,
        target,
        ok: target === null || st.p95 <= target,
      });
    }

    const w = Math.max(...rows.map((r) => `${r.module} · ${r.name}`.length));
    console.log(`\nBack-office at scale (${N} runs each; p95 against the target)\n`);
    console.log(
      `${"scenario".padEnd(w)}  ${"median".padStart(9)}  ${"p95".padStart(9)}  ${"max".padStart(9)}  target`,
    );
    for (const r of rows) {
      console.log(
        `${`${r.module} · ${r.name}`.padEnd(w)}  ${r.median.toFixed(1).padStart(6)} ms  ${r.p95.toFixed(1).padStart(6)} ms  ${r.max.toFixed(1).padStart(6)} ms  ${r.target === null ? "—" : `${r.ok ? "✓" : "✗"} ≤ ${r.target} ms`}`,
      );
    }
    fs.mkdirSync(path.join(ROOT, "test-results"), { recursive: true });
    fs.writeFileSync(
      path.join(ROOT, "test-results", "bench-backoffice.json"),
      JSON.stringify({ at: new Date().toISOString(), n: N, rows }, null, 2),
    );
    const missed = rows.filter((r) => !r.ok);
    console.log(missed.length ? `\n${missed.length} target(s) missed.` : "\nEvery target met.");
    if (STRICT && missed.length) process.exitCode = 1;
  } finally {
    await emulator?.stop();
  }
}

main().catch((e) => {
  console.error(`[bench] ${(e as Error).message}`);
  process.exit(1);
});
