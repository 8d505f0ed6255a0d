/** Paths of the edge worker's SEO endpoints (the SPA calls them; worker/app.ts serves them). */
export const SITEMAP_INDEX_PATH = "/sitemap.xml";
export const FEED_PATH = "/feed";
/** The SPA's start-up call: cheap and debounced server-side; POST, no auth. */
export const SITEMAP_REGENERATE_ALL_PATH = "/api/sitemaps/regenerate-all";
/** Admin action: POST with `Authorization: Bearer <access token>`. */
export const SITEMAP_REGENERATE_PATH = "/api/sitemaps/regenerate";
/** GET: last regeneration time and URL counts, for the admin sitemaps screen. */
export const SITEMAP_STATUS_PATH = "/api/sitemaps/status";
