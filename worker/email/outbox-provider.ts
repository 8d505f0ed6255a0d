/**
 * The `outbox` provider (local stacks, dev, tests): hands each message to the Supabase emulator's
 * outbox (`POST <SUPABASE_URL>/_outbox/api/send`, secret key), which stores it — sender, headers,
 * kind and all — where /_outbox and /_outbox/api/messages show it. Nothing leaves the machine.
 * The emulator answers like Resend (idempotency key, `{id}`, `{statusCode, name, message}`), so
 * the delivery job meets the same outcomes locally as in production. Mail without attachments goes
 * in batches (`POST /_outbox/api/send-batch`), each mail under its own idempotency key.
 */
import { IDEMPOTENCY_KEY_HEADER, OUTBOX_SEND_BATCH_PATH, OUTBOX_SEND_PATH } from "#core/schemas/email.ts";
import type { EmailMessage, EmailProvider } from "./provider.ts";
import { postBatchToProvider, postToProvider } from "./send-result.ts";

/** Mails per batch call: one outbox transaction each (a mail per transaction was most of a send's cost). */
export const OUTBOX_BATCH_SIZE = 25;

export interface OutboxProviderOptions {
  /** The emulator's URL (SUPABASE_URL of a local stack). */
  supabaseUrl: string;
  secretKey: string;
  from: string;
  fetch?: typeof fetch;
}

export function outboxProvider(options: OutboxProviderOptions): EmailProvider {
  const url = `${options.supabaseUrl.replace(/\/+$/, "")}${OUTBOX_SEND_PATH}`;
  const batchUrl = `${options.supabaseUrl.replace(/\/+$/, "")}${OUTBOX_SEND_BATCH_PATH}`;
  const doFetch = options.fetch ?? ((input, init) => fetch(input, init));
  const auth = {
    apikey: options.secretKey,
    Authorization: `Bearer ${options.secretKey}`,
    "Content-Type": "application/json",
  };
  const send = (message: EmailMessage) => {
    const { idempotencyKey, ...mail } = message;
    return postToProvider("outbox", doFetch, url, {
      headers: { ...auth, ...(idempotencyKey ? { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey } : {}) },
      body: JSON.stringify({ from: options.from, ...mail }),
    });
  };
  return {
    name: "outbox",
    concurrency: 10,
    maxPerSecond: 0,
    maxBatch: OUTBOX_BATCH_SIZE,
    send,
    // One call and one transaction for many mails; each keeps its own key (the row's), so a batch
    // sent again after a crash stores nothing twice, however the rows are grouped the next time.
    async sendBatch(messages: EmailMessage[]) {
      if (messages.some((m) => !m.idempotencyKey)) return Promise.all(messages.map(send));
      const body = {
        messages: messages.map(({ idempotencyKey, ...mail }) => ({
          idempotency_key: idempotencyKey!,
          message: { from: options.from, ...mail },
        })),
      };
      return postBatchToProvider(
        "outbox",
        doFetch,
        batchUrl,
        { headers: auth, body: JSON.stringify(body) },
        messages.length,
      );
    },
  };
}
