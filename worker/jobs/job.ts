/**
 * What a background job is. Each job lives in its own file in worker/jobs/ and is listed once in
 * registry.ts; the JobRunner Durable Object (job-runner.ts) runs the registered jobs from its
 * alarm. A job must be:
 *  - bounded: one run does a slice of work (a time budget or a batch count) and returns;
 *  - idempotent and crash-safe: it may be cut off at any await and run again, even twice at once
 *    (a kick and an alarm, two deploys) — claim work with leases (`for update skip locked`),
 *    record what is done in the database, and give anything that must not happen twice a
 *    de-duplication key (a unique column, the provider's idempotency key);
 *  - honest: `more: true` when work is left that is due now (the runner comes back within a
 *    second), and figures that say what it did.
 */
import type { EdgeEnv } from "../env.ts";

/** Counts and short facts of one run, e.g. `{ sent: 3, failed: 0, remaining: 0, provider: "outbox" }`. */
export type JobFigures = Record<string, number | string | boolean | null>;

export interface JobResult {
  /** Work is left that is due now: run again right away instead of at the next turn. */
  more: boolean;
  figures: JobFigures;
  /**
   * Jobs to run right after this run, by name — e.g. a job that queued mail wakes
   * "deliver-emails", so the mail leaves now rather than at that job's next turn.
   */
  wake?: string[];
}

/** The worker's environment as a job sees it (bindings, vars, secrets). */
export type JobEnv = EdgeEnv;

export interface Job {
  /** kebab-case, unique: the key of the job's state and the name in /api/jobs/status. */
  name: string;
  /** The steady cadence when idle (default JOB_CADENCE_MS, one minute). A kick runs every job at once. */
  everyMs?: number;
  run(env: JobEnv, now: Date): Promise<JobResult>;
}

export const JOB_NAME_PATTERN = /^[a-z][a-z0-9]*(-[a-z0-9]+)*$/;

/** Declares a job (checks its name, so a typo fails at start-up rather than at 3 a.m.). */
export function defineJob(job: Job): Job {
  if (!JOB_NAME_PATTERN.test(job.name)) throw new Error(`job name "${job.name}" must be kebab-case`);
  if (job.everyMs !== undefined && !(job.everyMs >= 1_000))
    throw new Error(`job "${job.name}": everyMs must be at least 1000`);
  return job;
}
