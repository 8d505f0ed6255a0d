/**
 * Security headers. Every HTML response gets a nonce-based Content-Security-Policy (no
 * 'unsafe-inline'/'unsafe-eval' for scripts; the SPA build's scripts are same-origin modules),
 * frame-ancestors/object-src/base-uri locked down, HSTS, nosniff, a strict referrer policy and a
 * Permissions-Policy. Other worker responses (JSON, XML) get the same transport headers and a
 * `default-src 'none'` policy. Scored against MDN HTTP Observatory's rules in the tests.
 */
import type { EdgeContext } from "./env.ts";

/** 128-bit random nonce, base64. */
export function createNonce(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  let s = "";
  for (const b of bytes) s += String.fromCharCode(b);
  return btoa(s);
}

/** Map tiles the public site's property maps load. */
export const MAP_TILE_SOURCES = [
  "https://tile.openstreetmap.org",
  "https://*.tile.openstreetmap.org",
  "https://*.basemaps.cartocdn.com",
];
/** Embeds the public site may use (contact-page map). */
// blob: is the Files screen's PDF preview (its own copy of a PDF read through a short signed link).
export const FRAME_SOURCES = ["https://www.openstreetmap.org", "https://www.google.com", "blob:"];

function wsOrigin(httpOrigin: string): string {
  return httpOrigin.replace(/^http/, "ws");
}

/** The CSP of HTML pages. */
export function htmlCsp(
  ctx: Pick<EdgeContext, "supabaseUrl" | "hosts">,
  nonce: string,
  requestOrigin: string,
): string {
  const secure = ctx.hosts.protocol === "https";
  const supabase = ctx.supabaseUrl;
  const directives: [string, string[]][] = [
    ["default-src", ["'self'"]],
    ["script-src", ["'self'", `'nonce-${nonce}'`]],
    ["style-src", ["'self'", "'unsafe-inline'"]],
    ["img-src", ["'self'", "data:", "blob:", supabase, ...MAP_TILE_SOURCES]],
    ["font-src", ["'self'", "data:"]],
    // Supabase REST/Auth/Storage (+ its realtime websocket) and the hub under /parties on this origin.
    ["connect-src", ["'self'", supabase, wsOrigin(supabase), wsOrigin(requestOrigin)]],
    ["media-src", ["'self'", supabase]],
    ["frame-src", FRAME_SOURCES],
    ["worker-src", ["'self'", "blob:"]],
    ["manifest-src", ["'self'"]],
    ["form-action", ["'self'"]],
    ["frame-ancestors", ["'none'"]],
    ["object-src", ["'none'"]],
    ["base-uri", ["'none'"]],
  ];
  const parts = directives.map(([name, values]) => `${name} ${[...new Set(values)].join(" ")}`);
  if (secure) parts.push("upgrade-insecure-requests");
  return parts.join("; ");
}

/**
 * The back-office service worker's script (app/sw/): its policy governs the worker's own fetches,
 * which are same-origin only (the app shell and its built files).
 */
export const SERVICE_WORKER_CSP = "default-src 'none'; connect-src 'self'";

/** The CSP of non-HTML worker responses (JSON, XML, text): nothing may load. */
export const API_CSP = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

export const PERMISSIONS_POLICY =
  "accelerometer=(), autoplay=(), camera=(), display-capture=(), encrypted-media=(), fullscreen=(self), geolocation=(self), " +
  "gyroscope=(), magnetometer=(), microphone=(), midi=(), payment=(), picture-in-picture=(), publickey-credentials-get=(self), " +
  "screen-wake-lock=(), sync-xhr=(), usb=()";

/** Sets the headers on a (mutable) Headers object. `csp` null leaves any existing CSP alone. */
export function applySecurityHeaders(headers: Headers, csp: string | null): void {
  if (csp) headers.set("Content-Security-Policy", csp);
  headers.set("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
  headers.set("X-Content-Type-Options", "nosniff");
  headers.set("Referrer-Policy", "strict-origin-when-cross-origin");
  headers.set("Permissions-Policy", PERMISSIONS_POLICY);
  headers.set("X-Frame-Options", "DENY");
  headers.set("Cross-Origin-Opener-Policy", "same-origin");
  if (!headers.has("Cross-Origin-Resource-Policy"))
    headers.set("Cross-Origin-Resource-Policy", "same-origin");
}

export function isHtml(res: Response): boolean {
  return (res.headers.get("content-type") ?? "").toLowerCase().includes("text/html");
}

/** A copy of `res` whose headers can be changed (responses from fetch/ASSETS are immutable). */
export function mutable(res: Response): Response {
  return new Response(res.body, res);
}
