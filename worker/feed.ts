/**
 * `/feed`: RSS 2.0 of the newest published posts (atom:link rel=self, stable guid = the post id,
 * pubDate, absolute links), generated from live data and cached at the edge.
 */
import { DEFAULT_DESCRIPTION, SITE_NAME } from "#core/seo/meta.ts";
import { buildRss } from "#core/seo/xml.ts";
import type { ContentSource } from "./content.ts";
import { cached } from "./edge-cache.ts";
import { storagePublicUrl, type EdgeContext } from "./env.ts";

export const FEED_ITEMS = 50;
export { FEED_PATH } from "#core/seo/endpoints.ts";
import { FEED_PATH } from "#core/seo/endpoints.ts";

export async function feedXml(ctx: EdgeContext, content: ContentSource): Promise<string> {
  return cached("feed", { memoryMs: 60_000, edgeSeconds: 1800 }, async () => {
    const posts = await content.latestPosts(FEED_ITEMS);
    return buildRss({
      title: `${SITE_NAME} blog`,
      link: `${ctx.mainOrigin}/blog`,
      selfUrl: `${ctx.mainOrigin}${FEED_PATH}`,
      description: `Guides and market news on property in Ghana. ${DEFAULT_DESCRIPTION}`,
      language: "en-GH",
      lastBuildDate: posts[0]?.updated_at ?? null,
      imageUrl: `${ctx.mainOrigin}/og-default.jpg`,
      items: posts.map((p) => {
        const cover = p.cover_image_url ? storagePublicUrl(ctx, p.cover_image_url) : null;
        return {
          title: p.title,
          link: `${ctx.mainOrigin}/blog/${p.slug}`,
          guid: `urn:uuid:${p.id}`,
          pubDate: p.published_at ?? p.updated_at,
          description: p.excerpt ?? p.seo_description,
          author: p.author_name ?? null,
          categories: p.tags ?? [],
          enclosure: cover && /\.jpe?g$/i.test(cover) ? { url: cover, type: "image/jpeg" } : null,
        };
      }),
    });
  });
}
