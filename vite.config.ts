import { cloudflare } from "@cloudflare/vite-plugin";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { PAYSTACK_SANDBOX_SECRET_KEY } from "#core/money/online-payments.ts";
import { prerenderPages } from "#scripts/prerender.ts";

const env = process.env;
const sitePort = Number(env.SITE_PORT ?? 8787);

/**
 * LOCAL_STACK=1 (set by `npm start` and the test harness) points both workers at the local
 * emulator on EMULATOR_PORT and hands them the local secret key. A deploy build leaves it unset:
 * there the key is a wrangler secret, never a var.
 */
const localVars: Record<string, string> =
  env.LOCAL_STACK === "1"
    ? {
        SUPABASE_URL: env.SUPABASE_URL ?? `http://127.0.0.1:${env.EMULATOR_PORT ?? 54321}`,
        SUPABASE_SECRET_KEY: env.SUPABASE_SECRET_KEY ?? "sb_secret_ghana_realty_local_dev_key_never_ship",
        SITE_PORT: String(sitePort),
      }
    : {};
/** The edge worker only: "Pay now" against the emulator's Paystack sandbox (emulator/src/paystack/). */
const paymentVars: Record<string, string> =
  env.LOCAL_STACK === "1"
    ? { PAYSTACK_SECRET_KEY: PAYSTACK_SANDBOX_SECRET_KEY, PAYSTACK_BASE_URL: `${localVars.SUPABASE_URL}/_paystack` }
    : {};

export default defineConfig({
  plugins: [
    react(),
    tailwindcss(),
    cloudflare({
      configPath: "./wrangler.toml",
      auxiliaryWorkers: [{ configPath: "./party/wrangler.toml", config: { vars: localVars } }],
      config: { vars: { ...localVars, ...paymentVars } },
      inspectorPort: false,
      persistState: { path: `.wrangler/state-${sitePort}` },
    }),
    prerenderPages({ sitePort }),
  ],
  // The manifest (dist/client/.vite/manifest.json) feeds `npm run size` (scripts/size.ts).
  build: { manifest: true },
  server: { port: sitePort, strictPort: true, host: "127.0.0.1", allowedHosts: [".localhost"] },
  preview: { port: sitePort, strictPort: true, host: "127.0.0.1", allowedHosts: [".localhost"] },
});
