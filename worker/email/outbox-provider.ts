/**
 * The `outbox` provider (local stacks, dev, tests): hands each message to the Supabase emulator's
 * outbox (`POST <SUPABASE_URL>/_outbox/api/send`, secret key), which stores it — sender, headers,
 * kind and all — where /_outbox and /_outbox/api/messages show it. Nothing leaves the machine.
 * The emulator answers like Resend (idempotency key, `{id}`, `{statusCode, name, message}`), so
 * the delivery job meets the same outcomes locally as in production.
 */
import { IDEMPOTENCY_KEY_HEADER, OUTBOX_SEND_PATH } from "#core/schemas/email.ts";
import type { EmailMessage, EmailProvider } from "./provider.ts";
import { postToProvider } from "./send-result.ts";

export interface OutboxProviderOptions {
  /** The emulator's URL (SUPABASE_URL of a local stack). */
  supabaseUrl: string;
  secretKey: string;
  from: string;
  fetch?: typeof fetch;
}

export function outboxProvider(options: OutboxProviderOptions): EmailProvider {
  const url = `${options.supabaseUrl.replace(/\/+$/, "")}${OUTBOX_SEND_PATH}`;
  const doFetch = options.fetch ?? ((input, init) => fetch(input, init));
  return {
    name: "outbox",
    concurrency: 10,
    maxPerSecond: 0,
    send(message: EmailMessage) {
      const { idempotencyKey, ...mail } = message;
      return postToProvider("outbox", doFetch, url, {
        headers: {
          apikey: options.secretKey,
          Authorization: `Bearer ${options.secretKey}`,
          "Content-Type": "application/json",
          ...(idempotencyKey ? { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey } : {}),
        },
        body: JSON.stringify({ from: options.from, ...mail }),
      });
    },
  };
}
