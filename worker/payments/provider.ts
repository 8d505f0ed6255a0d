/**
 * The online payment provider interface of the edge worker: what the "Pay now"
 * flow needs from a payment service, whichever carries it. Today: Paystack (paystack-provider.ts)
 * — against api.paystack.co in production and the emulator's sandbox locally (same client code,
 * another base URL and key: select-provider.ts). A provider never throws for a refused call: it
 * answers a result the routes turn into HTTP.
 */
import type { OnlineChannel } from "#core/payments/online-payments.ts";
import type { MomoNetwork } from "#core/payments/payments.ts";

export interface InitializeInput {
  email: string;
  amountMinor: number;
  currency: "GHS" | "USD";
  reference: string;
  callbackUrl: string;
  channel: OnlineChannel;
  metadata: Record<string, string>;
}

export type InitializeResult =
  | { ok: true; authorizationUrl: string; accessCode: string }
  | { ok: false; error: string; retry: boolean };

/** A transaction as the provider reports it when asked (never as the browser or a webhook says). */
export interface VerifiedTransaction {
  status: "success" | "failed" | "abandoned" | "pending";
  reference: string;
  providerId: string;
  amountMinor: number;
  currency: string;
  channel: "mobile_money" | "card" | "other";
  network: MomoNetwork | null;
  paidAt: string | null;
  gatewayResponse: string | null;
}

export type VerifyResult =
  | { ok: true; transaction: VerifiedTransaction }
  | { ok: false; notFound: boolean; error: string };

/** A webhook whose signature checked out: the event name and the transaction reference it names. */
export interface WebhookEvent {
  event: string;
  /** event + provider transaction id: the same delivery again has the same key. */
  key: string;
  reference: string | null;
}

export type WebhookCheck =
  | { ok: true; event: WebhookEvent }
  | { ok: false; status: 400 | 401; error: string };

export interface PaymentProvider {
  readonly name: "paystack";
  initialize(input: InitializeInput): Promise<InitializeResult>;
  verify(reference: string): Promise<VerifyResult>;
  /** Checks the signature over the raw body, then parses the event. */
  checkWebhook(rawBody: Uint8Array, headers: Headers): Promise<WebhookCheck>;
}
