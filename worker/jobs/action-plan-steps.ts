/**
 * Job `action-plan-steps`: runs the due steps of action plans. Per run: start the plans of time
 * triggers (leases ending, invoices overdue — start_due_action_plan_runs, once per event), then
 * claim due runs with a lease (claim_action_plan_runs, skip locked), decide each step with core's
 * rules (quiet hours, consent, opt-in, the daily cap: core/action-plans/plan-rules.ts), fill its
 * texts, and record it (complete_action_plan_step): the effect — a WhatsApp or e-mail queued, a
 * task, a stage move, a notification — and the run's next step commit together under the step's
 * de-duplication key. Messages are sent by deliver-whatsapp and deliver-emails, woken here.
 *
 * Crash safety: a run that dies between claim and record leaves the run leased; when the lease
 * ends the next run claims the same step and records it once (the database refuses a stale claim
 * and every effect is keyed), so a step is never done twice and never skipped.
 */
import {
  claimedRunSchema,
  stepOutcome,
  type ClaimedRun,
  type StepOutcome,
} from "#core/action-plans/plan-runner.ts";
import { hostConfigFromVars, originOf } from "#core/hosts.ts";
import { appointmentLink, signAppointmentToken } from "#core/inbox/appointment-link.ts";
import { z } from "zod";
import { deliverEmails } from "./deliver-emails.ts";
import { deliverWhatsApp } from "./deliver-whatsapp.ts";
import { defineJob, type JobEnv, type JobResult } from "./job.ts";
import { serviceDb } from "../lib/service-db.ts";

export const STEP_LEASE_SECONDS = 120;
export const STEP_BATCH = 20;
export const STEP_RUN_BUDGET_MS = 15_000;

/** What every claimed run has, whatever else fails to parse. */
const claimSchema = z.looseObject({ run_id: z.string(), claim_token: z.string() });

/** The visitor's signed manage link of the run's appointment, for {{reschedule_link}}. */
async function rescheduleLink(env: JobEnv, run: ClaimedRun): Promise<string | null> {
  const a = run.appointment;
  if (!a?.nonce || !env.SUPABASE_SECRET_KEY || Date.parse(a.starts_at) <= Date.now()) return null;
  const hosts = hostConfigFromVars({ ...env, SITE_PORT: env.SITE_PORT ?? "" });
  const token = await signAppointmentToken(
    { inbox: a.table, id: a.id, nonce: a.nonce, exp: Math.floor(Date.parse(a.starts_at) / 1000) },
    env.SUPABASE_SECRET_KEY,
  );
  return appointmentLink(originOf(a.table === "consultations" ? "consult" : "bookings", hosts), token);
}

export async function actionPlanStepsRun(
  env: JobEnv,
  now: Date,
  deps: { budgetMs?: number; leaseSeconds?: number; clock?: () => Date } = {},
): Promise<JobResult> {
  const db = serviceDb(env);
  const clock = deps.clock ?? (() => new Date());
  const budget = deps.budgetMs ?? STEP_RUN_BUDGET_MS;
  const started = await db.rpc("start_due_action_plan_runs", { max_runs: 200 });
  if (started.error) throw new Error(`starting time-triggered plans failed: ${started.error.message}`);
  const tally = {
    started: Number(started.data ?? 0),
    ran: 0,
    skipped: 0,
    deferred: 0,
    completed: 0,
    stale: 0,
  };
  const wake = new Set<string>();
  let more = false;

  while (Date.now() - now.getTime() < budget) {
    const { data, error } = await db.rpc("claim_action_plan_runs", {
      batch_size: STEP_BATCH,
      lease_seconds: deps.leaseSeconds ?? STEP_LEASE_SECONDS,
    });
    if (error) throw new Error(`claiming plan runs failed: ${error.message}`);
    const runs = z.array(claimSchema).parse(data);
    if (!runs.length) break;
    for (const raw of runs) {
      const at = clock();
      const parsed = claimedRunSchema.safeParse(raw);
      const run = parsed.success ? parsed.data : null;
      const kind = run?.step?.kind;
      const link = run && (kind === "whatsapp" || kind === "email") ? await rescheduleLink(env, run) : null;
      // A run this code cannot read moves on with the reason recorded, rather than holding up the queue.
      const issue = parsed.error?.issues[0];
      const outcome: StepOutcome = run
        ? stepOutcome(run, at, link ? { reschedule_link: link } : {})
        : {
            action: "skip",
            reason: `the runner could not read the step (${issue?.path.join(".")}: ${issue?.message})`,
            next_at: at.toISOString(),
          };
      if (!run)
        console.error(`[action-plan-steps] run ${raw.run_id}: ${issue?.path.join(".")}: ${issue?.message}`);
      const done = await db.rpc("complete_action_plan_step", {
        run_id: raw.run_id,
        claim_token: raw.claim_token,
        outcome: outcome as never,
      });
      if (done.error) throw new Error(`recording a step of run ${raw.run_id} failed: ${done.error.message}`);
      const status = String(done.data);
      if (status === "stale") tally.stale++;
      else if (status === "deferred") tally.deferred++;
      else if (outcome.action === "skip") tally.skipped++;
      else if (outcome.action === "complete") tally.completed++;
      else {
        tally.ran++;
        if (status === "completed") tally.completed++;
        if (kind === "whatsapp") wake.add(deliverWhatsApp.name);
        if (kind === "email" || kind === "task" || kind === "notify") wake.add(deliverEmails.name);
      }
    }
    // A step that ran is often followed by one due at once: claim again within this run.
    more = runs.length === STEP_BATCH;
  }
  return { more, figures: tally, wake: [...wake] };
}

export const actionPlanSteps = defineJob({
  name: "action-plan-steps",
  run: (env, now) => actionPlanStepsRun(env, now),
});
