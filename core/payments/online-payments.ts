/**
 * Paying a public invoice online, shared by the edge worker (the provider
 * client, worker/payments/) and the local sandbox (emulator/src/paystack/), so both speak the
 * same Paystack shapes (https://paystack.com/docs/api/transaction/):
 *   POST /transaction/initialize {email, amount (minor units), currency, reference, callback_url,
 *        channels, metadata} → {status: true, message, data: {authorization_url, access_code, reference}}
 *   GET  /transaction/verify/:reference → {status: true, message, data: {id, status, reference,
 *        amount, currency, channel, paid_at, gateway_response, authorization: {bank, …}, customer: {email}}}
 *   webhook POST {event: "charge.success", data: <the transaction>} with header
 *        x-paystack-signature = hex HMAC-SHA512 of the raw body, keyed with the secret key.
 * Errors: {status: false, message} (400 unknown reference, 401 bad key).
 */
import { z } from "zod";
import { MOMO_NETWORKS, type MomoNetwork } from "./payments.ts";

export const PAYSTACK_API_URL = "https://api.paystack.co";
export const PAYSTACK_SIGNATURE_HEADER = "x-paystack-signature";
export {
  PAYSTACK_INITIALIZE_PATH,
  PAYSTACK_VERIFY_PATH,
  PAYSTACK_WEBHOOK_PATH,
} from "./payment-endpoints.ts";
/** The emulator's Paystack sandbox (local stacks and tests only). */
export const PAYSTACK_SANDBOX_PATH = "/_paystack";
/** The sandbox's fixed key (like the local Supabase keys): a local stack's PAYSTACK_SECRET_KEY; worthless anywhere else. */
export const PAYSTACK_SANDBOX_SECRET_KEY = "sk_test_ghana_realty_local_sandbox";

export const ONLINE_CHANNELS = ["mobile_money", "card"] as const;
export type OnlineChannel = (typeof ONLINE_CHANNELS)[number];
export const ONLINE_CHANNEL_LABELS: Record<OnlineChannel, string> = {
  mobile_money: "Mobile money (MTN, Telecel, AirtelTigo)",
  card: "Card",
};

/** Paystack's mobile money provider codes in Ghana ↔ our networks. */
export const PAYSTACK_MOMO_CODES: Record<MomoNetwork, string> = {
  mtn: "mtn",
  telecel: "vod",
  airteltigo: "atl",
};
export function networkFromPaystack(code: string | null | undefined): MomoNetwork | null {
  const c = (code ?? "").toLowerCase();
  const found = (Object.entries(PAYSTACK_MOMO_CODES) as [MomoNetwork, string][]).find(
    ([, v]) => v === c || c.startsWith(v),
  );
  if (found) return found[0];
  if (c.includes("telecel") || c.includes("vodafone")) return "telecel";
  if (c.includes("airtel") || c.includes("tigo")) return "airteltigo";
  return (MOMO_NETWORKS as readonly string[]).includes(c) ? (c as MomoNetwork) : null;
}

// ── What the public page sends the worker ────────────────────────────────────────────────────

export const payNowRequestSchema = z.strictObject({
  invoice_id: z.uuid({ error: "Not an invoice" }),
  channel: z.enum(ONLINE_CHANNELS, { error: "Choose mobile money or card" }),
  email: z
    .string()
    .trim()
    .max(254)
    .regex(/^[^@\s]+@[^@\s]+\.[^@\s]+$/, "Enter the e-mail address for your receipt"),
});
export type PayNowRequest = z.infer<typeof payNowRequestSchema>;
export const payNowResponseSchema = z.object({ authorization_url: z.url(), reference: z.string() });

export const verifyRequestSchema = z.strictObject({
  reference: z.string().regex(/^[A-Za-z0-9.=-]{8,100}$/, "Not a payment reference"),
});
export const verifyResponseSchema = z.object({
  status: z.enum(["success", "failed", "abandoned", "pending"]),
  message: z.string(),
  receipt_number: z.string().nullable(),
  receipt_id: z.string().nullable(),
  invoice_status: z.string().nullable(),
});
export type VerifyResponse = z.infer<typeof verifyResponseSchema>;

/** A reference the worker makes: unique, in Paystack's alphabet (alphanumerics, - . =). */
export function newPaymentReference(random: string = crypto.randomUUID()): string {
  return `GR-${random.replace(/-/g, "").slice(0, 20)}`;
}

// ── Paystack's API shapes ────────────────────────────────────────────────────────────────────

export const paystackInitializeBodySchema = z.object({
  email: z.string().regex(/^[^@\s]+@[^@\s]+\.[^@\s]+$/, "Invalid Email Address Passed"),
  amount: z.union([z.number().int().positive(), z.string().regex(/^[1-9]\d*$/)]).transform(Number),
  currency: z.enum(["GHS", "USD", "NGN", "ZAR", "KES"]).default("GHS"),
  reference: z
    .string()
    .regex(/^[A-Za-z0-9.=-]+$/, "Invalid reference")
    .optional(),
  callback_url: z.url().optional(),
  channels: z
    .array(z.enum(["card", "bank", "ussd", "qr", "mobile_money", "bank_transfer", "eft"]))
    .optional(),
  metadata: z.unknown().optional(),
});
export type PaystackInitializeBody = z.input<typeof paystackInitializeBodySchema>;

export const paystackInitializeResponseSchema = z.object({
  status: z.literal(true),
  message: z.string(),
  data: z.object({ authorization_url: z.url(), access_code: z.string(), reference: z.string() }),
});

export const paystackTransactionSchema = z.object({
  id: z.number(),
  domain: z.string().optional(),
  status: z.enum([
    "success",
    "failed",
    "abandoned",
    "reversed",
    "pending",
    "ongoing",
    "processing",
    "queued",
  ]),
  reference: z.string(),
  amount: z.number().int(),
  currency: z.string(),
  channel: z.string().nullable().optional(),
  gateway_response: z.string().nullable().optional(),
  paid_at: z.string().nullable().optional(),
  created_at: z.string().optional(),
  metadata: z.unknown().optional(),
  authorization: z
    .object({
      channel: z.string().nullable().optional(),
      bank: z.string().nullable().optional(),
      brand: z.string().nullable().optional(),
      last4: z.string().nullable().optional(),
    })
    .partial()
    .nullable()
    .optional(),
  customer: z.object({ email: z.string().nullable().optional() }).partial().nullable().optional(),
});
export type PaystackTransaction = z.infer<typeof paystackTransactionSchema>;

export const paystackVerifyResponseSchema = z.object({
  status: z.literal(true),
  message: z.string(),
  data: paystackTransactionSchema,
});
export const paystackErrorSchema = z.object({ status: z.literal(false), message: z.string() });

export const paystackWebhookEventSchema = z.object({
  event: z.string().min(1).max(100),
  data: z
    .object({ id: z.union([z.number(), z.string()]).optional(), reference: z.string().optional() })
    .loose(),
});
export type PaystackWebhookEvent = z.infer<typeof paystackWebhookEventSchema>;

// ── The webhook signature ────────────────────────────────────────────────────────────────────

function hex(bytes: ArrayBuffer): string {
  return [...new Uint8Array(bytes)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

/** hex(HMAC-SHA512(secretKey, body)) — what Paystack sends in x-paystack-signature (Web Crypto: worker, Node, browser). */
export async function paystackSignature(secretKey: string, body: string | Uint8Array): Promise<string> {
  const enc = new TextEncoder();
  const key = await crypto.subtle.importKey(
    "raw",
    enc.encode(secretKey),
    { name: "HMAC", hash: "SHA-512" },
    false,
    ["sign"],
  );
  const data = typeof body === "string" ? enc.encode(body) : body;
  return hex(await crypto.subtle.sign("HMAC", key, data as BufferSource));
}

/** Constant-time comparison of the received signature with the expected one. */
export async function validPaystackSignature(
  secretKey: string,
  body: string | Uint8Array,
  received: string | null | undefined,
): Promise<boolean> {
  if (!received || !/^[0-9a-f]{128}$/i.test(received)) return false;
  const expected = await paystackSignature(secretKey, body);
  let diff = 0;
  const a = expected.toLowerCase();
  const b = received.toLowerCase();
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}
