/**
 * The job registry and the runner's rules without the Durable Object: which jobs are due, what a
 * failing or hanging job does to the run, when each job runs next.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { defineJob, type Job } from "./job.ts";
import { JOBS } from "./registry.ts";
import {
  dueJobs,
  JOB_BUSY_DELAY_MS,
  JOB_CADENCE_MS,
  nextAlarmAt,
  nextDueAfter,
  runJob,
  runJobs,
} from "./run-jobs.ts";

const job = (name: string, run: Job["run"], everyMs?: number): Job => defineJob({ name, run, everyMs });
const now = new Date("2026-11-23T10:00:00Z");

describe("job registry", () => {
  it("lists deliver-emails, every name once and kebab-case", () => {
    const names = JOBS.map((j) => j.name);
    expect(names).toContain("deliver-emails");
    expect(new Set(names).size).toBe(names.length);
    for (const n of names) expect(n).toMatch(/^[a-z][a-z0-9]*(-[a-z0-9]+)*$/);
  });

  it("defineJob refuses a name that is not kebab-case and a cadence under a second", () => {
    const run = async () => ({ more: false, figures: {} });
    expect(() => defineJob({ name: "Deliver_Emails", run })).toThrow(/kebab-case/);
    expect(() => defineJob({ name: "fast", run, everyMs: 10 })).toThrow(/at least 1000/);
    expect(defineJob({ name: "overdue-invoice-reminders", run, everyMs: 3_600_000 }).everyMs).toBe(3_600_000);
  });
});

describe("running jobs", () => {
  it("hands each job the environment and the run's time, and returns its figures", async () => {
    let seen: { now: Date; provider: unknown } | null = null;
    const outcome = await runJob(
      job("probe", async (e, at) => {
        seen = { now: at, provider: e.EMAIL_PROVIDER };
        return { more: true, figures: { done: 3 } };
      }),
      env,
      now,
    );
    expect(seen).toEqual({ now, provider: env.EMAIL_PROVIDER });
    expect(outcome).toMatchObject({ name: "probe", result: { more: true, figures: { done: 3 } } });
    expect(outcome.error).toBeUndefined();
  });

  it("a job that throws is recorded as failed and does not stop the others", async () => {
    const outcomes = await runJobs(
      [
        job("breaks", async () => {
          throw new Error("database unreachable");
        }),
        job("works", async () => ({ more: false, figures: { sent: 1 } })),
      ],
      env,
      now,
    );
    expect(outcomes.map((o) => [o.name, o.error ?? null, o.result?.figures ?? null])).toEqual([
      ["breaks", "database unreachable", null],
      ["works", null, { sent: 1 }],
    ]);
  });

  it("a job that hangs is cut off at the time limit", async () => {
    const outcome = await runJob(
      job("hangs", () => new Promise(() => {})),
      env,
      now,
      50,
    );
    expect(outcome.error).toMatch(/did not finish within/);
    expect(outcome.durationMs).toBeGreaterThanOrEqual(45);
  });
});

describe("schedule", () => {
  const a = job("a", async () => ({ more: false, figures: {} }));
  const hourly = job("hourly", async () => ({ more: false, figures: {} }), 3_600_000);

  it("a job never run is due; others when their time has come", () => {
    const t = now.getTime();
    expect(dueJobs([a, hourly], new Map(), t).map((j) => j.name)).toEqual(["a", "hourly"]);
    expect(
      dueJobs(
        [a, hourly],
        new Map([
          ["a", t - 1],
          ["hourly", t + 1],
        ]),
        t,
      ).map((j) => j.name),
    ).toEqual(["a"]);
  });

  it("more work → again within a second; idle or failed → at the job's cadence", () => {
    const t = now.getTime();
    expect(
      nextDueAfter(a, { name: "a", startedAt: t, durationMs: 5, result: { more: true, figures: {} } }, t),
    ).toBe(t + JOB_BUSY_DELAY_MS);
    expect(JOB_BUSY_DELAY_MS).toBeLessThan(1_000);
    expect(
      nextDueAfter(a, { name: "a", startedAt: t, durationMs: 5, result: { more: false, figures: {} } }, t),
    ).toBe(t + JOB_CADENCE_MS);
    expect(nextDueAfter(hourly, { name: "hourly", startedAt: t, durationMs: 5, error: "boom" }, t)).toBe(
      t + 3_600_000,
    );
  });

  it("the alarm goes off for the earliest due job, never in the past, and at the cadence with no jobs", () => {
    const t = now.getTime();
    expect(nextAlarmAt([t + 5_000, t + 250], t)).toBe(t + 250);
    expect(nextAlarmAt([t - 10_000], t)).toBe(t);
    expect(nextAlarmAt([], t)).toBe(t + JOB_CADENCE_MS);
  });
});
