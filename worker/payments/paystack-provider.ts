/**
 * Paystack as the online payment provider (https://paystack.com/docs/api/transaction/):
 *   initialize  POST {base}/transaction/initialize  (Bearer secret key; amount in pesewas)
 *   verify      GET  {base}/transaction/verify/{reference}
 *   webhook     x-paystack-signature = hex HMAC-SHA512(secret key, raw body)
 * The shapes and the signature live in core/payments/online-payments.ts, shared with the local
 * sandbox that plays Paystack in the emulator.
 */
import {
  networkFromPaystack,
  PAYSTACK_SIGNATURE_HEADER,
  paystackErrorSchema,
  paystackInitializeResponseSchema,
  paystackVerifyResponseSchema,
  paystackWebhookEventSchema,
  validPaystackSignature,
} from "#core/payments/online-payments.ts";
import type { InitializeResult, PaymentProvider, VerifyResult, WebhookCheck } from "./provider.ts";

export interface PaystackOptions {
  secretKey: string;
  baseUrl: string;
  fetch?: typeof fetch;
  /** One call may take this long before it counts as failed. */
  timeoutMs?: number;
}

const PAYSTACK_CHANNEL = { mobile_money: ["mobile_money"], card: ["card"] } as const;

export function paystackProvider(options: PaystackOptions): PaymentProvider {
  const base = options.baseUrl.replace(/\/+$/, "");
  const doFetch = options.fetch ?? ((input, init) => fetch(input, init));
  const timeout = options.timeoutMs ?? 15_000;
  const headers = {
    Authorization: `Bearer ${options.secretKey}`,
    "Content-Type": "application/json",
    "User-Agent": "ghana-realty-edge",
  };

  type Answer = { reached: true; status: number; body: unknown } | { reached: false; error: string };
  async function call(path: string, init: RequestInit): Promise<Answer> {
    try {
      const res = await doFetch(`${base}${path}`, { ...init, headers, signal: AbortSignal.timeout(timeout) });
      const text = await res.text();
      let body: unknown = null;
      try {
        body = JSON.parse(text);
      } catch {
        body = { status: false, message: text.slice(0, 200) };
      }
      return { reached: true, status: res.status, body };
    } catch (err) {
      return { reached: false, error: `paystack unreachable: ${(err as Error).message}` };
    }
  }

  const messageOf = (body: unknown) =>
    paystackErrorSchema.safeParse(body).data?.message ?? "unexpected answer";

  return {
    name: "paystack",

    async initialize(input): Promise<InitializeResult> {
      const res = await call("/transaction/initialize", {
        method: "POST",
        body: JSON.stringify({
          email: input.email,
          amount: String(input.amountMinor),
          currency: input.currency,
          reference: input.reference,
          callback_url: input.callbackUrl,
          channels: PAYSTACK_CHANNEL[input.channel],
          metadata: input.metadata,
        }),
      });
      if (!res.reached) return { ok: false, error: res.error, retry: true };
      const parsed = paystackInitializeResponseSchema.safeParse(res.body);
      if (res.status === 200 && parsed.success)
        return {
          ok: true,
          authorizationUrl: parsed.data.data.authorization_url,
          accessCode: parsed.data.data.access_code,
        };
      return {
        ok: false,
        error: `paystack ${res.status}: ${messageOf(res.body)}`,
        retry: res.status >= 500 || res.status === 429,
      };
    },

    async verify(reference): Promise<VerifyResult> {
      const res = await call(`/transaction/verify/${encodeURIComponent(reference)}`, { method: "GET" });
      if (!res.reached) return { ok: false, notFound: false, error: res.error };
      const parsed = paystackVerifyResponseSchema.safeParse(res.body);
      if (res.status === 200 && parsed.success) {
        const t = parsed.data.data;
        const channel =
          t.channel === "mobile_money" ? "mobile_money" : t.channel === "card" ? "card" : "other";
        const status =
          t.status === "success"
            ? "success"
            : t.status === "failed" || t.status === "reversed"
              ? "failed"
              : t.status === "abandoned"
                ? "abandoned"
                : "pending";
        return {
          ok: true,
          transaction: {
            status,
            reference: t.reference,
            providerId: String(t.id),
            amountMinor: t.amount,
            currency: t.currency,
            channel,
            network: channel === "mobile_money" ? networkFromPaystack(t.authorization?.bank ?? null) : null,
            paidAt: t.paid_at ?? null,
            gatewayResponse: t.gateway_response ?? null,
          },
        };
      }
      // Paystack answers an unknown reference with 400 "Transaction reference not found".
      const message = messageOf(res.body);
      return {
        ok: false,
        notFound: (res.status === 400 || res.status === 404) && /not found/i.test(message),
        error: `paystack ${res.status}: ${message}`,
      };
    },

    async checkWebhook(rawBody, hdrs): Promise<WebhookCheck> {
      if (!(await validPaystackSignature(options.secretKey, rawBody, hdrs.get(PAYSTACK_SIGNATURE_HEADER))))
        return { ok: false, status: 401, error: "The x-paystack-signature does not match the body" };
      let json: unknown;
      try {
        json = JSON.parse(new TextDecoder().decode(rawBody));
      } catch {
        return { ok: false, status: 400, error: "The body is not JSON" };
      }
      const parsed = paystackWebhookEventSchema.safeParse(json);
      if (!parsed.success) return { ok: false, status: 400, error: "Not a Paystack event" };
      const { event, data } = parsed.data;
      const reference = typeof data.reference === "string" ? data.reference : null;
      return { ok: true, event: { event, reference, key: `${event}:${data.id ?? reference ?? "?"}` } };
    },
  };
}
