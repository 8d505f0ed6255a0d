/**
 * Which online payment provider the worker uses, from its configuration:
 *
 * | variable              | kind   | meaning                                                                  |
 * | --------------------- | ------ | ------------------------------------------------------------------------ |
 * | `PAYSTACK_SECRET_KEY` | secret | Paystack secret key (`wrangler secret put PAYSTACK_SECRET_KEY`)           |
 * | `PAYSTACK_BASE_URL`   | var    | optional: Paystack's API (default https://api.paystack.co); a local stack |
 * |                       |        | sets the emulator's sandbox, `<SUPABASE_URL>/_paystack` (vite.config.ts)  |
 *
 * Without a key, "Pay now" answers 503 and the public invoice shows the bank and MoMo details only.
 * The sandbox's key works only against the sandbox, and a live key is refused against it.
 */
import { PAYSTACK_API_URL } from "#core/payments/online-payments.ts";
import type { EdgeEnv } from "../env.ts";
import { paystackProvider } from "./paystack-provider.ts";
import type { PaymentProvider } from "./provider.ts";

export type PaymentProviderSelection = { ok: true; provider: PaymentProvider } | { ok: false; error: string };

export function selectPaymentProvider(
  env: Pick<EdgeEnv, "PAYSTACK_SECRET_KEY" | "PAYSTACK_BASE_URL">,
  fetchImpl?: typeof fetch,
): PaymentProviderSelection {
  const key = env.PAYSTACK_SECRET_KEY?.trim();
  if (!key) return { ok: false, error: "Online payments are not configured (PAYSTACK_SECRET_KEY)" };
  if (!/^sk_(test|live)_[A-Za-z0-9_]+$/.test(key))
    return { ok: false, error: "PAYSTACK_SECRET_KEY is not a Paystack secret key (sk_test_… or sk_live_…)" };
  const baseUrl = env.PAYSTACK_BASE_URL?.trim() || PAYSTACK_API_URL;
  let host: string;
  try {
    host = new URL(baseUrl).hostname;
  } catch {
    return { ok: false, error: `PAYSTACK_BASE_URL "${baseUrl}" is not a URL` };
  }
  const local = host === "localhost" || host === "127.0.0.1" || host.endsWith(".localhost");
  if (local && key.startsWith("sk_live_"))
    return { ok: false, error: "A live Paystack key is never sent to a local sandbox" };
  return { ok: true, provider: paystackProvider({ secretKey: key, baseUrl, fetch: fetchImpl }) };
}
