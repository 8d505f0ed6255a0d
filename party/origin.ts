/**
 * Origin allow-list for the WebSocket handshake. Browsers always send `Origin` on a WebSocket
 * upgrade, so a page on a foreign site cannot ride a signed-in user's cookies or tabs into the hub
 * (cross-site WebSocket hijacking). Non-browser clients (tests, the benchmark) send no Origin or
 * the site's own; they still have to authenticate with a valid token.
 */
export function parseAllowedHosts(value: string | undefined): string[] {
  return (value ?? "")
    .split(",")
    .map((h) => h.trim().toLowerCase())
    .filter((h) => h.length > 0);
}

/** True when `origin` (a full origin like "https://crm.example.com:8787") is allowed. */
export function isAllowedOrigin(origin: string | null, allowedHosts: readonly string[]): boolean {
  if (origin === null) return true;
  let hostname: string;
  try {
    const url = new URL(origin);
    if (url.protocol !== "http:" && url.protocol !== "https:") return false;
    hostname = url.hostname.toLowerCase();
  } catch {
    return false; // "null" (sandboxed iframes, file://) and garbage
  }
  return allowedHosts.some((allowed) =>
    allowed.startsWith("*.")
      ? hostname.endsWith(allowed.slice(1)) && hostname.length > allowed.length - 1
      : hostname === allowed,
  );
}
