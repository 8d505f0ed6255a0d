/**
 * The `resend` provider (production): Resend's REST API, `POST https://api.resend.com/emails` with
 * `Authorization: Bearer <RESEND_API_KEY>` (https://resend.com/docs/api-reference/emails/send-email).
 * Body: `from`, `to` (an array), `subject`, `html`, `text` (left out when absent: Resend then
 * derives it from the HTML), `headers` (custom headers such as List-Unsubscribe), `attachments`
 * (`{filename, content: base64, content_type}`: invoice and receipt PDFs), `tags` (the mail's kind,
 * for Resend's logs). `Idempotency-Key` makes a retry after a crash safe: Resend
 * answers the first send's id for 24 h instead of mailing again. Answer: `200 {id}`; errors
 * `{statusCode, name, message}` and `Retry-After`/`ratelimit-*` headers on 429 (send-result.ts).
 */
import { IDEMPOTENCY_KEY_HEADER } from "#core/schemas/email.ts";
import type { EmailMessage, EmailProvider } from "./provider.ts";
import { postToProvider } from "./send-result.ts";

export const RESEND_API_URL = "https://api.resend.com";
/** Resend's default limit is 2 requests per second per team; raise it with RESEND_MAX_PER_SECOND once Resend raised yours. */
export const RESEND_DEFAULT_MAX_PER_SECOND = 2;

export interface ResendProviderOptions {
  apiKey: string;
  from: string;
  maxPerSecond?: number;
  /** Tests point this at a stub; production leaves it. */
  baseUrl?: string;
  fetch?: typeof fetch;
}

/** The JSON body Resend's `POST /emails` takes for one message. */
export function resendRequestBody(from: string, message: EmailMessage): Record<string, unknown> {
  const headers = message.headers ?? {};
  return {
    from,
    to: [message.to],
    subject: message.subject,
    html: message.html,
    ...(message.text ? { text: message.text } : {}),
    ...(Object.keys(headers).length ? { headers } : {}),
    // Resend: [{filename, content (base64), content_type}] — invoices and receipts as PDF.
    ...(message.attachments?.length
      ? {
          attachments: message.attachments.map((a) => ({
            filename: a.filename,
            content: a.content,
            content_type: a.content_type ?? "application/octet-stream",
          })),
        }
      : {}),
    tags: [{ name: "kind", value: message.kind ?? "notification" }],
  };
}

export function resendProvider(options: ResendProviderOptions): EmailProvider {
  const url = `${(options.baseUrl ?? RESEND_API_URL).replace(/\/+$/, "")}/emails`;
  const doFetch = options.fetch ?? ((input, init) => fetch(input, init));
  const maxPerSecond = options.maxPerSecond ?? RESEND_DEFAULT_MAX_PER_SECOND;
  return {
    name: "resend",
    concurrency: Math.max(1, Math.min(maxPerSecond, 10)),
    maxPerSecond,
    send(message: EmailMessage) {
      return postToProvider("resend", doFetch, url, {
        headers: {
          Authorization: `Bearer ${options.apiKey}`,
          "Content-Type": "application/json",
          "User-Agent": "ghana-realty-edge",
          ...(message.idempotencyKey ? { [IDEMPOTENCY_KEY_HEADER]: message.idempotencyKey } : {}),
        },
        body: JSON.stringify(resendRequestBody(options.from, message)),
      });
    },
  };
}
