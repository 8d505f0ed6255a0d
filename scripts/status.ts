/**
 * `npm run status`: the local stack's settings as KEY=VALUE lines (like `supabase status -o env`),
 * ready for `eval` or a .env file; whether each part answers goes to stderr.
 */
import {
  EMULATOR_DATA_DIR,
  HUB_URL,
  SITE_URL,
  SUPABASE_PUBLISHABLE_KEY,
  SUPABASE_SECRET_KEY,
  SUPABASE_URL,
} from "./local-env.ts";
import { isUp, SITE_ORIGIN } from "./stack.ts";

const values: Record<string, string> = {
  SUPABASE_URL,
  SUPABASE_PUBLISHABLE_KEY,
  SUPABASE_SECRET_KEY,
  SITE_URL,
  HUB_URL,
  AUTH_URL: `${SUPABASE_URL}/auth/v1`,
  REST_URL: `${SUPABASE_URL}/rest/v1`,
  STORAGE_URL: `${SUPABASE_URL}/storage/v1`,
  JWKS_URL: `${SUPABASE_URL}/auth/v1/.well-known/jwks.json`,
  OUTBOX_URL: `${SUPABASE_URL}/_outbox`,
  EMULATOR_DATA_DIR,
};
for (const [k, v] of Object.entries(values)) console.log(`${k}="${v}"`);

const [emu, site] = await Promise.all([
  isUp(`${SUPABASE_URL}/auth/v1/health`),
  isUp(`${SITE_ORIGIN}/api/health`),
]);
console.error(
  `# emulator: ${emu ? "running" : "not running"} · site and hub: ${site ? "running" : "not running"}`,
);
