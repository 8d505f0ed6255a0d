/**
 * The SPA shell (the build's index.html from ASSETS) with edge-injected head: title, meta
 * description, canonical, Open Graph/Twitter, JSON-LD, the RSS alternate link and the site
 * config the SPA reads. Every <script> gets the response's CSP nonce.
 */
import {
  escapeHtml,
  jsonForScript,
  renderLcpImage,
  renderLcpPreload,
  renderMetaTags,
  type PageMeta,
} from "#core/seo/meta.ts";
import { EDGE_SLOT_ATTR, LCP_IMAGE_SLOT, PRERENDER_ATTR, PRERENDER_DIR } from "#core/prerender.ts";
import type { SiteConfig } from "#core/site-config.ts";

/** Head elements the edge owns: removed from the build's shell before ours are appended. */
const OWNED_SELECTORS = [
  'meta[name="description"]',
  'meta[name="robots"]',
  'meta[property^="og:"]',
  'meta[property^="article:"]',
  'meta[name^="twitter:"]',
  'link[rel="canonical"]',
  'link[rel="alternate"][type="application/rss+xml"]',
  'script[type="application/ld+json"]',
  "script#site-config",
];

export class ShellUnavailableError extends Error {
  override readonly name = "ShellUnavailableError";
}

/**
 * Shells are the same for every request of a deployment, so an isolate keeps them for a few
 * seconds (assets and worker deploy together; the short TTL only matters for `vite dev` edits).
 */
const SHELL_MEMORY_MS = 10_000;
const shellMemo = new Map<string, { html: string; until: number }>();

async function loadShell(assets: Fetcher, url: URL): Promise<string | null> {
  const res = await assets.fetch(new Request(url, { headers: { accept: "text/html" } }));
  if (!res.ok || !(res.headers.get("content-type") ?? "").includes("text/html")) return null;
  return res.text();
}

/**
 * The HTML shell for a page: the build's prerendered first view when `prerendered` names one
 * (core/prerender.ts), else the empty SPA shell (the build's "/" is its index.html). A missing
 * prerendered file (a `vite dev` session, an older build) falls back to the empty shell.
 */
export async function fetchShell(
  assets: Fetcher,
  requestUrl: string,
  prerendered?: string,
): Promise<Response> {
  const now = Date.now();
  const key = prerendered ?? "";
  let memo = shellMemo.get(key);
  if (!memo || memo.until <= now) {
    let html = prerendered
      ? await loadShell(assets, new URL(`${PRERENDER_DIR}/${prerendered}`, requestUrl))
      : null;
    // The asset store answers an unknown path with the empty shell (single-page-application mode).
    if (html !== null && !html.includes(PRERENDER_ATTR)) html = null;
    html ??= await loadShell(assets, new URL("/", requestUrl));
    if (html === null) throw new ShellUnavailableError("the SPA shell is unavailable from the asset store");
    memo = { html, until: now + SHELL_MEMORY_MS };
    shellMemo.set(key, memo);
  }
  return new Response(memo.html, { headers: { "content-type": "text/html; charset=utf-8" } });
}

export interface ShellOptions {
  meta: PageMeta;
  siteConfig: SiteConfig;
  nonce: string;
  feedUrl: string;
  status: number;
  headers?: Record<string, string>;
}

export function renderShell(shell: Response, opts: ShellOptions): Response {
  // Early in <head>, before the stylesheet and scripts: public pages read listings and photos
  // from Supabase, so open both connection kinds (CORS for REST reads, no-CORS for <img>), and
  // start the page's main image while its JavaScript is still on its way.
  const supabase = escapeHtml(opts.siteConfig.supabaseUrl);
  const earlyTags =
    `\n<link rel="preconnect" href="${supabase}" crossorigin>\n<link rel="preconnect" href="${supabase}">\n` +
    renderLcpPreload(opts.meta);
  const lcpImage = renderLcpImage(opts.meta);
  const headTags =
    renderMetaTags(opts.meta, { feedUrl: opts.feedUrl, nonce: opts.nonce }) +
    `\n<script type="application/json" id="site-config" nonce="${escapeHtml(opts.nonce)}">${jsonForScript(opts.siteConfig)}</script>\n`;
  let rewriter = new HTMLRewriter()
    .on("head > meta[charset]", {
      element(el) {
        el.after(earlyTags, { html: true });
      },
    })
    .on(`[${EDGE_SLOT_ATTR}="${LCP_IMAGE_SLOT}"]`, {
      element(el) {
        if (lcpImage) el.setInnerContent(lcpImage, { html: true });
      },
    })
    .on("head > title", {
      element(el) {
        el.setInnerContent(opts.meta.title);
      },
    })
    .on("script", {
      element(el) {
        el.setAttribute("nonce", opts.nonce);
      },
    })
    .on("head", {
      element(el) {
        el.append(headTags, { html: true });
      },
    });
  for (const selector of OWNED_SELECTORS)
    rewriter = rewriter.on(selector, {
      element(el) {
        el.remove();
      },
    });
  const transformed = rewriter.transform(shell);
  const headers = new Headers({
    "content-type": "text/html; charset=utf-8",
    // The nonce is per response: shared caches must not reuse it.
    "cache-control": "private, no-cache",
    ...opts.headers,
  });
  return new Response(transformed.body, { status: opts.status, headers });
}
