/**
 * Which e-mail provider the worker uses, from its configuration:
 *
 * | variable               | kind   | meaning                                                                 |
 * | ---------------------- | ------ | ----------------------------------------------------------------------- |
 * | `EMAIL_PROVIDER`       | var    | `outbox` (local emulator; the default in wrangler.toml) or `resend`     |
 * | `EMAIL_FROM`           | var    | the sender, `Name <address@verified-domain>`                            |
 * | `RESEND_API_KEY`       | secret | Resend API key (`wrangler secret put RESEND_API_KEY`), for `resend`     |
 * | `RESEND_MAX_PER_SECOND`| var    | optional: Resend's rate limit for the team (default 2)                  |
 *
 * `outbox` also needs `SUPABASE_URL` (a loopback emulator: hosted Supabase has no outbox) and
 * `SUPABASE_SECRET_KEY`. A missing or contradictory setting is reported, never guessed: the
 * delivery job then leaves the queue untouched and says why in its figures and logs.
 */
import { senderSchema } from "#core/schemas/email.ts";
import { outboxProvider } from "./outbox-provider.ts";
import type { EmailProvider } from "./provider.ts";
import { resendProvider } from "./resend-provider.ts";

export const EMAIL_PROVIDERS = ["outbox", "resend"] as const;
export type EmailProviderName = (typeof EMAIL_PROVIDERS)[number];

/** The settings read here; all optional at the type level because any may be unset at runtime. */
export interface EmailConfig {
  EMAIL_PROVIDER?: string;
  EMAIL_FROM?: string;
  RESEND_API_KEY?: string;
  RESEND_MAX_PER_SECOND?: string;
  SUPABASE_URL?: string;
  SUPABASE_SECRET_KEY?: string;
}

export type ProviderSelection = { ok: true; provider: EmailProvider } | { ok: false; error: string };

function isLoopback(url: string): boolean {
  try {
    const host = new URL(url).hostname;
    return host === "localhost" || host === "127.0.0.1" || host === "[::1]" || host.endsWith(".localhost");
  } catch {
    return false;
  }
}

export function selectEmailProvider(config: EmailConfig, fetchImpl?: typeof fetch): ProviderSelection {
  const name = config.EMAIL_PROVIDER?.trim();
  if (!name) return { ok: false, error: `EMAIL_PROVIDER is not set (one of: ${EMAIL_PROVIDERS.join(", ")})` };
  if (!(EMAIL_PROVIDERS as readonly string[]).includes(name))
    return {
      ok: false,
      error: `EMAIL_PROVIDER "${name}" is unknown (one of: ${EMAIL_PROVIDERS.join(", ")})`,
    };
  const from = senderSchema.safeParse(config.EMAIL_FROM ?? "");
  if (!from.success)
    return {
      ok: false,
      error: `EMAIL_FROM is missing or invalid: ${from.error.issues[0]?.message ?? "bad sender"}`,
    };

  if (name === "outbox") {
    if (!config.SUPABASE_URL || !isLoopback(config.SUPABASE_URL))
      return {
        ok: false,
        error: `EMAIL_PROVIDER=outbox works only with the local emulator (SUPABASE_URL is ${config.SUPABASE_URL ?? "unset"}); set EMAIL_PROVIDER=resend in production`,
      };
    if (!config.SUPABASE_SECRET_KEY)
      return { ok: false, error: "EMAIL_PROVIDER=outbox needs SUPABASE_SECRET_KEY" };
    return {
      ok: true,
      provider: outboxProvider({
        supabaseUrl: config.SUPABASE_URL,
        secretKey: config.SUPABASE_SECRET_KEY,
        from: from.data,
        fetch: fetchImpl,
      }),
    };
  }

  if (!config.RESEND_API_KEY)
    return {
      ok: false,
      error: "EMAIL_PROVIDER=resend needs the RESEND_API_KEY secret (wrangler secret put RESEND_API_KEY)",
    };
  const rate = config.RESEND_MAX_PER_SECOND ? Number(config.RESEND_MAX_PER_SECOND) : undefined;
  if (rate !== undefined && !(Number.isInteger(rate) && rate >= 1 && rate <= 1000))
    return {
      ok: false,
      error: `RESEND_MAX_PER_SECOND must be a whole number from 1 to 1000 (got "${config.RESEND_MAX_PER_SECOND}")`,
    };
  return {
    ok: true,
    provider: resendProvider({
      apiKey: config.RESEND_API_KEY,
      from: from.data,
      maxPerSecond: rate,
      fetch: fetchImpl,
    }),
  };
}
