/**
 * After a listing or a post is published, unpublished or renamed, the public sitemaps and the
 * feed must say so (properties admin, blog admin, sitemaps admin): the
 * edge's POST /api/sitemaps/regenerate (same origin; the user's access token proves who asks)
 * rebuilds them at once. Best effort — the sitemaps also refresh on their own schedule — so a
 * failure is reported, not thrown.
 */
import { z } from "zod";
import { SITEMAP_REGENERATE_PATH } from "#core/seo/endpoints.ts";
import { supabase } from "#app/lib/supabase.ts";

const answer = z
  .object({ regenerated: z.boolean(), sitemap: z.string().optional() })
  .or(z.object({ error: z.string(), message: z.string() }));

export async function regenerateSitemaps(): Promise<{ ok: true } | { ok: false; message: string }> {
  try {
    const { data } = await supabase.auth.getSession();
    const res = await fetch(SITEMAP_REGENERATE_PATH, {
      method: "POST",
      headers: { authorization: `Bearer ${data.session?.access_token ?? ""}` },
    });
    const body = answer.safeParse(await res.json().catch(() => null));
    if (res.ok) return { ok: true };
    return {
      ok: false,
      message: body.success && "message" in body.data ? body.data.message : `The site answered ${res.status}`,
    };
  } catch (err) {
    return { ok: false, message: err instanceof Error ? err.message : String(err) };
  }
}
