/** The command palette's post search: title, slug, excerpt, byline or tags, through the user's RLS. */
import { z } from "zod";
import { BLOG_STATUSES } from "#core/content-model.ts";
import { POST_SEARCH_MIN_LENGTH } from "#core/blog/post-list.ts";
import { POST_STATUS_LABELS } from "#core/blog/post-workflow.ts";
import type { SearchProvider } from "#app/lib/modules/define-module.ts";
import { supabase } from "#app/lib/supabase.ts";

const hit = z.object({ id: z.string(), title: z.string(), slug: z.string(), status: z.enum(BLOG_STATUSES) });

export const postSearch: SearchProvider = {
  async search(query, signal) {
    const term = query.trim();
    if (term.length < POST_SEARCH_MIN_LENGTH) return [];
    const { data, error } = await supabase
      .rpc("search_blog_posts", { term })
      .select("id, title, slug, status")
      .order("updated_at", { ascending: false })
      .limit(8)
      .abortSignal(signal);
    if (error) throw error;
    return z
      .array(hit)
      .parse(data)
      .map((p) => ({
        id: p.id,
        title: p.title,
        subtitle: `${POST_STATUS_LABELS[p.status]} · /blog/${p.slug}`,
        href: `/admin/blog/edit/${p.id}`,
      }));
  },
};
