/**
 * At every app start the sitemaps are regenerated (docs/product.md#start-up-and-sharing). Fire-and-forget,
 * once per app start (public site and back-office alike); the worker debounces it, so it is cheap.
 */
import { SITEMAP_REGENERATE_ALL_PATH } from "#core/seo/endpoints.ts";

export function regenerateSitemapsOnStart(): void {
  if (typeof fetch === "undefined") return;
  void fetch(SITEMAP_REGENERATE_ALL_PATH, { method: "POST", keepalive: true }).catch((err: unknown) => {
    console.warn("sitemap regeneration request failed", err);
  });
}
