import { cloudflareTest } from "@cloudflare/vitest-plugin";
import { defineConfig } from "vitest/config";

/**
 * One project per kind of suite. `core` is pure; `worker` and `hub` run inside workerd;
 * the rest talk to the running local stack (tests/support/global-setup.ts starts it if needed).
 */
export default defineConfig({
  test: {
    projects: [
      { test: { name: "core", include: ["core/**/*.test.ts"], environment: "node" } },
      { test: { name: "emulator", include: ["emulator/**/*.test.ts"], environment: "node", testTimeout: 60_000 } },
      {
        plugins: [cloudflareTest({ wrangler: { configPath: "./wrangler.toml" } })],
        test: { name: "worker", include: ["worker/**/*.test.ts"] },
      },
      {
        plugins: [cloudflareTest({ wrangler: { configPath: "./party/wrangler.toml" } })],
        test: { name: "hub", include: ["party/**/*.test.ts"] },
      },
      {
        test: {
          name: "conformance",
          include: ["tests/conformance/**/*.test.ts"],
          globalSetup: ["tests/support/global-setup-emulator.ts"],
          testTimeout: 20_000,
          hookTimeout: 60_000,
          fileParallelism: false,
        },
      },
      {
        test: {
          name: "rls",
          include: ["tests/rls/**/*.test.ts"],
          globalSetup: ["tests/support/global-setup-emulator.ts"],
          testTimeout: 20_000,
          hookTimeout: 60_000,
          fileParallelism: false,
        },
      },
      {
        test: {
          name: "integration",
          include: ["tests/hub/**/*.test.ts", "tests/edge/**/*.test.ts"],
          globalSetup: ["tests/support/global-setup-stack.ts"],
          testTimeout: 30_000,
          hookTimeout: 240_000,
          fileParallelism: false,
        },
      },
      {
        test: {
          name: "e2e",
          include: ["tests/e2e/**/*.test.ts"],
          globalSetup: ["tests/support/global-setup-stack.ts"],
          testTimeout: 60_000,
          hookTimeout: 240_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
