/**
 * The JobRunner Durable Object in workerd (its SQLite, its real alarm): a kick runs every job at
 * once, a job with more work runs again within a second, an idle one at its cadence, a failing
 * one is recorded without stopping the rest, a kick during a run is not lost, and wake() mends
 * an unarmed schedule. Each test uses its own instance with its own stand-in jobs.
 */
import { env } from "cloudflare:workers";
import { runInDurableObject } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { defineJob, type Job } from "./job.ts";
import type { JobRunner, RunnerStatus } from "./job-runner.ts";
import { JOB_CADENCE_MS } from "./run-jobs.ts";

function runnerWith(jobs: Job[]) {
  const stub = env.JOB_RUNNER.getByName(`test-${crypto.randomUUID()}`);
  return runInDurableObject(stub, (instance: JobRunner) => {
    instance.jobs = jobs;
  }).then(() => stub);
}

/** Polls the runner until `done(status)` (its real alarm fires by itself), or fails after `ms`. */
async function until(
  stub: DurableObjectStub<JobRunner>,
  done: (s: RunnerStatus) => boolean,
  ms = 5_000,
): Promise<RunnerStatus> {
  const deadline = Date.now() + ms;
  for (;;) {
    const status = await stub.status();
    if (done(status)) return status;
    if (Date.now() > deadline)
      throw new Error(`runner did not get there in ${ms} ms: ${JSON.stringify(status)}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

const runsOf = (s: RunnerStatus, name: string) => s.jobs.find((j) => j.name === name)?.runs ?? 0;

describe("JobRunner", () => {
  it("a kick runs every job at once; an idle job then waits for its cadence", async () => {
    const calls: string[] = [];
    const stub = await runnerWith([
      defineJob({
        name: "mail",
        run: async () => (calls.push("mail"), { more: false, figures: { sent: 2, remaining: 0 } }),
      }),
      defineJob({
        name: "reminders",
        everyMs: 3_600_000,
        run: async () => (calls.push("reminders"), { more: false, figures: { queued: 1 } }),
      }),
    ]);
    const kicked = Date.now();
    const answer = await stub.kick();
    expect(answer.running).toBe(false);
    const status = await until(stub, (s) => runsOf(s, "mail") === 1 && runsOf(s, "reminders") === 1);
    expect(Date.now() - kicked, "ran within a second of the kick").toBeLessThan(1_000);
    expect(calls.sort()).toEqual(["mail", "reminders"]);
    const mail = status.jobs.find((j) => j.name === "mail")!;
    expect(mail.lastRun).toMatchObject({ more: false, figures: { sent: 2, remaining: 0 }, error: null });
    const nextMail = Date.parse(mail.nextDueAt!) - Date.now();
    expect(nextMail).toBeGreaterThan(JOB_CADENCE_MS - 5_000);
    expect(nextMail).toBeLessThanOrEqual(JOB_CADENCE_MS);
    expect(
      Date.parse(status.jobs.find((j) => j.name === "reminders")!.nextDueAt!) - Date.now(),
    ).toBeGreaterThan(3_500_000);
    expect(Date.parse(status.alarmAt!), "the alarm is armed for the earliest job").toBe(
      Date.parse(mail.nextDueAt!),
    );
  });

  it("a job with more work runs again within a second until it reports none", async () => {
    let left = 3;
    const stub = await runnerWith([
      defineJob({ name: "batches", run: async () => ({ more: --left > 0, figures: { left } }) }),
    ]);
    const t0 = Date.now();
    await stub.kick();
    const status = await until(stub, (s) => runsOf(s, "batches") === 3);
    expect(Date.now() - t0, "three runs back to back").toBeLessThan(3_000);
    expect(status.jobs[0]!.lastRun).toMatchObject({ more: false, figures: { left: 0 } });
    expect(Date.parse(status.alarmAt!) - Date.now()).toBeGreaterThan(JOB_CADENCE_MS - 5_000);
  });

  it("a failing job is recorded with its error and the others still run", async () => {
    const stub = await runnerWith([
      defineJob({
        name: "broken",
        run: async () => {
          throw new Error("EMAIL_PROVIDER is not set");
        },
      }),
      defineJob({ name: "fine", run: async () => ({ more: false, figures: { ok: true } }) }),
    ]);
    await stub.kick();
    const status = await until(stub, (s) => runsOf(s, "broken") === 1 && runsOf(s, "fine") === 1);
    const [broken, fine] = status.jobs;
    expect(broken).toMatchObject({
      failures: 1,
      lastRun: { error: "EMAIL_PROVIDER is not set", figures: null },
    });
    expect(fine).toMatchObject({ failures: 0, lastRun: { error: null, figures: { ok: true } } });
    expect(
      Date.parse(broken!.nextDueAt!) - Date.now(),
      "a failure waits for the cadence, not a hot loop",
    ).toBeGreaterThan(JOB_CADENCE_MS - 5_000);
  });

  it("a kick during a run is not lost: the jobs run again right after it", async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    let started = 0;
    const stub = await runnerWith([
      defineJob({
        name: "slow",
        run: async () => {
          started++;
          if (started === 1) await gate;
          return { more: false, figures: { started } };
        },
      }),
    ]);
    await stub.kick();
    await until(stub, (s) => s.running);
    const during = await stub.kick();
    expect(during.running).toBe(true);
    release();
    const status = await until(stub, (s) => runsOf(s, "slow") === 2);
    expect(status.jobs[0]!.lastRun?.figures).toEqual({ started: 2 });
  });

  it("a job that queued mail wakes deliver-emails right after the run, not at its next turn", async () => {
    const stub = await runnerWith([
      defineJob({ name: "deliver", everyMs: 3_600_000, run: async () => ({ more: false, figures: {} }) }),
      defineJob({
        name: "reminders",
        everyMs: 3_600_000,
        run: async () => ({ more: false, figures: { queued: 1 }, wake: ["deliver", "no-such-job"] }),
      }),
    ]);
    await stub.kick();
    const status = await until(stub, (s) => runsOf(s, "deliver") === 2);
    expect(runsOf(status, "reminders"), "only the woken job runs again").toBe(1);
  });

  it("wake() arms an unarmed runner and leaves an armed one alone", async () => {
    const stub = await runnerWith([
      defineJob({ name: "tick", run: async () => ({ more: false, figures: {} }) }),
    ]);
    expect((await stub.status()).alarmAt).toBeNull();
    await stub.wake();
    const ran = await until(stub, (s) => runsOf(s, "tick") === 1);
    const armed = ran.alarmAt;
    expect(Date.parse(armed!) - Date.now()).toBeGreaterThan(JOB_CADENCE_MS - 5_000);
    expect((await stub.wake()).alarmAt).toBe(armed);
    expect(runsOf(await stub.status(), "tick")).toBe(1);
  });
});
