/**
 * WhatsApp Business through Meta's Cloud API (https://developers.facebook.com/docs/whatsapp/cloud-api):
 *   POST {base}/{phone-number-id}/messages   Bearer access token; a template with its parameters
 * — against graph.facebook.com in production and the emulator's sandbox locally (same code, another
 * base URL and token: select-provider.ts). Answers become core's e-mail SendResult semantics:
 *
 * | answer                                              | retry              | why                                   |
 * | --------------------------------------------------- | ------------------ | ------------------------------------- |
 * | 200 {messages: [{id}]}                              | —                  | accepted (wamid…)                     |
 * | 400 (template, parameters, recipient refused)       | never              | this message will never go            |
 * | 401, 403 (token, permissions)                       | later 5 min, stop  | configuration, not this message       |
 * | 429, codes 4, 80007, 130429, 131048, 131056         | later, stop run    | throttled                             |
 * | 5xx, network, timeout, 200 without an id            | backoff            | transient                             |
 *
 * The Cloud API has no idempotency key: `biz_opaque_callback_data` carries our message id, so the
 * 'sent' status webhook finds the message even when the run that sent it died before recording.
 */
import { cloudErrorSchema, cloudSendResponseSchema, cloudTemplateMessage } from "#core/whatsapp/whatsapp.ts";
import type { SendResult } from "../email/provider.ts";
import {
  MISCONFIGURED_RETRY_SECONDS,
  SEND_TIMEOUT_MS,
  THROTTLED_RETRY_SECONDS,
} from "../email/send-result.ts";

export interface WhatsAppSend {
  /** E.164. */
  to: string;
  template: string;
  language: string;
  params: string[];
  /** Our message id (echoed in its status webhooks). */
  reference: string;
}

export interface WhatsAppProvider {
  readonly name: "cloud-api";
  /** Messages in flight at once. */
  readonly concurrency: number;
  send(message: WhatsAppSend): Promise<SendResult>;
}

export interface CloudApiOptions {
  baseUrl: string;
  phoneNumberId: string;
  accessToken: string;
  fetch?: typeof fetch;
  timeoutMs?: number;
}

const THROTTLE_CODES = new Set([4, 80007, 130429, 131048, 131056]);

export function cloudApiProvider(options: CloudApiOptions): WhatsAppProvider {
  const url = `${options.baseUrl.replace(/\/+$/, "")}/${encodeURIComponent(options.phoneNumberId)}/messages`;
  const doFetch = options.fetch ?? ((input, init) => fetch(input, init));
  return {
    name: "cloud-api",
    concurrency: 4,
    async send(m): Promise<SendResult> {
      let res: Response;
      try {
        res = await doFetch(url, {
          method: "POST",
          headers: { authorization: `Bearer ${options.accessToken}`, "content-type": "application/json" },
          body: JSON.stringify(
            cloudTemplateMessage({
              toE164: m.to,
              template: m.template,
              language: m.language,
              params: m.params,
              reference: m.reference,
            }),
          ),
          signal: AbortSignal.timeout(options.timeoutMs ?? SEND_TIMEOUT_MS),
        });
      } catch (err) {
        return { ok: false, retry: "backoff", error: `whatsapp unreachable: ${(err as Error).message}` };
      }
      const body: unknown = await res.json().catch(() => null);
      if (res.ok) {
        const sent = cloudSendResponseSchema.safeParse(body);
        return sent.success
          ? { ok: true, id: sent.data.messages[0]!.id }
          : { ok: false, retry: "backoff", error: `whatsapp ${res.status}: accepted without a message id` };
      }
      const e = cloudErrorSchema.safeParse(body).data?.error;
      const error =
        `whatsapp ${res.status}${e?.code ? ` (#${e.code})` : ""}: ${e?.error_data?.details ?? e?.message ?? "refused"}`.slice(
          0,
          1000,
        );
      if (res.status === 429 || (e?.code !== undefined && THROTTLE_CODES.has(e.code))) {
        const after = Number(res.headers.get("retry-after"));
        return {
          ok: false,
          retry: "later",
          retryAfterSeconds: Number.isFinite(after) && after > 0 ? Math.ceil(after) : THROTTLED_RETRY_SECONDS,
          stopRun: true,
          error,
        };
      }
      if (res.status === 401 || res.status === 403)
        return {
          ok: false,
          retry: "later",
          retryAfterSeconds: MISCONFIGURED_RETRY_SECONDS,
          stopRun: true,
          error,
        };
      if (res.status >= 400 && res.status < 500) return { ok: false, retry: "never", error };
      return { ok: false, retry: "backoff", error };
    },
  };
}
