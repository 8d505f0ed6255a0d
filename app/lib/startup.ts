/**
 * Spec §4/§7: "At every app start, a sitemap regeneration function is invoked." Fire-and-forget,
 * once per app start (public site and back-office alike); the worker debounces it, so it is cheap.
 */
import { SITEMAP_REGENERATE_ALL_PATH } from "#core/seo/endpoints.ts";

export function regenerateSitemapsOnStart(): void {
  if (typeof fetch === "undefined") return;
  void fetch(SITEMAP_REGENERATE_ALL_PATH, { method: "POST", keepalive: true }).catch((err: unknown) => {
    console.warn("sitemap regeneration request failed", err);
  });
}
