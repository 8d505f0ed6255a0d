/**
 * The only place the blog admin queries `blog_posts` and its side tables (the public site has its
 * own published-only reads). Rows are parsed with core's schemas; RLS decides what comes back
 * (record-level access of module "blog"); the workflow trigger refuses illegal status moves and
 * schedules in the past; a renamed post's old slug is kept by the database as a redirect.
 */
import { z } from "zod";
import type { BlogStatus } from "#core/content-model.ts";
import { RecordError } from "#core/records/db-errors.ts";
import { fileProblem } from "#core/records/file-rules.ts";
import type { RowsPage } from "#core/records/fetch-all-pages.ts";
import { rowRange } from "#core/records/list-query.ts";
import { updateUnlessStale } from "#core/records/update-unless-stale.ts";
import { type PostListQuery } from "#core/blog/post-list.ts";
import { BLOG_IMAGE_RULES, blogCoverPath, blogInlineImagePath } from "#core/blog/post-media.ts";
import {
  POST_LIST_COLUMNS,
  POST_ROW_COLUMNS,
  postListRowSchema,
  postRowSchema,
  type PostFormOutput,
  type PostListRow,
  type PostRow,
} from "#core/blog/post-schema.ts";
import { PROPERTY_IMAGES_BUCKET } from "#core/content-model.ts";
import { uploadWithProgress, type UploadProgress } from "#app/lib/storage-upload-api.ts";
import { supabase } from "#app/lib/supabase.ts";
import { listSearchTerm } from "#core/search/search-term.ts";

const TABLE = "blog_posts";

export async function listPosts(
  query: PostListQuery,
  range = rowRange(query),
): Promise<RowsPage<PostListRow>> {
  const term = listSearchTerm(query.search);
  let req = term
    ? supabase.rpc("search_blog_posts", { term }, { count: "exact" }).select(POST_LIST_COLUMNS)
    : supabase.from(TABLE).select(POST_LIST_COLUMNS, { count: "exact" });
  const f = query.filters;
  if (f.status?.length) req = req.in("status", f.status);
  if (f.tag) req = req.contains("tags", [f.tag]);
  if (f.author) req = req.eq("author_id", f.author);
  if (query.sort)
    req = req.order(query.sort.column, { ascending: query.sort.direction === "asc", nullsFirst: false });
  req = req.order("id", { ascending: true }).range(range.from, range.to);
  const { data, error, count } = await req;
  if (error) throw error;
  return { rows: z.array(postListRowSchema).parse(data), total: count ?? null };
}

export async function getPost(id: string): Promise<PostRow> {
  const { data, error } = await supabase.from(TABLE).select(POST_ROW_COLUMNS).eq("id", id).single();
  if (error) throw error;
  return postRowSchema.parse(data);
}

export async function createPost(values: PostFormOutput): Promise<PostRow> {
  const { data: session } = await supabase.auth.getSession();
  const { data, error } = await supabase
    .from(TABLE)
    .insert({ ...values, status: "draft", author_id: session.session?.user.id })
    .select(POST_ROW_COLUMNS)
    .single();
  if (error) throw error;
  return postRowSchema.parse(data);
}

type PostPatch = Partial<PostFormOutput> & { status?: BlogStatus; published_at?: string | null };

/** Saves a change only if nobody saved the post since `version` (its updated_at when loaded). */
export async function updatePost(id: string, version: string, patch: PostPatch): Promise<PostRow> {
  const row = await updateUnlessStale(
    supabase
      .from(TABLE)
      .update(patch)
      .eq("id", id)
      .eq("updated_at", version)
      .select(POST_ROW_COLUMNS)
      .maybeSingle(),
    () => supabase.from(TABLE).select("updated_at").eq("id", id).maybeSingle(),
  );
  return postRowSchema.parse(row);
}

export async function deletePost(id: string): Promise<void> {
  const { error } = await supabase.from(TABLE).delete().eq("id", id).select("id").single();
  if (error) throw error;
}

/** Tags in use (for the filter and the editor's suggestions), most used first. */
export async function tagsInUse(): Promise<string[]> {
  const { data, error } = await supabase.from(TABLE).select("tags").limit(1000);
  if (error) throw error;
  const counts = new Map<string, number>();
  for (const row of z.array(z.object({ tags: z.array(z.string()) })).parse(data))
    for (const t of row.tags) counts.set(t, (counts.get(t) ?? 0) + 1);
  return [...counts.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).map(([t]) => t);
}

// ── Who else is editing ──────────────────────────────────────────────────────────────────────

const editorsSchema = z.array(z.object({ user_id: z.string(), seen_at: z.string() }));

/** Marks the user as editing the post (a heartbeat) and returns who else has it open. */
export async function touchEditing(postId: string): Promise<Array<{ user_id: string; seen_at: string }>> {
  const { data, error } = await supabase.rpc("touch_post_editing", { post: postId });
  if (error) throw error;
  return editorsSchema.parse(data);
}

export async function leaveEditing(postId: string, userId: string): Promise<void> {
  await supabase.from("blog_post_editors").delete().eq("post_id", postId).eq("user_id", userId);
}

// ── Images ───────────────────────────────────────────────────────────────────────────────────

/** Signed preview URLs last an hour. */
export const PREVIEW_URL_SECONDS = 3600;

export async function signedImageUrls(paths: readonly string[]): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  if (!paths.length) return out;
  const { data, error } = await supabase.storage
    .from(PROPERTY_IMAGES_BUCKET)
    .createSignedUrls([...paths], PREVIEW_URL_SECONDS);
  if (error) throw error;
  for (const s of data) if (s.signedUrl && s.path) out.set(s.path, s.signedUrl);
  return out;
}

export async function imageSize(file: Blob): Promise<{ width: number; height: number } | null> {
  try {
    const bitmap = await createImageBitmap(file);
    const size = { width: bitmap.width, height: bitmap.height };
    bitmap.close();
    return size;
  } catch {
    return null;
  }
}

function refuseBadImage(file: File, field: string): void {
  const problem = fileProblem(file, BLOG_IMAGE_RULES);
  if (problem) throw new RecordError(problem, "UPLOAD_REFUSED", field);
}

/** Uploads a cover; the caller saves its path in the post (the form's cover field). */
export async function uploadCover(
  file: File,
  onProgress?: (p: UploadProgress) => void,
): Promise<{ path: string; width: number | null; height: number | null }> {
  refuseBadImage(file, "cover_image_url");
  const size = await imageSize(file);
  const path = blogCoverPath(crypto.randomUUID(), file.type);
  await uploadWithProgress({ bucket: PROPERTY_IMAGES_BUCKET, path, file, onProgress });
  return { path, width: size?.width ?? null, height: size?.height ?? null };
}

/** Uploads an image into the post's text: the file, then its row (the file goes again if the row is refused). */
export async function uploadInlineImage(
  postId: string,
  file: File,
  alt: string,
  onProgress?: (p: UploadProgress) => void,
): Promise<string> {
  refuseBadImage(file, "content");
  const size = await imageSize(file);
  const path = blogInlineImagePath(postId, crypto.randomUUID(), file.type);
  await uploadWithProgress({ bucket: PROPERTY_IMAGES_BUCKET, path, file, onProgress });
  const { error } = await supabase.from("blog_post_images").insert({
    storage_path: path,
    post_id: postId,
    alt_text: alt || null,
    width: size?.width ?? null,
    height: size?.height ?? null,
  });
  if (error) {
    const removed = await supabase.storage.from(PROPERTY_IMAGES_BUCKET).remove([path]);
    if (removed.error) console.error(`blog: could not remove ${path} after a refused row`, removed.error);
    throw error;
  }
  return path;
}
