/**
 * The JobRunner Durable Object (SQLite-backed; one instance, JOB_RUNNER_NAME): runs the registered
 * background jobs (registry.ts) from its alarm. Why a Durable Object: its alarm is the platform's
 * own durable timer (it survives deploys and restarts, retries when a run dies) and it runs one
 * alarm at a time, so two runs of the runner never overlap — the jobs still use leases in the
 * database, since a job may be cut off anywhere.
 *
 * Schedule: each job has a next-due time (kept in the object's SQLite). The alarm runs the due
 * jobs side by side, then re-arms for the earliest next-due: ~250 ms while a job reports more
 * work, else its cadence (a minute). `kick()` (POST /api/jobs/kick, after an action that queued
 * mail) makes every job due now; a kick during a run makes them due again right after it; a job
 * may wake others by name (`wake`), e.g. after queuing mail.
 * `wake()` (the cron trigger, and a local stack's start) arms the alarm if it is not armed.
 */
import { DurableObject } from "cloudflare:workers";
import type { Job, JobEnv, JobFigures } from "./job.ts";
import { JOBS } from "./registry.ts";
import { dueJobs, JOB_CADENCE_MS, nextAlarmAt, nextDueAfter, runJobs, type JobOutcome } from "./run-jobs.ts";

/** The one instance: `env.JOB_RUNNER.getByName(JOB_RUNNER_NAME)`. */
export const JOB_RUNNER_NAME = "job-runner";

export interface JobStatus {
  name: string;
  everyMs: number;
  nextDueAt: string | null;
  runs: number;
  failures: number;
  lastRun: {
    startedAt: string;
    durationMs: number;
    more: boolean;
    figures: JobFigures | null;
    error: string | null;
  } | null;
}

export interface RunnerStatus {
  alarmAt: string | null;
  running: boolean;
  jobs: JobStatus[];
}

export interface KickAnswer {
  /** When the jobs run (now, or right after the run in progress). */
  runAt: string;
  running: boolean;
}

type StateRow = {
  name: string;
  next_due_at: number;
  runs: number;
  failures: number;
  last_started_at: number | null;
  last_duration_ms: number | null;
  last_more: number | null;
  last_figures: string | null;
  last_error: string | null;
};

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

export class JobRunner extends DurableObject<JobEnv> {
  /** The registry; tests swap in their own jobs through runInDurableObject. */
  jobs: readonly Job[] = JOBS;
  private running = false;
  /** Time of the last kick: a kick during a run makes every job due when the run ends. */
  private kickedAt = 0;

  constructor(ctx: DurableObjectState, env: JobEnv) {
    super(ctx, env);
    ctx.blockConcurrencyWhile(async () => {
      ctx.storage.sql.exec(`create table if not exists job_state (
        name text primary key,
        next_due_at integer not null default 0,
        runs integer not null default 0,
        failures integer not null default 0,
        last_started_at integer,
        last_duration_ms integer,
        last_more integer,
        last_figures text,
        last_error text
      )`);
    });
  }

  private state(): Map<string, StateRow> {
    const rows = this.ctx.storage.sql.exec<StateRow>("select * from job_state").toArray();
    return new Map(rows.map((r) => [r.name, r]));
  }

  private dueTimes(): Map<string, number> {
    const state = this.state();
    return new Map(this.jobs.map((j) => [j.name, state.get(j.name)?.next_due_at ?? 0]));
  }

  private setDue(name: string, at: number): void {
    this.ctx.storage.sql.exec(
      "insert into job_state (name, next_due_at) values (?, ?) on conflict (name) do update set next_due_at = excluded.next_due_at",
      name,
      at,
    );
  }

  private record(outcome: JobOutcome, nextDue: number): void {
    const failed = outcome.error !== undefined ? 1 : 0;
    this.ctx.storage.sql.exec(
      `insert into job_state (name, next_due_at, runs, failures, last_started_at, last_duration_ms, last_more, last_figures, last_error)
       values (?1, ?2, 1, ?3, ?4, ?5, ?6, ?7, ?8)
       on conflict (name) do update set next_due_at = ?2, runs = runs + 1, failures = failures + ?3, last_started_at = ?4,
         last_duration_ms = ?5, last_more = ?6, last_figures = ?7, last_error = ?8`,
      outcome.name,
      nextDue,
      failed,
      outcome.startedAt,
      outcome.durationMs,
      outcome.result?.more ? 1 : 0,
      outcome.result ? JSON.stringify(outcome.result.figures) : null,
      outcome.error ?? null,
    );
  }

  /** Arms the alarm for `at` unless it is already armed at or before then. */
  private async armBy(at: number): Promise<number> {
    const current = await this.ctx.storage.getAlarm();
    if (current !== null && current <= at) return current;
    await this.ctx.storage.setAlarm(at);
    return at;
  }

  /** Every job is due now: run them (or run them again right after the run in progress). */
  async kick(): Promise<KickAnswer> {
    const now = Date.now();
    this.kickedAt = now;
    for (const job of this.jobs) this.setDue(job.name, now);
    const runAt = this.running ? now : await this.armBy(now);
    return { runAt: new Date(runAt).toISOString(), running: this.running };
  }

  /** Makes sure the alarm is armed (cron trigger, local start): a broken chain mends itself. */
  async wake(): Promise<{ alarmAt: string }> {
    const at = await this.armBy(nextAlarmAt(this.dueTimes().values(), Date.now()));
    return { alarmAt: new Date(at).toISOString() };
  }

  async status(): Promise<RunnerStatus> {
    const state = this.state();
    return {
      alarmAt: iso(await this.ctx.storage.getAlarm()),
      running: this.running,
      jobs: this.jobs.map((job) => {
        const s = state.get(job.name);
        return {
          name: job.name,
          everyMs: job.everyMs ?? JOB_CADENCE_MS,
          nextDueAt: iso(s?.next_due_at ?? null),
          runs: s?.runs ?? 0,
          failures: s?.failures ?? 0,
          lastRun:
            s?.last_started_at != null
              ? {
                  startedAt: iso(s.last_started_at)!,
                  durationMs: s.last_duration_ms ?? 0,
                  more: s.last_more === 1,
                  figures: s.last_figures ? (JSON.parse(s.last_figures) as JobFigures) : null,
                  error: s.last_error,
                }
              : null,
        };
      }),
    };
  }

  override async alarm(): Promise<void> {
    const started = Date.now();
    // If this run dies (eviction, a limit), the next one still comes at the cadence.
    await this.ctx.storage.setAlarm(started + JOB_CADENCE_MS);
    this.running = true;
    try {
      const due = dueJobs(this.jobs, this.dueTimes(), started);
      const outcomes = await runJobs(due, this.env, new Date(started));
      const finished = Date.now();
      for (const outcome of outcomes) {
        const job = due.find((j) => j.name === outcome.name)!;
        this.record(outcome, nextDueAfter(job, outcome, finished));
      }
      const woken = new Set(outcomes.flatMap((o) => o.result?.wake ?? []));
      for (const job of this.jobs)
        if (this.kickedAt >= started || woken.has(job.name)) this.setDue(job.name, finished);
    } finally {
      this.running = false;
    }
    await this.ctx.storage.setAlarm(nextAlarmAt(this.dueTimes().values(), Date.now()));
  }
}
