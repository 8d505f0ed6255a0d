/**
 * The local stack's addresses and dev keys, one place for scripts and tests.
 * Every value can be overridden from the environment (e.g. to point the conformance suite at a
 * hosted Supabase project, or to run a second stack on other ports).
 */
import path from "node:path";
import { fileURLToPath } from "node:url";
import { HUB_ROOM } from "#core/schemas/hub.ts";

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/** Fixed, well-known keys for local use only (like the Supabase CLI's local keys). */
export const LOCAL_PUBLISHABLE_KEY = "sb_publishable_ghana_realty_local_dev_key_000";
export const LOCAL_SECRET_KEY = "sb_secret_ghana_realty_local_dev_key_never_ship";

const env = process.env;

export const EMULATOR_PORT = Number(env.EMULATOR_PORT ?? 54321);
export const SITE_PORT = Number(env.SITE_PORT ?? 8787);
export const EMULATOR_DATA_DIR = path.resolve(
  ROOT,
  env.EMULATOR_DATA_DIR ?? `.data/emulator-${EMULATOR_PORT}`,
);

export const SUPABASE_URL = env.SUPABASE_URL ?? `http://127.0.0.1:${EMULATOR_PORT}`;
export const SUPABASE_PUBLISHABLE_KEY = env.SUPABASE_PUBLISHABLE_KEY ?? LOCAL_PUBLISHABLE_KEY;
export const SUPABASE_SECRET_KEY = env.SUPABASE_SECRET_KEY ?? LOCAL_SECRET_KEY;
export const SITE_URL = env.SITE_URL ?? `http://localhost:${SITE_PORT}`;
/** The hub's one room (core's HUB_ROOM): the URL a client connects to as it is. */
export const HUB_URL = env.HUB_URL ?? `ws://localhost:${SITE_PORT}/parties/hub/${HUB_ROOM}`;

/** Local builds (npm start, the test stack) live here, apart from deploy builds in dist/. */
export const LOCAL_BUILD_DIR = path.join(ROOT, "dist-local");
/** The SPA part of the local build (its manifest feeds the size checks). */
export const LOCAL_CLIENT_DIR = path.join(LOCAL_BUILD_DIR, "client");

/** Demo accounts seeded by supabase/seed.sql. */
export const DEMO_PASSWORD = "demo-password";
export const DEMO_TOTP_SECRET = "JBSWY3DPEHPK3PXP";
export const DEMO_USERS = {
  admin: "admin@demo.test",
  staff: "staff@demo.test",
  staff2: "staff2@demo.test",
  mfa: "mfa@demo.test",
  visitor: "visitor@demo.test",
} as const;
