/** Which pages the build prerenders, and which shell the edge serves for a request (see prerender.ts). */
import { PATTERN_PLACEHOLDER } from "./prerender.ts";
import { ROUTES, findRoute } from "./routes.ts";
import { SERVICE_SLUGS } from "./services.ts";

export interface PrerenderTarget {
  /** File name in PRERENDER_DIR (without .html). */
  key: string;
  /** The path rendered. */
  path: string;
  /** Set for pattern shells: the route pattern the shell serves. */
  pattern?: string;
}

/** Public routes that are not pages of the SPA's public layout on the main host. */
const NOT_PRERENDERED = new Set([
  "/share/property/:slug?",
  "/share/blog/:slug?",
  "/property-request-form",
  "/consultation",
]);

function keyOf(path: string): string {
  return path === "/"
    ? "index"
    : path
        .slice(1)
        .replace(/[/:]+/g, "--")
        .replace(/[^a-z0-9-]/gi, "_");
}

/** Every shell the build renders, derived from the route table. */
export function prerenderTargets(): PrerenderTarget[] {
  const out: PrerenderTarget[] = [];
  for (const r of ROUTES) {
    if (r.layout !== "public" || r.access !== "public" || NOT_PRERENDERED.has(r.path)) continue;
    if (r.path === "/services/:service") {
      for (const slug of SERVICE_SLUGS)
        out.push({ key: keyOf(`/services/${slug}`), path: `/services/${slug}` });
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
