/**
 * Job `publish-scheduled-posts`: scheduled blog posts whose time has come become
 * published (`publish_due_posts`, the database's own update with skip-locked rows, so two runs
 * never publish one post twice), and then the sitemaps and the feed are marked stale so they list
 * the new posts on their next request. A post is readable by visitors from its scheduled time
 * whether or not this has run yet (the posts' RLS compares the time); this job makes the status
 * say so and the generated files follow within a run.
 */
import { z } from "zod";
import { markStale } from "../edge-cache.ts";
import { defineJob, type JobEnv, type JobResult } from "./job.ts";
import { serviceDb } from "../lib/service-db.ts";

/** Posts published per run (a burst beyond this continues in the next run, at once). */
export const PUBLISH_BATCH = 200;
/** Scheduled times are to the minute: look every 30 seconds. */
export const PUBLISH_EVERY_MS = 30_000;

const publishedSchema = z.array(z.object({ id: z.string(), slug: z.string() }));

export async function publishScheduledPostsRun(
  env: JobEnv,
  now: Date,
  deps: { fetch?: typeof fetch } = {},
): Promise<JobResult> {
  const { data, error } = await serviceDb(env, deps.fetch).rpc("publish_due_posts", {
    max_rows: PUBLISH_BATCH,
  });
  if (error) throw new Error(`publishing due posts failed: ${error.message}`);
  const published = publishedSchema.parse(data);
  if (published.length) await markStale(now);
  return {
    more: published.length === PUBLISH_BATCH,
    figures: { published: published.length, sitemapsMarkedStale: published.length > 0 },
  };
}

export const publishScheduledPosts = defineJob({
  name: "publish-scheduled-posts",
  everyMs: PUBLISH_EVERY_MS,
  run: (env, now) => publishScheduledPostsRun(env, now),
});
