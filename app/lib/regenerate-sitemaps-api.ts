/**
 * After a listing or a post is published, unpublished or renamed, the public sitemaps and the
 * feed must say so (properties admin, blog admin, sitemaps admin): the
 * edge's POST /api/sitemaps/regenerate (same origin; the user's access token proves who asks)
 * rebuilds them at once. Best effort — the sitemaps also refresh on their own schedule — so a
 * failure is reported, not thrown.
 */
import { SITEMAP_REGENERATE_PATH } from "#core/seo/endpoints.ts";
import { edgeJson } from "#app/lib/edge-api.ts";

export async function regenerateSitemaps(): Promise<{ ok: true } | { ok: false; message: string }> {
  try {
    await edgeJson(SITEMAP_REGENERATE_PATH, {
      method: "POST",
      refusedMessage: "The site refused",
      parse: () => null,
    });
    return { ok: true };
  } catch (err) {
    return { ok: false, message: err instanceof Error ? err.message : String(err) };
  }
}
