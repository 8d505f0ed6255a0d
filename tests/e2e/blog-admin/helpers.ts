/**
 * Shared steps of the blog admin end-to-end files (each file creates its own users and posts, so
 * the files run side by side). Signing in, toasts and real image files come from the properties
 * admin's helpers; here: a post's row read with the secret key, a kick of the background jobs
 * (what the SPA does after an action), and polling until something is true.
 */
import { JOBS_KICK_PATH } from "#core/jobs.ts";
import { SITE } from "#tests/support/browser.ts";
import { signedInClient, type TestUser } from "#tests/support/supabase.ts";
import { service } from "../properties-admin/helpers.ts";

export { waitUntil } from "#tests/support/wait.ts";
export { clearToasts, photoFile, service, toast } from "../properties-admin/helpers.ts";

export interface StoredPost {
  id: string;
  slug: string;
  status: string;
  published_at: string | null;
  title: string;
  content: string;
  cover_image_url: string | null;
  cover_image_alt: string | null;
  seo_title: string | null;
  tags: string[];
}

export async function postRow(id: string): Promise<StoredPost> {
  const { data, error } = await service
    .from("blog_posts")
    .select(
      "id, slug, status, published_at, title, content, cover_image_url, cover_image_alt, seo_title, tags",
    )
    .eq("id", id)
    .single();
  if (error) throw new Error(error.message);
  return data as StoredPost;
}

/** The id of the post the editor shows (from /admin/blog/edit/<id>). */
export function postIdFromUrl(url: string): string {
  const m = /\/admin\/blog\/edit\/([0-9a-f-]{36})/.exec(url);
  if (!m) throw new Error(`not an editor URL: ${url}`);
  return m[1]!;
}

/** Runs the edge's background jobs now, as the SPA does after an action. */
export async function kickJobs(user: TestUser): Promise<void> {
  const client = await signedInClient(user.email, user.password);
  const token = (await client.auth.getSession()).data.session!.access_token;
  const res = await fetch(`${SITE}${JOBS_KICK_PATH}`, {
    method: "POST",
    headers: {
      authorization: `Bearer ${token}`,
      "cf-connecting-ip": `198.51.100.${Math.floor(Math.random() * 250)}`,
    },
  });
  if (res.status !== 202) throw new Error(`kick refused: ${res.status} ${await res.text()}`);
}

export async function removePosts(ids: string[]): Promise<void> {
  for (const id of ids) {
    const images = await service.from("blog_post_images").select("storage_path").eq("post_id", id);
    const paths = (images.data ?? []).map((r: { storage_path: string }) => r.storage_path);
    const row = await service.from("blog_posts").select("cover_image_url").eq("id", id).maybeSingle();
    const cover = (row.data as { cover_image_url: string | null } | null)?.cover_image_url;
    if (cover && !/^https?:/.test(cover)) paths.push(cover);
    if (paths.length) await service.storage.from("property-images").remove(paths);
    await service.from("blog_posts").delete().eq("id", id);
  }
}
