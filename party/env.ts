/**
 * The hub worker's bindings (party/wrangler.toml). Declared here rather than generated because
 * the shared worker-configuration.d.ts describes the edge worker's Env.
 */
export interface HubEnv extends Cloudflare.Env {
  /** The Durable Object namespace of the Hub class (PartyServer party "hub"). */
  Hub: DurableObjectNamespace;
  // SUPABASE_SECRET_KEY (in the generated Env): only to recognise the edge worker on the internal
  // publish route (party/internal-publish.ts); unset, that route answers 503. A secret in production.
  /** Comma-separated hostnames whose pages may open a socket; "*.example.com" allows subdomains. */
  ALLOWED_ORIGIN_HOSTS: string;
  /**
   * Milliseconds overriding HUB_RIGHTS_TTL_MS and HUB_RIGHTS_RECHECK_INTERVAL_MS (core/constants.ts).
   * Unset in wrangler.toml; the hub's workerd tests shorten them so re-checks happen within a test.
   */
  HUB_RIGHTS_TTL_MS?: string;
  HUB_RIGHTS_RECHECK_INTERVAL_MS?: string;
}
