/**
 * Job `send-scheduled-campaigns`: starts marketing campaigns whose scheduled time
 * has come (`queue_due_campaigns`: the same start as "Send now" — consented, unsuppressed
 * addresses once each, the first chunk queued — rows locked with skip locked, so two runs never
 * start one campaign twice, and a campaign that cannot go returns to draft with the reason), then
 * queues the rest of every campaign being sent, a chunk per call (`queue_campaign_batches`: each
 * chunk its own short transaction, resuming after the last queued address, so a run cut off
 * anywhere loses nothing and queues nobody twice), and wakes `deliver-emails` to send them.
 * A schedule cancelled before this run simply is not due.
 */
import { z } from "zod";
import { deliverEmails } from "./deliver-emails.ts";
import { defineJob, type JobEnv, type JobResult } from "./job.ts";
import { serviceDb } from "../lib/service-db.ts";

/** Campaigns started per run (each queues its first chunk in the same call). */
export const SCHEDULED_CAMPAIGNS_BATCH = 5;
/** Schedules are to the minute: look every 30 seconds. */
export const SCHEDULED_CAMPAIGNS_EVERY_MS = 30_000;
/** Recipients per chunk: ~1 s of database work on a loaded machine, far inside a statement's 8 s. */
export const CAMPAIGN_CHUNK_ROWS = 2_000;
/** A run stops starting new chunks after this long (the runner comes back at once while there is more). */
export const QUEUEING_BUDGET_MS = 10_000;

const startedSchema = z.array(
  z.object({ campaign_id: z.string(), queued: z.number().int(), reason: z.string().nullable() }),
);
const chunkSchema = z.array(
  z.object({ campaign_id: z.string(), queued: z.number().int(), done: z.boolean() }),
);

export async function sendScheduledCampaignsRun(
  env: JobEnv,
  now: Date,
  deps: { fetch?: typeof fetch; budgetMs?: number; chunkRows?: number } = {},
): Promise<JobResult> {
  const db = serviceDb(env, deps.fetch);
  const { data, error } = await db.rpc("queue_due_campaigns", { max_rows: SCHEDULED_CAMPAIGNS_BATCH });
  if (error) throw new Error(`queueing due campaigns failed: ${error.message}`);
  const started = startedSchema.parse(data);
  for (const r of started)
    if (r.reason) console.warn(`[send-scheduled-campaigns] ${r.campaign_id} back to draft: ${r.reason}`);

  const budget = deps.budgetMs ?? QUEUEING_BUDGET_MS;
  let mails = 0;
  let chunks = 0;
  let finished = 0;
  let more = started.length === SCHEDULED_CAMPAIGNS_BATCH;
  for (;;) {
    if (Date.now() - now.getTime() >= budget) {
      more = true;
      break;
    }
    const chunk = await db.rpc("queue_campaign_batches", { max_rows: deps.chunkRows ?? CAMPAIGN_CHUNK_ROWS });
    if (chunk.error) throw new Error(`queueing a campaign's next recipients failed: ${chunk.error.message}`);
    const [row] = chunkSchema.parse(chunk.data);
    if (!row) break;
    chunks++;
    mails += row.queued;
    if (row.done) finished++;
  }
  return {
    more,
    figures: {
      started: started.filter((r) => r.reason === null).length,
      returnedToDraft: started.filter((r) => r.reason !== null).length,
      chunks,
      mails,
      finished,
    },
    // The started campaigns' first chunks are queued too: wake the sender for either.
    wake: mails || started.some((r) => r.queued > 0 && r.reason === null) ? [deliverEmails.name] : [],
  };
}

export const sendScheduledCampaigns = defineJob({
  name: "send-scheduled-campaigns",
  everyMs: SCHEDULED_CAMPAIGNS_EVERY_MS,
  run: (env, now) => sendScheduledCampaignsRun(env, now),
});
