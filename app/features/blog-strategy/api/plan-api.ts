/**
 * The only place the content calendar queries `content_plan_items` (RLS: module "blog"'s
 * record-level access). Starting a post from a topic creates the draft and links it in two
 * steps; the database keeps the topic's status in step with the post from then on.
 */
import { z } from "zod";
import { BLOG_STATUSES, slugify } from "#core/content-model.ts";
import {
  TOPIC_ROW_COLUMNS,
  topicRowSchema,
  type TopicFormOutput,
  type TopicRow,
} from "#core/blog/content-plan.ts";
import { updateUnlessStale } from "#core/records/update-unless-stale.ts";
import { supabase } from "#app/lib/supabase.ts";

const TABLE = "content_plan_items";

export async function listTopics(from: string, to: string, ownerId?: string): Promise<TopicRow[]> {
  let q = supabase.from(TABLE).select(TOPIC_ROW_COLUMNS).gte("planned_for", from).lte("planned_for", to);
  if (ownerId) q = q.eq("owner_id", ownerId);
  const { data, error } = await q.order("planned_for").order("created_at").limit(1000);
  if (error) throw error;
  return z.array(topicRowSchema).parse(data);
}

export async function createTopic(values: TopicFormOutput & { post_id?: string | null }): Promise<TopicRow> {
  const { data, error } = await supabase.from(TABLE).insert(values).select(TOPIC_ROW_COLUMNS).single();
  if (error) throw error;
  return topicRowSchema.parse(data);
}

export async function updateTopic(
  id: string,
  version: string,
  patch: Partial<TopicFormOutput> & { post_id?: string | null },
): Promise<TopicRow> {
  const row = await updateUnlessStale(
    supabase
      .from(TABLE)
      .update(patch)
      .eq("id", id)
      .eq("updated_at", version)
      .select(TOPIC_ROW_COLUMNS)
      .maybeSingle(),
    () => supabase.from(TABLE).select("updated_at").eq("id", id).maybeSingle(),
  );
  return topicRowSchema.parse(row);
}

export async function deleteTopic(id: string): Promise<void> {
  const { error } = await supabase.from(TABLE).delete().eq("id", id).select("id").single();
  if (error) throw error;
}

const postOption = z.object({ id: z.string(), title: z.string(), status: z.enum(BLOG_STATUSES) });
export type PostOption = z.output<typeof postOption>;

/** Posts a topic can be linked to (newest first). */
export async function postOptions(): Promise<PostOption[]> {
  const { data, error } = await supabase
    .from("blog_posts")
    .select("id, title, status")
    .order("updated_at", { ascending: false })
    .limit(300);
  if (error) throw error;
  return z.array(postOption).parse(data);
}

/** A draft post from the topic (its title; its keywords as tags), linked to it. Returns the post id. */
export async function startPost(topic: TopicRow, authorId: string, byline: string | null): Promise<string> {
  const base = slugify(topic.title) || "post";
  const { data, error } = await supabase
    .from("blog_posts")
    .insert({
      title: topic.title,
      slug: `${base}-${crypto.randomUUID().slice(0, 6)}`,
      tags: topic.keywords.slice(0, 10).map((k) => k.slice(0, 40)),
      status: "draft",
      author_id: authorId,
      author_name: byline,
    })
    .select("id")
    .single();
  if (error) throw error;
  const postId = z.object({ id: z.string() }).parse(data).id;
  await updateTopic(topic.id, topic.updated_at, { post_id: postId, status: "writing" });
  return postId;
}
