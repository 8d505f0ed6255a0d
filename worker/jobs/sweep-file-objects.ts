/**
 * Job `sweep-file-objects`: objects of the private bucket `files` that no row lists any more are
 * removed — those queued when their row was deleted (Delete for good, the 30-day purge, a
 * departing user; queued by the database in the deleting transaction, so none is missed) and
 * uploads whose row was never written, once they are a day old (file_objects_to_remove). The
 * objects go first, then the queue forgets them (file_objects_removed): a run cut off between
 * the two removes them again next time, which is no error.
 */
import { z } from "zod";
import { FILES_BUCKET } from "#core/files/files.ts";
import { defineJob, type JobEnv, type JobResult } from "./job.ts";
import { serviceDb } from "../lib/service-db.ts";
import { removeObjects } from "./storage-objects.ts";

/** Objects removed per run (Storage's bulk delete takes up to 1,000 names). */
export const SWEEP_BATCH = 200;

const dueSchema = z.array(z.object({ storage_path: z.string().min(1) }));

export async function sweepFileObjectsRun(
  env: JobEnv,
  _now: Date,
  deps: { fetch?: typeof fetch } = {},
): Promise<JobResult> {
  const db = serviceDb(env, deps.fetch);
  const { data, error } = await db.rpc("file_objects_to_remove", { max_rows: SWEEP_BATCH });
  if (error) throw new Error(`listing objects to remove failed: ${error.message}`);
  const paths = dueSchema.parse(data).map((o) => o.storage_path);
  if (!paths.length) return { more: false, figures: { removed: 0 } };
  const removed = await removeObjects(env, FILES_BUCKET, paths, deps.fetch);
  const forgotten = await db.rpc("file_objects_removed", { paths });
  if (forgotten.error)
    throw new Error(`forgetting ${paths.length} removed objects failed: ${forgotten.error.message}`);
  return { more: paths.length === SWEEP_BATCH, figures: { removed, listed: paths.length } };
}

export const sweepFileObjects = defineJob({
  name: "sweep-file-objects",
  everyMs: 10 * 60_000,
  run: (env, now) => sweepFileObjectsRun(env, now),
});
