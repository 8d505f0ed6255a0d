/**
 * The configuration the edge worker injects into every HTML shell
 * (`<script type="application/json" id="site-config">`) and the SPA reads at start-up.
 */
import { HOST_KINDS, originOf, type HostConfig, type HostKind } from "./hosts.ts";

export type InjectedSiteConfig = Partial<SiteConfig>;

/** Where the SPA's supabase-js keeps the session (localStorage, shared by the origin's tabs). */
export const AUTH_STORAGE_KEY = "ghana-realty-auth";

const isString = (v: unknown): v is string => typeof v === "string";

function parseHosts(v: unknown): HostConfig | undefined {
  if (!v || typeof v !== "object") return undefined;
  const o = v as Record<string, unknown>;
  const names = ["main", "crm", "consult", "bookings", "request", "collab", "port"] as const;
  if (!names.every((k) => isString(o[k]))) return undefined;
  if (!Array.isArray(o.previewSuffixes) || !o.previewSuffixes.every(isString)) return undefined;
  if (o.protocol !== "http" && o.protocol !== "https") return undefined;
  return o as unknown as HostConfig;
}

/**
 * Validates the injected JSON field by field (hand-written rather than zod: this runs in the
 * entry chunk of every public page, and the check is tiny). Invalid fields are dropped and logged.
 */
export function parseInjectedSiteConfig(raw: unknown): InjectedSiteConfig {
  if (!raw || typeof raw !== "object") return {};
  const o = raw as Record<string, unknown>;
  const out: InjectedSiteConfig = {};
  const bad: string[] = [];
  if (o.supabaseUrl !== undefined) {
    if (isString(o.supabaseUrl) && /^https?:\/\//.test(o.supabaseUrl)) out.supabaseUrl = o.supabaseUrl;
    else bad.push("supabaseUrl");
  }
  if (o.supabasePublishableKey !== undefined) {
    if (isString(o.supabasePublishableKey) && o.supabasePublishableKey !== "")
      out.supabasePublishableKey = o.supabasePublishableKey;
    else bad.push("supabasePublishableKey");
  }
  if (o.hosts !== undefined) {
    const hosts = parseHosts(o.hosts);
    if (hosts) out.hosts = hosts;
    else bad.push("hosts");
  }
  if (o.hostKind !== undefined) {
    if ((HOST_KINDS as readonly unknown[]).includes(o.hostKind)) out.hostKind = o.hostKind as HostKind;
    else bad.push("hostKind");
  }
  if (o.siteUrl !== undefined) {
    if (isString(o.siteUrl)) out.siteUrl = o.siteUrl;
    else bad.push("siteUrl");
  }
  if (o.usdGhsRate !== undefined) {
    const r = o.usdGhsRate as Record<string, unknown> | null;
    if (r === null) out.usdGhsRate = null;
    else if (
      r &&
      typeof r === "object" &&
      typeof r.rate === "number" &&
      r.rate > 0 &&
      isString(r.asOf) &&
      /^\d{4}-\d{2}-\d{2}$/.test(r.asOf)
    )
      out.usdGhsRate = { rate: r.rate, asOf: r.asOf };
    else bad.push("usdGhsRate");
  }
  if (o.reacLicence !== undefined) {
    if (o.reacLicence === null || isString(o.reacLicence)) out.reacLicence = o.reacLicence;
    else bad.push("reacLicence");
  }
  if (bad.length) console.error("site-config: ignoring invalid fields", bad);
  return out;
}

export interface SiteConfig {
  supabaseUrl: string;
  supabasePublishableKey: string;
  hosts: HostConfig;
  hostKind: HostKind;
  siteUrl: string;
  reacLicence: string | null;
  /** The newest USD→GHS rate in effect (exchange_rates), read by the edge; null when unknown. */
  usdGhsRate: UsdGhsRate | null;
}

/** 1 USD = `rate` GHS, in effect from `asOf` (YYYY-MM-DD). */
export interface UsdGhsRate {
  rate: number;
  asOf: string;
}

/** The deployment's variables the site configuration comes from (wrangler vars). */
export interface SiteVars {
  SUPABASE_URL: string;
  SUPABASE_PUBLISHABLE_KEY: string;
  REAC_LICENCE?: string;
}

/** The configuration of a host of this deployment: what the edge injects and the build prerenders with. */
export function siteConfigFromVars(
  vars: SiteVars,
  hosts: HostConfig,
  hostKind: HostKind,
  usdGhsRate: UsdGhsRate | null = null,
): SiteConfig {
  return {
    supabaseUrl: vars.SUPABASE_URL.replace(/\/+$/, ""),
    supabasePublishableKey: vars.SUPABASE_PUBLISHABLE_KEY,
    hosts,
    hostKind,
    siteUrl: originOf("main", hosts),
    reacLicence: vars.REAC_LICENCE || null,
    usdGhsRate,
  };
}
