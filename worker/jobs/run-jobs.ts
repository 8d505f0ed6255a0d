/**
 * Running jobs and deciding when each runs next — the JobRunner's rules without the Durable
 * Object around them, so they are tested directly (run-jobs.test.ts). One job's failure or hang
 * never stops the others: each runs on its own, under a time limit, and its error is recorded.
 */
import type { Job, JobEnv, JobResult } from "./job.ts";

/** Steady cadence of an idle job (overridable per job with `everyMs`). */
export const JOB_CADENCE_MS = 60_000;
/** A job that reported `more` runs again this soon. */
export const JOB_BUSY_DELAY_MS = 250;
/** A run that takes longer is recorded as failed (its leases hand its work to a later run). */
export const JOB_TIMEOUT_MS = 60_000;

export interface JobOutcome {
  name: string;
  startedAt: number;
  durationMs: number;
  /** Present when the job returned. */
  result?: JobResult;
  /** Present when it threw or timed out. */
  error?: string;
}

export async function runJob(
  job: Job,
  env: JobEnv,
  now: Date,
  timeoutMs = JOB_TIMEOUT_MS,
): Promise<JobOutcome> {
  const startedAt = Date.now();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`did not finish within ${timeoutMs / 1000} s`)), timeoutMs);
  });
  try {
    const result = await Promise.race([job.run(env, now), timeout]);
    return { name: job.name, startedAt, durationMs: Date.now() - startedAt, result };
  } catch (err) {
    const error = err instanceof Error ? err.message : String(err);
    console.error(`[jobs] ${job.name} failed: ${error}`);
    return { name: job.name, startedAt, durationMs: Date.now() - startedAt, error };
  } finally {
    if (timer !== undefined) clearTimeout(timer);
  }
}

/** Runs the jobs side by side (they are independent; each bounds its own work). */
export function runJobs(
  jobs: readonly Job[],
  env: JobEnv,
  now: Date,
  timeoutMs = JOB_TIMEOUT_MS,
): Promise<JobOutcome[]> {
  return Promise.all(jobs.map((job) => runJob(job, env, now, timeoutMs)));
}

/** The jobs due at `now`; a job never run yet is due. */
export function dueJobs(jobs: readonly Job[], nextDueAt: ReadonlyMap<string, number>, now: number): Job[] {
  return jobs.filter((job) => (nextDueAt.get(job.name) ?? 0) <= now);
}

/** When a job runs next after an outcome: soon while it has more, else at its cadence (a failure too). */
export function nextDueAfter(job: Job, outcome: JobOutcome, finishedAt: number): number {
  if (outcome.result?.more) return finishedAt + JOB_BUSY_DELAY_MS;
  return finishedAt + (job.everyMs ?? JOB_CADENCE_MS);
}

/** The alarm time: the earliest job due (never in the past). */
export function nextAlarmAt(nextDueAt: Iterable<number>, now: number): number {
  let earliest = Number.POSITIVE_INFINITY;
  for (const at of nextDueAt) earliest = Math.min(earliest, at);
  return Number.isFinite(earliest) ? Math.max(earliest, now) : now + JOB_CADENCE_MS;
}
