import { cloudflareTest } from "@cloudflare/vitest-plugin";
import { defineConfig } from "vitest/config";
import { FAKE_SUPABASE_URL, fakeSupabase } from "#party/testing/fake-supabase.ts";
import E2eSequencer from "./scripts/e2e-sequencer.ts";

/**
 * One project per kind of suite. `core` is pure; `worker` and `hub` run inside workerd;
 * the rest talk to the running local stack (tests/support/global-setup-*.ts start it if needed).
 * The stack's suites do not isolate files in fresh workers (`isolate: false`): a worker keeps
 * supabase-js, playwright-core and the helpers loaded from one file to the next, which cost
 * seconds per file on a busy machine. Their files share no state but the stack: each creates
 * and names its own users and records.
 */
export default defineConfig({
  test: {
    // Only vitest's root config picks the order files start in: the e2e walks longest first.
    sequence: { sequencer: E2eSequencer },
    projects: [
      // The test runner's own pure parts (budgets) and the test helpers' pure parts run here too.
      {
        test: {
          name: "core",
          include: ["core/**/*.test.ts", "scripts/**/*.test.ts", "tests/support/**/*.test.ts"],
          environment: "node",
        },
      },
      // The SPA's pure parts (the module registry) in Node; screens are tested in Chromium (e2e).
      { test: { name: "app", include: ["app/**/*.test.ts"], environment: "node" } },
      {
        test: {
          name: "emulator",
          include: ["emulator/**/*.test.ts", "tests/schema/**/*.test.ts"],
          globalSetup: ["tests/support/global-setup-schema.ts"],
          environment: "node",
          // Hang guards, not speed targets: a database opens in seconds only on a quiet machine.
          testTimeout: 120_000,
          hookTimeout: 120_000,
        },
      },
      {
        plugins: [
          cloudflareTest({
            wrangler: { configPath: "./wrangler.toml" },
            // No SPA build inside the test runtime: ASSETS serves a small stand-in shell
            // (worker/test-fixtures/assets, shaped like dist/client) in SPA mode.
            miniflare: {
              assets: {
                directory: "./worker/test-fixtures/assets",
                binding: "ASSETS",
                assetConfig: { not_found_handling: "single-page-application" },
                // As wrangler.toml's run_worker_first: navigations reach the worker before assets.
                routerConfig: { has_user_worker: true, invoke_user_worker_ahead_of_assets: true },
              },
              // The hub is its own worker (tested in the `hub` project); here a stand-in shows
              // what the edge forwarded to it.
              // No e-mail provider: the real deliver-emails job must never reach a database from
              // here (a developer's emulator may answer on the default port); it reports why instead.
              bindings: { EMAIL_PROVIDER: "" },
              serviceBindings: {
                HUB: async (req: Request) =>
                  Response.json({ forwardedTo: "hub", method: req.method, path: new URL(req.url).pathname }),
              },
            },
          }),
        ],
        // A loaded machine makes the first request of a file slow (module graph load in workerd).
        test: { name: "worker", include: ["worker/**/*.test.ts"], testTimeout: 20_000 },
      },
      {
        // The hub's protocol rules in workerd; Supabase is the stand-in in party/testing (real
        // ES256 signing + JWKS), the real emulator is exercised by tests/hub (integration).
        plugins: [
          cloudflareTest({
            wrangler: { configPath: "./party/wrangler.toml" },
            miniflare: {
              // Rights re-checks within a test's time: trust a check for 300 ms, the alarm every 1.5 s.
              bindings: {
                SUPABASE_URL: FAKE_SUPABASE_URL,
                HUB_RIGHTS_TTL_MS: "300",
                HUB_RIGHTS_RECHECK_INTERVAL_MS: "1500",
                SUPABASE_SECRET_KEY: "sb_secret_hub_test",
              },
              outboundService: fakeSupabase,
            },
          }),
        ],
        test: { name: "hub", include: ["party/**/*.test.ts"], testTimeout: 15_000 },
      },
      {
        test: {
          name: "conformance",
          isolate: false,
          include: ["tests/conformance/**/*.test.ts"],
          globalSetup: ["tests/support/global-setup-emulator.ts", "tests/support/global-setup-schema.ts"],
          testTimeout: 20_000,
          hookTimeout: 60_000,
          fileParallelism: false,
        },
      },
      {
        test: {
          name: "rls",
          isolate: false,
          include: ["tests/rls/**/*.test.ts"],
          globalSetup: ["tests/support/global-setup-emulator.ts"],
          testTimeout: 20_000,
          hookTimeout: 60_000,
          fileParallelism: false,
        },
      },
      {
        // A private real PostgreSQL (tests/concurrency/global-setup.ts): the concurrent scenarios,
        // then the RLS matrix once more, through an emulator that runs on that server.
        test: {
          name: "concurrency",
          isolate: false,
          include: ["tests/concurrency/**/*.test.ts", "tests/rls/**/*.test.ts"],
          globalSetup: ["tests/concurrency/global-setup.ts"],
          testTimeout: 120_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
      {
        test: {
          name: "integration",
          isolate: false,
          include: ["tests/hub/**/*.test.ts", "tests/edge/**/*.test.ts"],
          globalSetup: ["tests/support/global-setup-stack.ts"],
          testTimeout: 30_000,
          hookTimeout: 240_000,
          fileParallelism: false,
        },
      },
      {
        test: {
          name: "security",
          isolate: false,
          include: ["tests/security/**/*.test.ts"],
          globalSetup: ["tests/support/global-setup-stack.ts", "tests/support/global-setup-schema.ts"],
          testTimeout: 30_000,
          hookTimeout: 240_000,
          // The crash test runs an emulator of its own; the other files share the stack.
          fileParallelism: true,
          maxWorkers: 2,
        },
      },
      {
        test: {
          name: "e2e",
          include: ["tests/e2e/**/*.test.ts"],
          globalSetup: ["tests/support/global-setup-stack.ts", "tests/support/global-setup-browser.ts"],
          isolate: false,
          // Deadlines here only turn a hang into a failure (files set none of their own): a long
          // walk took over two minutes on a busy 2-core machine. How long the suite may take is
          // npm test's budget.
          testTimeout: 240_000,
          hookTimeout: 240_000,
          // expect.poll waits for the database to show what a click saved: vitest's 1 s default
          // is too short when three browsers share two cores.
          expect: { poll: { timeout: 30_000 } },
          // Files run side by side (each its own contexts in the one Chromium, its own users and
          // records), so the suite grows with the slowest file, not with their sum.
          // E2E_WORKERS=1 runs them one by one; `--sequence.shuffle.files` in another order.
          fileParallelism: true,
          maxWorkers: Number(process.env.E2E_WORKERS ?? 3),
        },
      },
    ],
  },
});
