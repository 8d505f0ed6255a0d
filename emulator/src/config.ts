/** Emulator settings: environment first, then supabase/config.toml, then defaults. */
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parse } from "smol-toml";
import { PAYSTACK_SANDBOX_SECRET_KEY } from "#core/payments/online-payments.ts";
import {
  LOCAL_WHATSAPP_ACCESS_TOKEN,
  LOCAL_WHATSAPP_APP_SECRET,
  LOCAL_WHATSAPP_PHONE_NUMBER_ID,
  WHATSAPP_WEBHOOK_PATH,
} from "#core/whatsapp/whatsapp.ts";
import { DEFAULT_STATEMENT_TIMEOUTS, type StatementTimeouts } from "./db.ts";

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
export const SUPABASE_DIR = path.join(ROOT, "supabase");

export interface RateLimits {
  /** Per IP, per 5 minutes. */
  signInSignUps: number;
  tokenRefresh: number;
  tokenVerifications: number;
  emailSent: number;
}

export interface EmulatorConfig {
  host: string;
  port: number;
  /** Public base URL (what clients call), e.g. http://127.0.0.1:54321. */
  publicUrl: string;
  dataDir: string;
  /** A real PostgreSQL server to use instead of PGlite in the data folder (EMULATOR_DATABASE_URL). */
  databaseUrl: string | null;
  publishableKey: string;
  secretKey: string;
  jwtExpirySeconds: number;
  refreshTokenReuseIntervalSeconds: number;
  siteUrl: string;
  minimumPasswordLength: number;
  enableSignup: boolean;
  rateLimits: RateLimits;
  maxRows: number;
  seedPaths: string[];
  /** SQL files applied once after the migrations (test fixtures; never part of a db push). */
  fixturePaths: string[];
  maxBodyBytes: number;
  storageFileSizeLimit: number;
  /** The Paystack sandbox (emulator/src/paystack/): its secret key and where it posts webhooks. */
  paystackSandbox: { secretKey: string; webhookUrl: string };
  /** The WhatsApp Cloud API sandbox (emulator/src/whatsapp/): what the edge sends with, and where its webhooks go. */
  whatsappSandbox: { appSecret: string; accessToken: string; phoneNumberId: string; webhookUrl: string };
  /** PostgREST's per-request statement timeout per API role (ms). */
  statementTimeouts: StatementTimeouts;
}

// smol-toml's parse result: nested tables of unknown shape, narrowed where read.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Toml = Record<string, any>;

function readToml(): Toml {
  const file = path.join(SUPABASE_DIR, "config.toml");
  return fs.existsSync(file) ? (parse(fs.readFileSync(file, "utf8")) as Toml) : {};
}

function parseSize(v: unknown, fallback: number): number {
  if (typeof v === "number") return v;
  if (typeof v !== "string") return fallback;
  const m = /^(\d+)\s*(B|KB|KiB|MB|MiB|GB|GiB)?$/i.exec(v.trim());
  if (!m) return fallback;
  const unit = (m[2] ?? "B").toLowerCase();
  const mult: Record<string, number> = {
    b: 1,
    kb: 1e3,
    kib: 1024,
    mb: 1e6,
    mib: 1024 ** 2,
    gb: 1e9,
    gib: 1024 ** 3,
  };
  return Number(m[1]) * (mult[unit] ?? 1);
}

/** A second local stack runs the site on another port (SITE_PORT): mailed links follow it. */
function sitePort(url: string, port: string | undefined): string {
  if (!port) return url;
  const u = new URL(url);
  if (u.hostname !== "localhost" && !u.hostname.endsWith(".localhost")) return url;
  u.port = port;
  return u.toString().replace(/\/$/, "");
}

/** Hosted Supabase's role timeouts, or one value for all three (tests use a short one). */
function statementTimeouts(override: string | undefined): StatementTimeouts {
  const ms = Number(override);
  if (!override || !Number.isFinite(ms) || ms <= 0) return DEFAULT_STATEMENT_TIMEOUTS;
  return { anon: ms, authenticated: ms, service_role: ms };
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): EmulatorConfig {
  const toml = readToml();
  const auth: Toml = toml.auth ?? {};
  const rl: Toml = auth.rate_limit ?? {};
  const port = Number(env.EMULATOR_PORT ?? toml.api?.port ?? 54321);
  const host = env.EMULATOR_HOST ?? "127.0.0.1";
  return {
    host,
    port,
    publicUrl: env.EMULATOR_PUBLIC_URL ?? `http://127.0.0.1:${port}`,
    dataDir: path.resolve(ROOT, env.EMULATOR_DATA_DIR ?? `.data/emulator-${port}`),
    databaseUrl: env.EMULATOR_DATABASE_URL || null,
    publishableKey: env.SUPABASE_PUBLISHABLE_KEY ?? "sb_publishable_ghana_realty_local_dev_key_000",
    secretKey: env.SUPABASE_SECRET_KEY ?? "sb_secret_ghana_realty_local_dev_key_never_ship",
    jwtExpirySeconds: Number(env.JWT_EXPIRY ?? auth.jwt_expiry ?? 3600),
    refreshTokenReuseIntervalSeconds: Number(auth.refresh_token_reuse_interval ?? 10),
    siteUrl: env.SITE_URL ?? sitePort(String(auth.site_url ?? "http://localhost:8787"), env.SITE_PORT),
    minimumPasswordLength: Number(auth.minimum_password_length ?? 6),
    enableSignup: auth.enable_signup !== false,
    rateLimits: {
      signInSignUps: Number(rl.sign_in_sign_ups ?? 30),
      tokenRefresh: Number(rl.token_refresh ?? 150),
      tokenVerifications: Number(rl.token_verifications ?? 30),
      emailSent: Number(rl.email_sent ?? 2),
    },
    maxRows: Number(toml.api?.max_rows ?? 1000),
    seedPaths: (toml.db?.seed?.sql_paths as string[] | undefined) ?? ["./seed.sql"],
    fixturePaths: (env.EMULATOR_FIXTURES ?? "")
      .split(",")
      .map((s) => s.trim())
      .filter(Boolean)
      .map((p) => path.resolve(ROOT, p)),
    maxBodyBytes: Number(env.EMULATOR_MAX_BODY_BYTES ?? 1024 * 1024),
    storageFileSizeLimit: parseSize(toml.storage?.file_size_limit, 50 * 1024 * 1024),
    paystackSandbox: {
      secretKey: env.PAYSTACK_SANDBOX_SECRET_KEY ?? PAYSTACK_SANDBOX_SECRET_KEY,
      // The site of this stack (SITE_PORT); 127.0.0.1 rather than localhost (Node may try ::1 first).
      webhookUrl:
        env.PAYSTACK_SANDBOX_WEBHOOK_URL ??
        `http://127.0.0.1:${env.SITE_PORT ?? new URL(String(auth.site_url ?? "http://localhost:8787")).port}/api/payments/paystack/webhook`,
    },
    whatsappSandbox: {
      appSecret: env.WHATSAPP_SANDBOX_APP_SECRET ?? LOCAL_WHATSAPP_APP_SECRET,
      accessToken: LOCAL_WHATSAPP_ACCESS_TOKEN,
      phoneNumberId: LOCAL_WHATSAPP_PHONE_NUMBER_ID,
      webhookUrl:
        env.WHATSAPP_SANDBOX_WEBHOOK_URL ??
        `http://127.0.0.1:${env.SITE_PORT ?? new URL(String(auth.site_url ?? "http://localhost:8787")).port}${WHATSAPP_WEBHOOK_PATH}`,
    },
    statementTimeouts: statementTimeouts(env.EMULATOR_STATEMENT_TIMEOUT_MS),
  };
}
