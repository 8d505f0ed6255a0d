/**
 * The SPA shell (the build's index.html from ASSETS) with edge-injected head: title, meta
 * description, canonical, Open Graph/Twitter, JSON-LD, the RSS alternate link and the site
 * config the SPA reads. Every <script> gets the response's CSP nonce.
 */
import { escapeHtml, jsonForScript, renderMetaTags, type PageMeta } from "../core/seo/meta.ts";
import type { SiteConfig } from "../core/site-config.ts";

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
 * The shell is the same for every page of a deployment, so an isolate keeps it for a few seconds
 * (assets and worker deploy together; the short TTL only matters for `vite dev` edits).
 */
const SHELL_MEMORY_MS = 10_000;
let shellMemo: { html: string; until: number } | null = null;

/** Fetches the shell from the asset store (the build's "/" is its index.html). */
export async function fetchShell(assets: Fetcher, requestUrl: string): Promise<Response> {
  const now = Date.now();
  if (!shellMemo || shellMemo.until <= now) {
    const res = await assets.fetch(new Request(new URL("/", requestUrl), { headers: { accept: "text/html" } }));
    if (!res.ok || !(res.headers.get("content-type") ?? "").includes("text/html")) {
      throw new ShellUnavailableError(`the SPA shell is unavailable (ASSETS answered ${res.status})`);
    }
    shellMemo = { html: await res.text(), until: now + SHELL_MEMORY_MS };
  }
  return new Response(shellMemo.html, { headers: { "content-type": "text/html; charset=utf-8" } });
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
  const headTags =
    renderMetaTags(opts.meta, { feedUrl: opts.feedUrl, nonce: opts.nonce }) +
    `\n<script type="application/json" id="site-config" nonce="${escapeHtml(opts.nonce)}">${jsonForScript(opts.siteConfig)}</script>\n`;
  let rewriter = new HTMLRewriter()
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
