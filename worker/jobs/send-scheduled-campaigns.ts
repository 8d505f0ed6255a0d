/**
 * Job `send-scheduled-campaigns` (issue 15 item 2): marketing campaigns scheduled for a time that
 * has come are queued (`queue_due_campaigns`: the same queueing as "Send now" — consented,
 * unsuppressed addresses once each — rows locked with skip locked, so two runs never queue one
 * campaign twice, and a campaign that cannot go returns to draft with the reason), then
 * `deliver-emails` is woken to send them. A schedule cancelled before this run simply is not due.
 */
import { z } from "zod";
import { deliverEmails } from "./deliver-emails.ts";
import { defineJob, type JobEnv, type JobResult } from "./job.ts";
import { serviceDb } from "./service-db.ts";

/** Campaigns queued per run (each may be 20,000 mails: a few per run). */
export const SCHEDULED_CAMPAIGNS_BATCH = 5;
/** Schedules are to the minute: look every 30 seconds. */
export const SCHEDULED_CAMPAIGNS_EVERY_MS = 30_000;

const queuedSchema = z.array(z.object({ campaign_id: z.string(), queued: z.number().int(), reason: z.string().nullable() }));

export async function sendScheduledCampaignsRun(env: JobEnv, _now: Date, deps: { fetch?: typeof fetch } = {}): Promise<JobResult> {
  const { data, error } = await serviceDb(env, deps.fetch).rpc("queue_due_campaigns", { max_rows: SCHEDULED_CAMPAIGNS_BATCH });
  if (error) throw new Error(`queueing due campaigns failed: ${error.message}`);
  const rows = queuedSchema.parse(data);
  const sent = rows.filter((r) => r.reason === null);
  for (const r of rows) if (r.reason) console.warn(`[send-scheduled-campaigns] ${r.campaign_id} back to draft: ${r.reason}`);
  const mails = sent.reduce((n, r) => n + r.queued, 0);
  return {
    more: rows.length === SCHEDULED_CAMPAIGNS_BATCH,
    figures: { campaigns: sent.length, mails, returnedToDraft: rows.length - sent.length },
    wake: mails ? [deliverEmails.name] : [],
  };
}

export const sendScheduledCampaigns = defineJob({
  name: "send-scheduled-campaigns",
  everyMs: SCHEDULED_CAMPAIGNS_EVERY_MS,
  run: (env, now) => sendScheduledCampaignsRun(env, now),
});
