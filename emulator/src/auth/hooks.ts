/**
 * GoTrue's auth hooks of the Postgres-function kind (internal/hooks/hookspgfunc), configured as
 * the Supabase CLI does in supabase/config.toml:
 *     [auth.hook.mfa_verification_attempt]
 *     enabled = true
 *     uri = "pg-functions://postgres/<schema>/<function>"
 * The function is called with the hook's JSON input in a transaction of its own, as GoTrue's
 * database user (`supabase_auth_admin`, so the grants a hosted project needs are needed here
 * too), and its JSON output decides: `{ "error": { "http_code", "message" } }` becomes that HTTP
 * error (GoTrue's hookserrors.Check); hook-specific fields (e.g. `decision`) are read by callers.
 */
import fs from "node:fs";
import path from "node:path";
import { parse } from "smol-toml";
import { SUPABASE_DIR } from "../config.ts";
import type { EmulatorContext } from "../context.ts";
import { AuthError } from "./errors.ts";

export type HookName = "mfa_verification_attempt" | "before_user_created";

interface PgFunction {
  schema: string;
  fn: string;
}

let cached: Partial<Record<HookName, PgFunction>> | null = null;

/** Enabled pg-functions hooks from config.toml (read once). */
function configuredHooks(): Partial<Record<HookName, PgFunction>> {
  if (cached) return cached;
  cached = {};
  try {
    const toml = parse(fs.readFileSync(path.join(SUPABASE_DIR, "config.toml"), "utf8")) as {
      auth?: { hook?: Record<string, { enabled?: boolean; uri?: string }> };
    };
    for (const [name, h] of Object.entries(toml.auth?.hook ?? {})) {
      const m = /^pg-functions:\/\/[^/]+\/([a-z_][a-z0-9_]*)\/([a-z_][a-z0-9_]*)$/.exec(h.uri ?? "");
      if (h.enabled && m) cached[name as HookName] = { schema: m[1]!, fn: m[2]! };
    }
  } catch {
    /* no config: no hooks */
  }
  return cached;
}

export function hookEnabled(name: HookName): boolean {
  return configuredHooks()[name] !== undefined;
}

/** GoTrue's hook metadata: a request id, the time and the caller's address. */
export function hookMetadata(name: HookName, ip: string): Record<string, unknown> {
  return { uuid: crypto.randomUUID(), time: new Date().toISOString(), name, ip_address: ip };
}

/**
 * Runs a configured hook and returns its output (null when the hook is not enabled). Throws the
 * hook's own error as GoTrue does (`unknown` error code, the hook's status or 500), or a 500 when
 * the function fails.
 */
export async function runHook(
  ctx: EmulatorContext,
  name: HookName,
  input: Record<string, unknown>,
): Promise<Record<string, unknown> | null> {
  const hook = configuredHooks()[name];
  if (!hook) return null;
  let output: unknown;
  try {
    output = await ctx.db.admin(async (tx) => {
      await tx.query("select set_config('role', 'supabase_auth_admin', true)");
      const r = await tx.query<{ out: unknown }>(`select "${hook.schema}"."${hook.fn}"($1::jsonb) as out`, [
        JSON.stringify(input),
      ]);
      return r.rows[0]?.out ?? null;
    });
  } catch (e) {
    console.error(`[emulator/auth] hook ${name} (${hook.schema}.${hook.fn}) failed:`, e);
    throw new AuthError(
      500,
      "unexpected_failure",
      `Error running hook URI: pg-functions://postgres/${hook.schema}/${hook.fn}`,
    );
  }
  const out = (output && typeof output === "object" ? output : {}) as Record<string, unknown>;
  const err = out.error as { http_code?: unknown; message?: unknown } | undefined;
  if (err && typeof err.message === "string" && err.message) {
    const status =
      typeof err.http_code === "number" && err.http_code >= 400 && err.http_code < 600 ? err.http_code : 500;
    throw new AuthError(status, "unknown", err.message);
  }
  return out;
}
