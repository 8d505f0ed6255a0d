/**
 * The hub worker's bindings (party/wrangler.toml). Declared here rather than generated because
 * the shared worker-configuration.d.ts describes the edge worker's Env.
 */
export interface HubEnv extends Cloudflare.Env {
  /** The Durable Object namespace of the Hub class (PartyServer party "hub"). */
  Hub: DurableObjectNamespace;
  /** Comma-separated hostnames whose pages may open a socket; "*.example.com" allows subdomains. */
  ALLOWED_ORIGIN_HOSTS: string;
}
