/**
 * Prerendered first views (the contract between the app's build and the edge).
 *
 * The build renders the public site's pages (main host) to HTML with the same React components
 * the SPA hydrates, and stores each as a complete shell under PRERENDER_DIR in the asset store.
 * The edge serves that shell instead of the empty one, so a visitor sees the page (and the
 * browser paints it) before any JavaScript has run. Pages whose content comes from the database
 * (a listing, a post, an invoice) get one shell per pattern: the layout and loading state, which
 * the SPA fills in after hydrating.
 */
import { ROUTES, findRoute } from "./routes.ts";
import { SERVICE_SLUGS } from "./services.ts";

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

export interface PrerenderTarget {
  /** File name in PRERENDER_DIR (without .html). */
  key: string;
  /** The path rendered. */
  path: string;
  /** Set for pattern shells: the route pattern the shell serves. */
  pattern?: string;
}

/** Public routes that are not pages of the SPA's public layout on the main host. */
const NOT_PRERENDERED = new Set(["/share/property/:slug?", "/share/blog/:slug?", "/property-request-form", "/consultation"]);

function keyOf(path: string): string {
  return path === "/" ? "index" : path.slice(1).replace(/[/:]+/g, "--").replace(/[^a-z0-9-]/gi, "_");
}

/** Every shell the build renders, derived from the route table. */
export function prerenderTargets(): PrerenderTarget[] {
  const out: PrerenderTarget[] = [];
  for (const r of ROUTES) {
    if (r.layout !== "public" || r.access !== "public" || NOT_PRERENDERED.has(r.path)) continue;
    if (r.path === "/services/:service") {
      for (const slug of SERVICE_SLUGS) out.push({ key: keyOf(`/services/${slug}`), path: `/services/${slug}` });
    } else if (r.path.includes(":")) {
      const path = r.path.replace(/:[^/]+/g, PATTERN_PLACEHOLDER);
      out.push({ key: keyOf(r.path), path, pattern: r.path });
    } else {
      out.push({ key: keyOf(r.path), path: r.path });
    }
  }
  return out;
}

let index: { byPath: Map<string, PrerenderTarget>; byPattern: Map<string, PrerenderTarget> } | null = null;
function targetIndex() {
  if (!index) {
    const targets = prerenderTargets();
    index = {
      byPath: new Map(targets.filter((t) => !t.pattern).map((t) => [t.path, t])),
      byPattern: new Map(targets.filter((t) => t.pattern).map((t) => [t.pattern!, t])),
    };
  }
  return index;
}

/** Query parameters that never change what a page renders (campaign and click ids). */
const TRACKING_PARAM = /^(utm_[a-z]+|fbclid|gclid|msclkid|mc_cid|mc_eid)$/i;

/**
 * The shell for a main-host page request, or null for the empty shell. A query string other
 * than tracking parameters selects the empty shell: filters and pages (`/properties?city=…`,
 * `/blog?tag=…`) change the first render, which a shell rendered without them would not match.
 */
export function prerenderedShellFor(pathname: string, search = ""): PrerenderTarget | null {
  for (const name of new URLSearchParams(search).keys()) if (!TRACKING_PARAM.test(name)) return null;
  const { byPath, byPattern } = targetIndex();
  const exact = byPath.get(pathname);
  if (exact) return exact;
  const match = findRoute(pathname);
  return match ? (byPattern.get(match.route.path) ?? null) : null;
}
