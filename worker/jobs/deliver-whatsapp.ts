/**
 * Job `deliver-whatsapp`: sends the WhatsApp messages waiting in `public.whatsapp_messages`
 * (action plan steps, staff's template messages) through the Cloud API provider
 * (worker/whatsapp/). Per run: claim a batch with a lease (claim_whatsapp_messages, skip locked),
 * send each with our message id as the Cloud API's `biz_opaque_callback_data`, record the outcomes
 * (complete_whatsapp_messages: sent with the wamid; back to the queue with a back-off; failed after 5
 * attempts or when refused for good), until the queue is empty or the run's budget is spent.
 *
 * Crash safety: the Cloud API keeps no idempotency key, so a message is never sent again while
 * anything may still be in flight for it. A run that dies mid-send leaves its messages 'sending'
 * until their lease ends; the 'sent' status webhook of every message the API accepted arrives
 * meanwhile (it names our id) and marks it sent, so only a message the API never took is claimed
 * and sent again.
 */
import { z } from "zod";
import type { SendResult } from "../email/provider.ts";
import { selectWhatsAppProvider } from "../whatsapp/select-provider.ts";
import { defineJob, type JobEnv, type JobResult } from "./job.ts";
import { serviceDb } from "../lib/service-db.ts";

/** Longer than a send and the 'sent' webhook that follows it. */
export const WHATSAPP_LEASE_SECONDS = 120;
export const WHATSAPP_BATCH = 20;
export const WHATSAPP_RUN_BUDGET_MS = 20_000;

const claimedSchema = z.array(
  z.object({
    id: z.string(),
    phone: z.string(),
    template: z.string(),
    language: z.string(),
    parameters: z.array(z.string()),
    attempts: z.number().int(),
  }),
);
type Claimed = z.infer<typeof claimedSchema>[number];

function report(row: Claimed, outcome: SendResult) {
  if (outcome.ok) return { id: row.id, claimed_attempt: row.attempts, wa_message_id: outcome.id };
  return {
    id: row.id,
    claimed_attempt: row.attempts,
    error: outcome.error,
    retry_after_seconds: outcome.retry === "later" ? (outcome.retryAfterSeconds ?? 60) : null,
    permanent: outcome.retry === "never",
  };
}

export async function deliverWhatsAppRun(
  env: JobEnv,
  now: Date,
  deps: { fetch?: typeof fetch; budgetMs?: number; leaseSeconds?: number } = {},
): Promise<JobResult> {
  const selection = selectWhatsAppProvider(env, deps.fetch);
  // Misconfigured: the queue is left alone (nothing claimed, no attempt spent) and the status says why.
  if (!selection.ok) throw new Error(selection.error);
  const provider = selection.provider;
  const db = serviceDb(env, deps.fetch);
  const budget = deps.budgetMs ?? WHATSAPP_RUN_BUDGET_MS;
  const tally = { sent: 0, retrying: 0, failed: 0, unrecorded: 0 };
  let stopped: string | null = null;
  let drained = false;

  while (!stopped && Date.now() - now.getTime() < budget) {
    const { data, error } = await db.rpc("claim_whatsapp_messages", {
      batch_size: WHATSAPP_BATCH,
      lease_seconds: deps.leaseSeconds ?? WHATSAPP_LEASE_SECONDS,
    });
    if (error) throw new Error(`claiming WhatsApp messages failed: ${error.message}`);
    const rows = claimedSchema.parse(data);
    if (!rows.length) {
      drained = true;
      break;
    }
    const outcomes: Array<{ row: Claimed; outcome: SendResult }> = [];
    let next = 0;
    const slot = async () => {
      while (!stopped && next < rows.length) {
        const row = rows[next++]!;
        const outcome = await provider.send({
          to: row.phone,
          template: row.template,
          language: row.language,
          params: row.parameters,
          reference: row.id,
        });
        if (!outcome.ok) {
          console.warn(`[deliver-whatsapp] ${row.id} to ${row.phone}: ${outcome.error}`);
          if (outcome.stopRun) stopped = outcome.error;
        }
        outcomes.push({ row, outcome });
      }
    };
    await Promise.all(Array.from({ length: Math.min(provider.concurrency, rows.length) }, slot));
    // Rows a stopped run never got to go back uncounted, after the wait the provider asked for.
    const handBack: SendResult = {
      ok: false,
      retry: "later",
      retryAfterSeconds: 60,
      error: `Not sent: ${stopped}`,
    };
    for (const row of rows.slice(next)) outcomes.push({ row, outcome: handBack });
    const done = await db.rpc("complete_whatsapp_messages", {
      results: outcomes.map((o) => report(o.row, o.outcome)),
    });
    const recorded = done.error
      ? null
      : z.array(z.object({ id: z.string(), status: z.string().nullable() })).safeParse(done.data);
    if (!recorded?.success) {
      // The rows stay 'sending' until the lease ends; accepted ones are marked sent by their webhook.
      console.error(
        `[deliver-whatsapp] recording ${outcomes.length} outcomes failed: ${done.error?.message ?? "unexpected answer"}`,
      );
      tally.unrecorded += outcomes.length;
      break;
    }
    for (const { status } of recorded.data) {
      if (status === "sent" || status === "delivered" || status === "read") tally.sent++;
      else if (status === "failed") tally.failed++;
      else if (status === "queued") tally.retrying++;
    }
    if (rows.length < WHATSAPP_BATCH) {
      drained = true;
      break;
    }
  }
  // Set inside the send slots: TypeScript's narrowing does not see it.
  const halted = stopped as string | null;
  return {
    more: !halted && !drained,
    figures: { provider: provider.name, ...tally, ...(halted ? { stopped: halted } : {}) },
  };
}

export const deliverWhatsApp = defineJob({
  name: "deliver-whatsapp",
  run: (env, now) => deliverWhatsAppRun(env, now),
});
