/**
 * Job `deliver-emails`: sends what waits in `public.outgoing_emails` (notification copies now;
 * replies, reminders and campaigns as modules land) through the configured provider
 * (worker/email/). Per run: claim a batch with a lease (`claim_outgoing_emails`, skip locked),
 * send each with the row's own idempotency key, `concurrency` always in flight, record the outcomes
 * (`complete_outgoing_emails`, one call per group of sends, while sending goes on: sent; back to
 * pending with a back-off; failed after 5 attempts or when the provider will never take it; handed
 * back uncounted when the provider throttles), and repeat until the queue is empty or the run's
 * budget is spent.
 *
 * Crash safety: a run that dies leaves its rows 'sending' until the lease ends; the next run
 * claims them again and sends with the same idempotency key, so the provider (Resend, or the
 * emulator's outbox) delivers them once. A late report from a run whose lease had expired no
 * longer applies (the database checks the claim), so a sent mail is never queued again.
 */
import { z } from "zod";
import { outgoingEmailSchema } from "#core/schemas/email.ts";
import type { EmailMessage, EmailProvider, SendFailed, SendResult } from "../email/provider.ts";
import { selectEmailProvider } from "../email/select-provider.ts";
import { attachmentRenderer, type AttachmentRenderer } from "../money/attachments.ts";
import { defineJob, type JobEnv, type JobResult } from "./job.ts";
import { serviceDb, type ServiceDb } from "../lib/service-db.ts";

/** A claim lasts this long: far longer than one batch takes (the run stops claiming at RUN_BUDGET_MS). */
export const DELIVERY_LEASE_SECONDS = 120;
/** One run claims batches until this much time has passed… */
export const RUN_BUDGET_MS = 20_000;
/** …or this many mails were handled. */
export const RUN_MAX_MAILS = 2_000;
/** After this many transient failures in a row the provider is probably down: stop the run. */
export const MAX_CONSECUTIVE_TRANSIENT_FAILURES = 3;
/** Mail handed back by a stopped run waits this long when the provider gave no time. */
export const STOPPED_RUN_RETRY_SECONDS = 60;

/** A claimed row: only the columns the job reads. */
const claimedRowSchema = z.object({
  id: z.string(),
  to_address: z.string(),
  subject: z.string(),
  html: z.string(),
  text_body: z.string().nullable(),
  kind: z.string(),
  headers: z.record(z.string(), z.unknown()).nullable(),
  attempts: z.number().int(),
  /** Inline files, or documents to render at sending (worker/money/attachments.ts). */
  attachments: z.array(z.record(z.string(), z.unknown())).optional(),
});
type ClaimedRow = z.infer<typeof claimedRowSchema>;

const messageSchema = outgoingEmailSchema.omit({ from: true });

/** The provider's idempotency key of a queued mail: the same for every attempt at it. */
export function idempotencyKeyOf(rowId: string): string {
  return `outgoing-email/${rowId}`;
}

/** The row as a provider message, or why it can never be sent. */
export function messageOf(
  row: ClaimedRow,
): { ok: true; message: EmailMessage } | { ok: false; error: string } {
  const parsed = messageSchema.safeParse({
    to: row.to_address,
    subject: row.subject,
    html: row.html,
    text: row.text_body,
    headers: row.headers ?? {},
    kind: row.kind,
    attachments: row.attachments ?? [],
  });
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return {
      ok: false,
      error: `Not sendable: ${issue?.path.join(".") || "message"}: ${issue?.message ?? "invalid"}`,
    };
  }
  const { attachments, ...message } = parsed.data;
  return {
    ok: true,
    message: {
      ...message,
      ...(attachments.length ? { attachments } : {}),
      idempotencyKey: idempotencyKeyOf(row.id),
    },
  };
}

interface Tally {
  sent: number;
  failed: number;
  retrying: number;
  deferred: number;
  /** Outcomes the database did not take (unreachable): the lease hands those rows back. */
  unrecorded: number;
}

/** The report of one send, as complete_outgoing_emails takes it. */
function report(row: ClaimedRow, outcome: SendResult) {
  if (outcome.ok) return { id: row.id, delivered: true, claimed_attempt: row.attempts };
  return {
    id: row.id,
    delivered: false,
    error: outcome.error,
    claimed_attempt: row.attempts,
    retry_after_seconds:
      outcome.retry === "later" ? (outcome.retryAfterSeconds ?? STOPPED_RUN_RETRY_SECONDS) : null,
    permanent: outcome.retry === "never",
  };
}

const completedSchema = z.array(z.object({ id: z.string(), status: z.string().nullable() }));

/** Records a chunk's outcomes in one round trip and counts them. */
async function complete(
  db: ServiceDb,
  done: Array<{ row: ClaimedRow; outcome: SendResult }>,
  tally: Tally,
): Promise<void> {
  if (!done.length) return;
  const { data, error } = await db.rpc("complete_outgoing_emails", {
    results: done.map((d) => report(d.row, d.outcome)),
  });
  const parsed = error ? null : completedSchema.safeParse(data);
  if (!parsed?.success) {
    // The rows stay 'sending' until their lease ends; the next run sends them again under the
    // same idempotency keys, so the provider does not deliver twice.
    console.error(
      `[deliver-emails] recording ${done.length} outcomes failed: ${error?.message ?? "unexpected answer"}`,
    );
    tally.unrecorded += done.length;
    return;
  }
  const deferred = new Set(
    done.filter((d) => !d.outcome.ok && d.outcome.retry === "later").map((d) => d.row.id),
  );
  for (const { id, status } of parsed.data) {
    if (status === "sent") tally.sent++;
    else if (status === "failed") tally.failed++;
    else if (status === "pending") tally[deferred.has(id) ? "deferred" : "retrying"]++;
    // null: another run holds or finished the row (this run's lease had ended) — nothing to count.
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Outcomes are recorded in groups of this many (one database call each) while sending goes on. */
export const RECORD_GROUP_SIZE = 100;
/** Batch calls in flight at once, for a provider that takes batches (one is stored while the next is read). */
export const BATCHES_IN_FLIGHT = 2;

/**
 * Sends one claimed batch with its sends always in flight (a slow send holds up only its own
 * slot): `concurrency` single sends, or for a provider that takes batches BATCHES_IN_FLIGHT batch
 * calls of up to `maxBatch` mails (mail with attachments still goes alone); at most
 * `maxPerSecond`. The outcomes are recorded RECORD_GROUP_SIZE at a time in the background — one
 * round trip per group, never a pause in sending. Returns the failure that stopped the run early
 * (throttled, misconfigured, or the provider looks down), if any; the rows it did not get to go
 * back to the queue uncounted.
 *
 * A run killed before a group is recorded leaves those rows 'sending' until their lease ends; the
 * next run sends them again under the same idempotency keys and the provider delivers them once.
 */
async function sendBatch(
  db: ServiceDb,
  provider: EmailProvider,
  rows: ClaimedRow[],
  tally: Tally,
  render: AttachmentRenderer,
): Promise<SendFailed | null> {
  let stop: SendFailed | null = null;
  let transientInARow = 0;
  let next = 0;
  let unrecorded: Array<{ row: ClaimedRow; outcome: SendResult }> = [];
  let recording: Promise<void> = Promise.resolve();
  const record = () => {
    const group = unrecorded;
    unrecorded = [];
    if (group.length) recording = recording.then(() => complete(db, group, tally));
  };
  const batchSize = provider.sendBatch ? Math.max(1, provider.maxBatch ?? 1) : 1;
  const slots = batchSize > 1 ? BATCHES_IN_FLIGHT : provider.concurrency;
  // With a rate limit, the slots together send at most maxPerSecond.
  const msPerMail = provider.maxPerSecond > 0 ? (slots / provider.maxPerSecond) * 1000 : 0;
  const hasAttachments = (row: ClaimedRow) => (row.attachments?.length ?? 0) > 0;

  /** The next rows one slot sends in one call: a mail with attachments alone, others up to batchSize. */
  const take = (): ClaimedRow[] => {
    const unit: ClaimedRow[] = [];
    while (next < rows.length && unit.length < batchSize) {
      const row = rows[next]!;
      if (hasAttachments(row) && unit.length) break;
      unit.push(row);
      next++;
      if (hasAttachments(row)) break;
    }
    return unit;
  };

  const sendOne = async (row: ClaimedRow): Promise<SendResult> => {
    // Documents named by the row (invoice and receipt PDFs) are rendered now, from the database.
    const rendered = await render(row.attachments ?? []);
    if (!rendered.ok) return { ok: false, error: rendered.error, retry: rendered.retry };
    const msg = messageOf({ ...row, attachments: rendered.attachments });
    return msg.ok ? provider.send(msg.message) : { ok: false, error: msg.error, retry: "never" };
  };

  const sendUnit = async (unit: ClaimedRow[]): Promise<SendResult[]> => {
    if (unit.length === 1 || !provider.sendBatch) return Promise.all(unit.map(sendOne));
    const messages = unit.map((row) => messageOf(row));
    const sendable = messages.flatMap((m) => (m.ok ? [m.message] : []));
    const sent = sendable.length ? await provider.sendBatch(sendable) : [];
    let k = 0;
    return messages.map(
      (m): SendResult => (m.ok ? sent[k++]! : { ok: false, error: m.error, retry: "never" }),
    );
  };

  const slot = async () => {
    while (!stop && next < rows.length) {
      const unit = take();
      const started = Date.now();
      const outcomes = await sendUnit(unit);
      unit.forEach((row, i) => {
        const outcome = outcomes[i]!;
        if (outcome.ok) transientInARow = 0;
        else {
          console.warn(`[deliver-emails] ${row.id} to ${row.to_address}: ${outcome.error}`);
          transientInARow = outcome.retry === "backoff" ? transientInARow + 1 : 0;
          if (outcome.stopRun) stop ??= outcome;
          else if (transientInARow >= MAX_CONSECUTIVE_TRANSIENT_FAILURES)
            stop ??= {
              ok: false,
              retry: "later",
              retryAfterSeconds: STOPPED_RUN_RETRY_SECONDS,
              error: `stopped after ${transientInARow} failures in a row: ${outcome.error}`,
            };
        }
        unrecorded.push({ row, outcome });
      });
      if (unrecorded.length >= RECORD_GROUP_SIZE) record();
      if (msPerMail > 0) await sleep(unit.length * msPerMail - (Date.now() - started));
    }
  };
  await Promise.all(Array.from({ length: Math.min(slots, rows.length) }, slot));
  record();
  // Set inside the slots: TypeScript's narrowing does not see it.
  const stopped = stop as SendFailed | null;
  if (stopped) {
    const handBack: SendFailed = {
      ok: false,
      retry: "later",
      retryAfterSeconds: stopped.retryAfterSeconds ?? STOPPED_RUN_RETRY_SECONDS,
      error: `Not sent: the run stopped (${stopped.error})`,
    };
    unrecorded = rows.slice(next).map((row) => ({ row, outcome: handBack }));
    record();
  }
  await recording;
  return stopped;
}

/** Rows due now: pending, or claimed by a run whose lease has ended. */
async function countDue(db: ServiceDb, now: Date): Promise<number | null> {
  const at = now.toISOString();
  const { count, error } = await db
    .from("outgoing_emails")
    .select("id", { count: "exact", head: true })
    .lte("not_before", at)
    .lt("attempts", 5)
    .or(`status.eq.pending,and(status.eq.sending,lease_until.lt.${at})`);
  if (error) {
    console.error(`[deliver-emails] counting the queue failed: ${error.message}`);
    return null;
  }
  return count ?? 0;
}

export async function deliverEmailsRun(
  env: JobEnv,
  now: Date,
  deps: { fetch?: typeof fetch; budgetMs?: number } = {},
): Promise<JobResult> {
  const selection = selectEmailProvider(env, deps.fetch);
  // Misconfigured: leave the queue alone (nothing claimed, nothing spent) and say why.
  if (!selection.ok) throw new Error(selection.error);
  const provider = selection.provider;
  const db = serviceDb(env, deps.fetch);
  const render = attachmentRenderer(db, env.REAC_LICENCE || null);
  const budget = deps.budgetMs ?? RUN_BUDGET_MS;
  // Enough per claim that claiming (a sort of the due rows) is a small share of a batch.
  const batchSize = Math.max(provider.concurrency * 20, (provider.maxBatch ?? 1) * BATCHES_IN_FLIGHT * 4, 10);
  const tally: Tally = { sent: 0, failed: 0, retrying: 0, deferred: 0, unrecorded: 0 };
  let handled = 0;
  let stopped: SendFailed | null = null;
  let drained = false;

  while (Date.now() - now.getTime() < budget && handled < RUN_MAX_MAILS) {
    const { data, error } = await db.rpc("claim_outgoing_emails", {
      batch_size: Math.min(batchSize, RUN_MAX_MAILS - handled),
      lease_seconds: DELIVERY_LEASE_SECONDS,
    });
    if (error) throw new Error(`claiming mail failed: ${error.message}`);
    const rows = z.array(claimedRowSchema).parse(data);
    if (!rows.length) {
      drained = true;
      break;
    }
    handled += rows.length;
    stopped = await sendBatch(db, provider, rows, tally, render);
    if (stopped) break;
    if (rows.length < batchSize) {
      drained = true;
      break;
    }
  }

  const remaining = drained ? 0 : await countDue(db, new Date());
  return {
    more: !stopped && (remaining ?? 1) > 0,
    figures: { provider: provider.name, ...tally, remaining, ...(stopped ? { stopped: stopped.error } : {}) },
  };
}

export const deliverEmails = defineJob({
  name: "deliver-emails",
  run: (env, now) => deliverEmailsRun(env, now),
});
