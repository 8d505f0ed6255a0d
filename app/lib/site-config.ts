/**
 * The SPA's runtime configuration. The edge worker injects it into every HTML shell as
 * `<script type="application/json" id="site-config">`; without it (plain `vite dev`, tests of
 * the bundle) we fall back to `import.meta.env.VITE_*` and then to the local stack's defaults.
 */
import { classifyHost, LOCAL_HOST_CONFIG } from "#core/hosts.ts";
import { PRERENDER_CONFIG_GLOBAL } from "#core/prerender.ts";
import {
  AUTH_STORAGE_KEY,
  parseInjectedSiteConfig,
  type InjectedSiteConfig,
  type SiteConfig,
} from "#core/site-config.ts";

export type { SiteConfig };
export { AUTH_STORAGE_KEY };

/** Local dev values (like the Supabase CLI's local keys): never a secret. */
const LOCAL_SUPABASE_URL = "http://127.0.0.1:54321";
const LOCAL_PUBLISHABLE_KEY = "sb_publishable_ghana_realty_local_dev_key_000";

function readInjected(): InjectedSiteConfig {
  // In Node, the build's prerender step (scripts/prerender.ts) provides the configuration.
  if (typeof document === "undefined")
    return ((globalThis as Record<string, unknown>)[PRERENDER_CONFIG_GLOBAL] as SiteConfig | undefined) ?? {};
  const el = document.getElementById("site-config");
  if (!el?.textContent) return {};
  try {
    return parseInjectedSiteConfig(JSON.parse(el.textContent));
  } catch (err) {
    console.error("site-config: unreadable injected configuration", err);
    return {};
  }
}

function envString(value: unknown): string | undefined {
  return typeof value === "string" && value !== "" ? value : undefined;
}

function load(): SiteConfig {
  const injected = readInjected();
  const env = import.meta.env;
  // Without injected hosts (vite dev), the local table on whatever port this dev server uses.
  const hosts = injected.hosts ?? {
    ...LOCAL_HOST_CONFIG,
    port: typeof location === "undefined" ? LOCAL_HOST_CONFIG.port : location.port || LOCAL_HOST_CONFIG.port,
  };
  const host = typeof location === "undefined" ? hosts.main : location.host;
  return {
    supabaseUrl: injected.supabaseUrl ?? envString(env.VITE_SUPABASE_URL) ?? LOCAL_SUPABASE_URL,
    supabasePublishableKey:
      injected.supabasePublishableKey ??
      envString(env.VITE_SUPABASE_PUBLISHABLE_KEY) ??
      LOCAL_PUBLISHABLE_KEY,
    hosts,
    hostKind: injected.hostKind ?? classifyHost(host, hosts),
    siteUrl:
      injected.siteUrl ??
      envString(env.VITE_SITE_URL) ??
      (typeof location === "undefined" ? "" : location.origin),
    reacLicence: injected.reacLicence ?? envString(env.VITE_REAC_LICENCE) ?? null,
    usdGhsRate: injected.usdGhsRate ?? null,
  };
}

/** Read once at start-up: the shell's script tag does not change during a page's life. */
export const siteConfig: SiteConfig = load();

/** Is a session stored (or can we not tell)? Read without loading supabase-js. */
export function hasStoredSession(): boolean {
  try {
    return localStorage.getItem(AUTH_STORAGE_KEY) !== null;
  } catch {
    return true;
  }
}
