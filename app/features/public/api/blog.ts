/** Blog reads for the public site (RLS: published posts only). */
import * as v from "valibot";
import { publicDb } from "./public-db.ts";

export const postCardSchema = v.object({
  id: v.string(),
  slug: v.string(),
  title: v.string(),
  excerpt: v.nullable(v.string()),
  cover_image_url: v.nullable(v.string()),
  cover_image_alt: v.optional(v.nullable(v.string())),
  tags: v.pipe(
    v.nullable(v.array(v.string())),
    v.transform((t) => t ?? []),
  ),
  author_name: v.optional(v.nullable(v.string())),
  published_at: v.nullable(v.string()),
});
export type PostCard = v.InferOutput<typeof postCardSchema>;
export const postSchema = v.object({
  ...postCardSchema.entries,
  content: v.string(),
  updated_at: v.string(),
});
export type Post = v.InferOutput<typeof postSchema>;

const CARD = "id,slug,title,excerpt,cover_image_url,cover_image_alt,tags,author_name,published_at";
export const POSTS_PAGE_SIZE = 9;

export async function listPosts(opts: {
  tag?: string;
  page?: number;
  limit?: number;
}): Promise<{ rows: PostCard[]; count: number }> {
  const limit = opts.limit ?? POSTS_PAGE_SIZE;
  const from = ((opts.page ?? 1) - 1) * limit;
  let q = publicDb.from("blog_posts").select(CARD, { count: "exact" });
  if (opts.tag) q = q.contains("tags", [opts.tag]);
  const { data, error, count } = await q
    .order("published_at", { ascending: false })
    .order("id")
    .range(from, from + limit - 1);
  if (error) throw new Error(`Could not load posts: ${error.message}`);
  return { rows: v.parse(v.array(postCardSchema), data ?? []), count: count ?? 0 };
}

export async function allTags(): Promise<string[]> {
  const { data, error } = await publicDb.from("blog_posts").select("tags").limit(500);
  if (error) throw new Error(error.message);
  const tags = new Map<string, number>();
  for (const row of v.parse(v.array(v.object({ tags: v.nullable(v.array(v.string())) })), data ?? []))
    for (const t of row.tags ?? []) tags.set(t, (tags.get(t) ?? 0) + 1);
  return [...tags.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).map(([t]) => t);
}

export async function getPost(slug: string): Promise<Post | null> {
  const { data, error } = await publicDb
    .from("blog_posts")
    .select(`${CARD},content,updated_at`)
    .eq("slug", slug)
    .maybeSingle();
  if (error) throw new Error(`Could not load the post: ${error.message}`);
  return data ? v.parse(postSchema, data) : null;
}

export async function relatedPosts(post: PostCard, limit = 3): Promise<PostCard[]> {
  let q = publicDb.from("blog_posts").select(CARD).neq("id", post.id);
  if (post.tags.length) q = q.overlaps("tags", post.tags);
  const { data, error } = await q.order("published_at", { ascending: false }).limit(limit);
  if (error) throw new Error(error.message);
  return v.parse(v.array(postCardSchema), data ?? []);
}

export function readingMinutes(markdown: string): number {
  const words = markdown.trim().split(/\s+/).filter(Boolean).length;
  return Math.max(1, Math.round(words / 200));
}
