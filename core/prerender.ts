/**
 * Prerendered first views (the contract between the app's build and the edge).
 *
 * The build renders the public site's pages (main host) to HTML with the same React components
 * the SPA hydrates, and stores each as a complete shell under PRERENDER_DIR in the asset store.
 * The edge serves that shell instead of the empty one, so a visitor sees the page (and the
 * browser paints it) before any JavaScript has run. Pages whose content comes from the database
 * (a listing, a post, an invoice) get one shell per pattern: the layout and loading state, which
 * the SPA fills in after hydrating.
 *
 * This module holds the names both sides use and imports nothing (the SPA's entry reads it);
 * which pages get a shell is in prerender-targets.ts.
 */

/** Asset-store folder of the prerendered shells (reachable only through the ASSETS binding). */
export const PRERENDER_DIR = "/_prerendered";
/** Attribute on `#root` naming the shell the markup came from: the SPA hydrates instead of mounting. */
export const PRERENDER_ATTR = "data-prerendered";
/** Global the build sets to the page's site configuration before loading the app in Node. */
export const PRERENDER_CONFIG_GLOBAL = "__prerenderSiteConfig";
/**
 * A loading-state element the edge may fill: a listing's or post's main image, which it knows
 * from the data it reads for the page's meta tags. The SPA leaves the element's content alone
 * (dangerouslySetInnerHTML) and replaces the whole loading state once its own data arrives.
 */
export const EDGE_SLOT_ATTR = "data-edge-slot";
export const LCP_IMAGE_SLOT = "lcp-image";
/** Parameter value used when rendering a pattern shell (never a real slug or id). */
export const PATTERN_PLACEHOLDER = "_";
