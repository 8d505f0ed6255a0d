/** Small readers for HTML heads in tests (the worker emits a known, well-formed shape). */

function decode(s: string): string {
  return s
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");
}

export function title(html: string): string | null {
  const m = html.match(/<title>([^<]*)<\/title>/);
  return m ? decode(m[1]!) : null;
}

/** content of <meta property|name="key" content="…">, all occurrences. */
export function metaAll(html: string, key: string): string[] {
  const re = new RegExp(
    `<meta (?:property|name)="${key.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}" content="([^"]*)">`,
    "g",
  );
  return [...html.matchAll(re)].map((m) => decode(m[1]!));
}

export function meta(html: string, key: string): string | null {
  return metaAll(html, key)[0] ?? null;
}

export function canonical(html: string): string | null {
  const m = html.match(/<link rel="canonical" href="([^"]*)">/);
  return m ? decode(m[1]!) : null;
}

export function jsonLd(html: string): Record<string, unknown>[] {
  return [...html.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)].map(
    (m) => JSON.parse(m[1]!) as Record<string, unknown>,
  );
}

export function siteConfig(html: string): Record<string, unknown> | null {
  const m = html.match(/<script type="application\/json" id="site-config"[^>]*>([\s\S]*?)<\/script>/);
  return m ? (JSON.parse(m[1]!) as Record<string, unknown>) : null;
}

/** nonce attributes of every <script> tag. */
export function scriptNonces(html: string): (string | null)[] {
  return [...html.matchAll(/<script\b([^>]*)>/g)].map((m) => m[1]!.match(/\snonce="([^"]+)"/)?.[1] ?? null);
}
