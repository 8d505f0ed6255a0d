/**
 * Job `purge-trashed-files`: files in the trash for more than 30 days are
 * deleted for good — first their objects in the private bucket `files` (Storage API, secret key),
 * then their rows (`purge_trashed_files`, which deletes only rows still trashed past 30 days, so a
 * file restored meanwhile stays). Objects first: a run cut off between the two leaves rows whose
 * objects are gone and the next run finishes them (removing a missing object is no error); the
 * other order could leave objects no row lists.
 */
import { z } from "zod";
import { FILES_BUCKET } from "#core/files/files.ts";
import { defineJob, type JobEnv, type JobResult } from "./job.ts";
import { serviceDb } from "../lib/service-db.ts";
import { removeObjects } from "./storage-objects.ts";

/** Files purged per run (Storage's bulk delete takes up to 1,000 names). */
export const PURGE_BATCH = 200;
/** Thirty days is coarse: look every hour. */
export const PURGE_EVERY_MS = 60 * 60_000;

const dueSchema = z.array(z.object({ id: z.string().uuid(), storage_path: z.string().min(1) }));

export async function purgeTrashedFilesRun(
  env: JobEnv,
  _now: Date,
  deps: { fetch?: typeof fetch } = {},
): Promise<JobResult> {
  const db = serviceDb(env, deps.fetch);
  const { data, error } = await db.rpc("trashed_files_due_for_purge", { max_rows: PURGE_BATCH });
  if (error) throw new Error(`listing trashed files failed: ${error.message}`);
  const due = dueSchema.parse(data);
  if (!due.length) return { more: false, figures: { purged: 0, objectsRemoved: 0 } };

  const removed = await removeObjects(
    env,
    FILES_BUCKET,
    due.map((f) => f.storage_path),
    deps.fetch,
  );

  const purged = await db.rpc("purge_trashed_files", { file_ids: due.map((f) => f.id) });
  if (purged.error) throw new Error(`deleting ${due.length} file rows failed: ${purged.error.message}`);
  return {
    more: due.length === PURGE_BATCH,
    figures: { purged: Number(purged.data), objectsRemoved: removed },
  };
}

export const purgeTrashedFiles = defineJob({
  name: "purge-trashed-files",
  everyMs: PURGE_EVERY_MS,
  run: (env, now) => purgeTrashedFilesRun(env, now),
});
