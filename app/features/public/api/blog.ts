/** Blog reads for the public site (RLS: published posts only). */
import * as z from "zod/mini";
import { publicDb } from "./public-db.ts";

export const postCardSchema = z.object({
  id: z.string(),
  slug: z.string(),
  title: z.string(),
  excerpt: z.nullable(z.string()),
  cover_image_url: z.nullable(z.string()),
  cover_image_alt: z.optional(z.nullable(z.string())),
  tags: z.pipe(z.nullable(z.array(z.string())), z.transform((t) => t ?? [])),
  author_name: z.optional(z.nullable(z.string())),
  published_at: z.nullable(z.string()),
});
export type PostCard = z.infer<typeof postCardSchema>;
export const postSchema = z.extend(postCardSchema, { content: z.string(), updated_at: z.string() });
export type Post = z.infer<typeof postSchema>;

const CARD = "id,slug,title,excerpt,cover_image_url,cover_image_alt,tags,author_name,published_at";
export const POSTS_PAGE_SIZE = 9;

export async function listPosts(opts: { tag?: string; page?: number; limit?: number }): Promise<{ rows: PostCard[]; count: number }> {
  const limit = opts.limit ?? POSTS_PAGE_SIZE;
  const from = ((opts.page ?? 1) - 1) * limit;
  let q = publicDb.from("blog_posts").select(CARD, { count: "exact" });
  if (opts.tag) q = q.contains("tags", [opts.tag]);
  const { data, error, count } = await q.order("published_at", { ascending: false }).order("id").range(from, from + limit - 1);
  if (error) throw new Error(`Could not load posts: ${error.message}`);
  return { rows: z.array(postCardSchema).parse(data ?? []), count: count ?? 0 };
}

export async function allTags(): Promise<string[]> {
  const { data, error } = await publicDb.from("blog_posts").select("tags").limit(500);
  if (error) throw new Error(error.message);
  const tags = new Map<string, number>();
  for (const row of z.array(z.object({ tags: z.nullable(z.array(z.string())) })).parse(data ?? []))
    for (const t of row.tags ?? []) tags.set(t, (tags.get(t) ?? 0) + 1);
  return [...tags.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).map(([t]) => t);
}

export async function getPost(slug: string): Promise<Post | null> {
  const { data, error } = await publicDb.from("blog_posts").select(`${CARD},content,updated_at`).eq("slug", slug).maybeSingle();
  if (error) throw new Error(`Could not load the post: ${error.message}`);
  return data ? postSchema.parse(data) : null;
}

export async function relatedPosts(post: PostCard, limit = 3): Promise<PostCard[]> {
  let q = publicDb.from("blog_posts").select(CARD).neq("id", post.id);
  if (post.tags.length) q = q.overlaps("tags", post.tags);
  const { data, error } = await q.order("published_at", { ascending: false }).limit(limit);
  if (error) throw new Error(error.message);
  return z.array(postCardSchema).parse(data ?? []);
}

export function readingMinutes(markdown: string): number {
  const words = markdown.trim().split(/\s+/).filter(Boolean).length;
  return Math.max(1, Math.round(words / 200));
}
