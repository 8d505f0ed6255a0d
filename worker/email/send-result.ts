/**
 * Turns a provider's HTTP answer into a SendResult. Resend and the emulator's outbox speak the same
 * shape (`{id}` on success; `{statusCode, name, message}` on error; `Retry-After` on 429), so both
 * providers share this, and the rules for "retry, wait, or give up" live in one place:
 *
 * | answer                                   | retry    | why                                         |
 * | ---------------------------------------- | -------- | ------------------------------------------- |
 * | 2xx `{id}`                               | —        | accepted                                    |
 * | 400, 422 (validation, bad idempotency key), 409 `invalid_idempotent_request` | never | the message itself is refused |
 * | 409 `concurrent_idempotent_requests`     | later 5 s | the same key is still being sent           |
 * | 429 (rate or daily quota)                | later, stop run | throttled: Retry-After / ratelimit-reset |
 * | 401, 403, 404, 405                       | later 5 min, stop run | credentials, sender domain or URL wrong: configuration, not this mail |
 * | 5xx, network error, timeout, 2xx without id | backoff | transient                                  |
 */
import { z } from "zod";
import { outboxBatchAnswerSchema, sentEmailSchema } from "#core/schemas/email.ts";
import type { SendFailed, SendResult } from "./provider.ts";

/** How long a misconfigured provider's mail waits before the next try (the fix is a deploy away). */
export const MISCONFIGURED_RETRY_SECONDS = 300;
export const THROTTLED_RETRY_SECONDS = 60;
export const CONCURRENT_KEY_RETRY_SECONDS = 5;
/** One provider call may take this long before it counts as a transient failure. */
export const SEND_TIMEOUT_MS = 15_000;

const errorBodySchema = z
  .object({ name: z.string().optional(), message: z.string().optional(), error: z.string().optional() })
  .loose();

function seconds(header: string | null): number | null {
  if (!header) return null;
  const n = Number(header);
  if (Number.isFinite(n) && n >= 0) return Math.ceil(n);
  const at = Date.parse(header); // Retry-After may be an HTTP date
  return Number.isNaN(at) ? null : Math.max(1, Math.ceil((at - Date.now()) / 1000));
}

export async function sendResultFromResponse(provider: string, res: Response): Promise<SendResult> {
  const body: unknown = await res.json().catch(() => null);
  if (res.ok) {
    const sent = sentEmailSchema.safeParse(body);
    if (sent.success) return { ok: true, id: sent.data.id };
    return { ok: false, retry: "backoff", error: `${provider} ${res.status}: accepted without a message id` };
  }
  const parsed = errorBodySchema.safeParse(body);
  const name = parsed.success ? (parsed.data.name ?? parsed.data.error ?? "") : "";
  const detail = parsed.success ? (parsed.data.message ?? "") : "";
  const error = `${provider} ${res.status}${name ? ` ${name}` : ""}${detail ? `: ${detail}` : ""}`.slice(
    0,
    2000,
  );
  const status = res.status;

  if (status === 429) {
    const wait =
      seconds(res.headers.get("retry-after")) ??
      seconds(res.headers.get("ratelimit-reset")) ??
      THROTTLED_RETRY_SECONDS;
    return { ok: false, retry: "later", retryAfterSeconds: Math.max(1, wait), stopRun: true, error };
  }
  if (status === 409 && name === "concurrent_idempotent_requests")
    return { ok: false, retry: "later", retryAfterSeconds: CONCURRENT_KEY_RETRY_SECONDS, error };
  if (status === 400 || status === 409 || status === 422) return { ok: false, retry: "never", error };
  if (status === 401 || status === 403 || status === 404 || status === 405)
    return {
      ok: false,
      retry: "later",
      retryAfterSeconds: MISCONFIGURED_RETRY_SECONDS,
      stopRun: true,
      error: `${error} (check EMAIL_PROVIDER, EMAIL_FROM and the API key)`,
    };
  return { ok: false, retry: "backoff", error };
}

/** A POST that never hangs a delivery run: a network error or a timeout is a transient failure. */
async function post(
  provider: string,
  doFetch: typeof fetch,
  url: string,
  init: RequestInit,
): Promise<Response | SendFailed> {
  try {
    return await doFetch(url, { ...init, method: "POST", signal: AbortSignal.timeout(SEND_TIMEOUT_MS) });
  } catch (err) {
    const timedOut = err instanceof Error && (err.name === "TimeoutError" || err.name === "AbortError");
    return {
      ok: false,
      retry: "backoff",
      error: timedOut
        ? `${provider} did not answer within ${SEND_TIMEOUT_MS / 1000} s`
        : `${provider} unreachable: ${err instanceof Error ? err.message : String(err)}`,
    };
  }
}

export async function postToProvider(
  provider: string,
  doFetch: typeof fetch,
  url: string,
  init: RequestInit,
): Promise<SendResult> {
  const res = await post(provider, doFetch, url, init);
  return res instanceof Response ? sendResultFromResponse(provider, res) : res;
}

/**
 * A batch call answering `{results: [{id} | {statusCode, name, message, retry_after?}]}` in order
 * (the outbox's send-batch): each refusal is judged by the same table as a single send's answer;
 * a call that fails as a whole (unreachable, 5xx, 401…) is that outcome for every message.
 */
export async function postBatchToProvider(
  provider: string,
  doFetch: typeof fetch,
  url: string,
  init: RequestInit,
  count: number,
): Promise<SendResult[]> {
  const res = await post(provider, doFetch, url, init);
  const whole = (r: SendResult) => Array.from({ length: count }, () => r);
  if (!(res instanceof Response)) return whole(res);
  if (!res.ok) return whole(await sendResultFromResponse(provider, res));
  const answer = outboxBatchAnswerSchema.safeParse(await res.json().catch(() => null));
  if (!answer.success || answer.data.results.length !== count)
    return whole({
      ok: false,
      retry: "backoff",
      error: `${provider} ${res.status}: a batch answer that does not match the batch`,
    });
  return Promise.all(
    answer.data.results.map((r) =>
      "id" in r
        ? ({ ok: true, id: r.id } satisfies SendResult)
        : sendResultFromResponse(
            provider,
            new Response(JSON.stringify(r), {
              status: r.statusCode,
              headers: r.retry_after ? { "retry-after": String(r.retry_after) } : {},
            }),
          ),
    ),
  );
}
