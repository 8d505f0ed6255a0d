/**
 * The e-mail provider interface of the edge worker: one `send()` for every mail the platform sends
 * (notification copies, replies, reminders, campaigns), whichever service carries it. Providers:
 * `outbox` (the local emulator's outbox: dev, demo, tests) and `resend` (production), chosen by
 * configuration in select-provider.ts. A provider never throws for a refused or failed send: it
 * says what the caller should do with the mail (send-result.ts classifies HTTP answers).
 */
import type { OutgoingEmail } from "#core/schemas/email.ts";

/** What `send()` takes: the message (core's schema, without `from`: the provider's sender) and its idempotency key. */
export interface EmailMessage extends Omit<OutgoingEmail, "from"> {
  /**
   * The same key for every attempt at one logical mail (the queue's dedup_key or row id): the
   * provider delivers it once even when a crashed run sends it again.
   */
  idempotencyKey?: string;
}

export type SendResult = SendAccepted | SendFailed;

export interface SendAccepted {
  ok: true;
  /** The provider's message id. */
  id: string;
}

export interface SendFailed {
  ok: false;
  /** For logs and the queue's last_error: what the provider said. */
  error: string;
  /**
   * What to do with the mail:
   *  - `backoff`: a transient failure of this send — retry later, counting an attempt;
   *  - `later`: the provider throttles or is misconfigured — not this mail's fault: retry after
   *    `retryAfterSeconds` without counting an attempt;
   *  - `never`: the provider will never accept this message (invalid address, body): fail it now.
   */
  retry: "backoff" | "later" | "never";
  retryAfterSeconds?: number;
  /** Sending more now is pointless (throttled, bad credentials): the caller stops this run. */
  stopRun?: boolean;
}

export interface EmailProvider {
  /** "outbox" | "resend": shown in job figures and logs. */
  readonly name: string;
  /** Sends at most this many messages at once (HTTP requests in flight). */
  readonly concurrency: number;
  /** Sends at most this many messages per second (Resend's default team limit is 2/s); 0 = no limit. */
  readonly maxPerSecond: number;
  send(message: EmailMessage): Promise<SendResult>;
  /**
   * Sends several messages in one call, each under its own idempotency key, answering each in
   * order (the outbox). A provider without it gets one `send()` per message (Resend: its batch
   * endpoint has no per-message idempotency key, which exactly-once after a crash needs).
   */
  sendBatch?(messages: EmailMessage[]): Promise<SendResult[]>;
  /** At most this many messages per `sendBatch` call. */
  readonly maxBatch?: number;
}
