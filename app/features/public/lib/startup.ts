/**
 * Spec §4/§7: "At every app start, a sitemap regeneration function is invoked."
 * Fire-and-forget, once per page load; the worker debounces it, so this stays cheap.
 */
export const SITEMAP_REGENERATE_PATH = "/api/sitemaps/regenerate-all";

let started = false;

export function regenerateSitemapsOnStart(): void {
  if (started || typeof fetch === "undefined") return;
  started = true;
  void fetch(SITEMAP_REGENERATE_PATH, { method: "POST", keepalive: true }).catch((err: unknown) => {
    console.warn("sitemap regeneration request failed", err);
  });
}
