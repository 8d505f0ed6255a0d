/**
 * The edge worker's environment and the per-request facts derived from it (host table, host
 * kind, canonical origins, Supabase endpoints). Vars come from wrangler.toml; the secret key
 * from `wrangler secret` / `.dev.vars` (LOCAL_STACK=1 passes the local one through vite.config.ts).
 */
import { classifyHost, hostConfigFromVars, type HostConfig, type HostKind } from "#core/hosts.ts";
import { publicImageUrl } from "#core/images.ts";
import { siteConfigFromVars, type SiteConfig } from "#core/site-config.ts";

/**
 * Generated `Env` plus what may be absent at runtime (secrets, local-only vars) or differ per
 * environment (the e-mail provider: `outbox` locally, `resend` in production).
 */
export type EdgeEnv = Omit<
  Env,
  "SUPABASE_SECRET_KEY" | "SITE_PORT" | "EMAIL_PROVIDER" | "EMAIL_FROM" | "RESEND_API_KEY"
> & {
  SUPABASE_SECRET_KEY?: string;
  SITE_PORT?: string;
  EMAIL_PROVIDER?: string;
  EMAIL_FROM?: string;
  RESEND_API_KEY?: string;
  RESEND_MAX_PER_SECOND?: string;
  /** Online payments (worker/payments/): the Paystack secret key (a secret); its API's base URL (the local sandbox on a local stack). */
  PAYSTACK_SECRET_KEY?: string;
  PAYSTACK_BASE_URL?: string;
  /** Email marketing (worker/email-marketing.ts): the provider webhook's signing secret (whsec_…, a secret). */
  EMAIL_WEBHOOK_SECRET?: string;
  /** WhatsApp Business (worker/whatsapp/select-provider.ts): token and app secret are secrets; the local stack's sandbox URL. */
  WHATSAPP_ACCESS_TOKEN?: string;
  WHATSAPP_PHONE_NUMBER_ID?: string;
  WHATSAPP_APP_SECRET?: string;
  WHATSAPP_VERIFY_TOKEN?: string;
  WHATSAPP_BASE_URL?: string;
};

export interface EdgeContext {
  hosts: HostConfig;
  hostKind: HostKind;
  /** Host header (or the URL's host) of this request, lower-case, with port. */
  host: string;
  /** Canonical origin of the main public site, e.g. "https://ghanarealty.com". */
  mainOrigin: string;
  supabaseUrl: string;
  publishableKey: string;
  reacLicence: string | null;
}

/** Host table for this request. The port falls back to the request's own (plain `vite dev`). */
export function hostConfigFor(env: EdgeEnv, url: URL): HostConfig {
  return hostConfigFromVars({
    ...env,
    SITE_PORT: env.SITE_PORT ?? (env.SITE_PROTOCOL === "http" ? url.port : ""),
  });
}

export function edgeContext(env: EdgeEnv, req: Request): EdgeContext {
  const url = new URL(req.url);
  const host = (req.headers.get("host") ?? url.host).toLowerCase();
  const hosts = hostConfigFor(env, url);
  const config = siteConfigFromVars(env, hosts, classifyHost(host, hosts));
  return {
    hosts,
    hostKind: config.hostKind,
    host,
    mainOrigin: config.siteUrl,
    supabaseUrl: config.supabaseUrl,
    publishableKey: config.supabasePublishableKey,
    reacLicence: config.reacLicence,
  };
}

/** Absolute public URL of a listing photo or blog cover (served by this worker); absolute URLs pass through. */
export function storagePublicUrl(ctx: Pick<EdgeContext, "mainOrigin">, path: string): string {
  return publicImageUrl(path, ctx.mainOrigin);
}

/** The JSON the SPA reads from `<script type="application/json" id="site-config">`. */
export function siteConfigFor(ctx: EdgeContext, usdGhsRate: SiteConfig["usdGhsRate"] = null): SiteConfig {
  return {
    supabaseUrl: ctx.supabaseUrl,
    supabasePublishableKey: ctx.publishableKey,
    hosts: ctx.hosts,
    hostKind: ctx.hostKind,
    siteUrl: ctx.mainOrigin,
    reacLicence: ctx.reacLicence,
    usdGhsRate,
  };
}
