/**
 * Paying a public invoice online:
 *   POST /api/payments/paystack/initialize  {invoice_id, channel, email} → 201 {authorization_url, reference}
 *        the amount is the invoice's balance due, fixed by the database (start_online_payment),
 *        never taken from the browser; the provider is called with the secret key here.
 *   POST /api/payments/paystack/verify      {reference} → {status, message, receipt_number, receipt_id, invoice_status}
 *        the visitor's return from the checkout: asks the provider, records a verified success.
 *   POST /api/payments/paystack/webhook     Paystack's events; x-paystack-signature checked over
 *        the raw body (401 otherwise, nothing stored); an unknown reference is 404 (nothing
 *        stored); the transaction is VERIFIED with the provider before anything is recorded; a
 *        replayed event is answered 200 {outcome: "duplicate"} and records nothing (Paystack
 *        retries anything else than 200).
 * Recording is complete_online_payment: one payment per reference whichever path comes first,
 * its receipt mailed (the job runner is woken so it leaves now).
 */
import { Hono, type Context } from "hono";
import {
  newPaymentReference,
  PAYSTACK_INITIALIZE_PATH,
  PAYSTACK_VERIFY_PATH,
  PAYSTACK_WEBHOOK_PATH,
  payNowRequestSchema,
  verifyRequestSchema,
  type VerifyResponse,
} from "#core/payments/online-payments.ts";
import { FORM_RATE_LIMIT } from "#core/form-fields.ts";
import { fieldErrors } from "#core/schemas/forms.ts";
import type { EdgeContext, EdgeEnv } from "../env.ts";
import { clientIp } from "../forms.ts";
import { jsonBody } from "../json-body.ts";
import { readCappedBody } from "#core/read-capped-body.ts";
import { hubPublisher } from "../inbox-live.ts";
import { jobRunner } from "../jobs/routes.ts";
import { serviceDb, type ServiceDb } from "../lib/service-db.ts";
import type { PaymentProvider, VerifiedTransaction } from "./provider.ts";
import { selectPaymentProvider } from "./select-provider.ts";

type RoutesEnv = { Bindings: EdgeEnv; Variables: { edge: EdgeContext } };
type C = Context<RoutesEnv>;

const MAX_JSON_BYTES = 4_096;
const MAX_WEBHOOK_BYTES = 65_536;

export interface PaymentRoutesDeps {
  /** Tests hand in a provider stub; production selects one from the configuration. */
  provider?: (env: EdgeEnv) => ReturnType<typeof selectPaymentProvider>;
  db?: (env: EdgeEnv) => ServiceDb;
  /** Wakes the job runner after a receipt was queued. */
  wakeJobs?: (c: C) => void;
  /** Tells signed-in admins' open money screens that a payment was recorded (ids only). */
  announce?: (c: C, paymentId: string) => void;
}

/**
 * A database refusal as HTTP: no such invoice/reference 404 (SQLSTATE PT404, PostgREST's own
 * mapping), a rule or a state 409, bad input 400, else 503.
 */
function dbRefusal(c: C, error: { code?: string; message: string }) {
  if (error.code === "PT404") return c.json({ error: "not_found", message: error.message }, 404);
  if (error.code === "P0001" || error.code === "PT409")
    return c.json({ error: "refused", message: error.message }, 409);
  if (error.code === "23514" || error.code === "22023")
    return c.json({ error: "invalid", message: error.message }, 400);
  console.error(`[payments] database: ${error.code ?? "?"} ${error.message}`);
  return c.json(
    { error: "unavailable", message: "Payments are unavailable for a moment; try again shortly" },
    503,
    { "Retry-After": "30" },
  );
}

export function paymentRoutes(deps: PaymentRoutesDeps = {}): Hono<RoutesEnv> {
  const app = new Hono<RoutesEnv>();
  const pick = deps.provider ?? ((env: EdgeEnv) => selectPaymentProvider(env));
  const db = deps.db ?? ((env: EdgeEnv) => serviceDb(env));
  const wake =
    deps.wakeJobs ??
    ((c: C) =>
      c.executionCtx.waitUntil(
        jobRunner(c.env)
          .kick()
          .catch((err: unknown) => console.error("[payments] waking the job runner failed:", err)),
      ));

  // The hub relays frames of signed-in browsers only: a payment the visitor made online reaches
  // colleagues' invoices lists and finance dashboards through its internal publish route.
  const announce =
    deps.announce ??
    ((c: C, paymentId: string) =>
      c.executionCtx.waitUntil(
        hubPublisher(c.env)({ updates: [{ module: "finances", action: "created", ids: [paymentId] }] }),
      ));

  function providerOr503(c: C): PaymentProvider | Response {
    const selection = pick(c.env);
    if (!selection.ok) {
      console.error(`[payments] ${selection.error}`);
      return c.json(
        {
          error: "not_configured",
          message:
            "Online payment is not available right now; use the bank or mobile money details on the invoice",
        },
        503,
      );
    }
    return selection.provider;
  }

  /** Records (or notes the failure of) a transaction the provider itself reported. */
  async function settle(
    c: C,
    t: VerifiedTransaction,
  ): Promise<{ outcome: string; body: VerifyResponse } | Response> {
    const service = db(c.env);
    if (t.status === "success") {
      if (t.channel === "other")
        return c.json({ error: "refused", message: `Paid by an unexpected channel; not recorded` }, 409);
      const { data, error } = await service.rpc("complete_online_payment", {
        reference: t.reference,
        provider_transaction_id: t.providerId,
        amount_minor: t.amountMinor,
        currency: t.currency,
        paid_at: t.paidAt ?? new Date().toISOString(),
        channel: t.channel,
        momo_network: t.network ?? undefined,
        gateway_response: t.gatewayResponse ?? undefined,
      });
      if (error) return dbRefusal(c, error);
      const r = data as {
        outcome: string;
        payment_id: string;
        receipt_number: string;
        invoice_status: string;
      };
      if (r.outcome === "recorded") {
        wake(c);
        announce(c, r.payment_id);
      }
      return {
        outcome: r.outcome,
        body: {
          status: "success",
          message:
            r.outcome === "recorded"
              ? "Payment received: your receipt is on its way by e-mail."
              : "This payment was already recorded.",
          receipt_number: r.receipt_number,
          receipt_id: r.payment_id,
          invoice_status: r.invoice_status,
        },
      };
    }
    if (t.status === "failed" || t.status === "abandoned") {
      const { error } = await service.rpc("fail_online_payment", {
        reference: t.reference,
        status: t.status,
        gateway_response: t.gatewayResponse ?? undefined,
      });
      if (error) return dbRefusal(c, error);
      return {
        outcome: t.status,
        body: {
          status: t.status,
          message:
            t.status === "failed"
              ? `The payment did not go through${t.gatewayResponse ? `: ${t.gatewayResponse}` : ""}. Nothing was charged; you can try again.`
              : "The payment was not completed.",
          receipt_number: null,
          receipt_id: null,
          invoice_status: null,
        },
      };
    }
    return {
      outcome: "pending",
      body: {
        status: "pending",
        message: "The payment is still being processed; this page will update when it completes.",
        receipt_number: null,
        receipt_id: null,
        invoice_status: null,
      },
    };
  }

  app.post(PAYSTACK_INITIALIZE_PATH, async (c) => {
    const limiter = c.env.FORM_RATE_LIMITER;
    if (limiter && !(await limiter.limit({ key: `pay:${clientIp(c.req.raw)}` })).success) {
      c.header("Retry-After", String(FORM_RATE_LIMIT.periodSeconds));
      return c.json(
        { error: "rate_limited", message: "Too many attempts; wait a minute and try again" },
        429,
      );
    }
    const read = await jsonBody(c, MAX_JSON_BYTES);
    if (!read.ok) return read.res;
    const parsed = payNowRequestSchema.safeParse(read.body);
    if (!parsed.success) return c.json({ error: "invalid", errors: fieldErrors(parsed.error) }, 400);
    const provider = providerOr503(c);
    if (provider instanceof Response) return provider;
    const { invoice_id, channel, email } = parsed.data;
    const service = db(c.env);
    const reference = newPaymentReference();
    const started = await service.rpc("start_online_payment", { invoice_id, channel, email, reference });
    if (started.error) return dbRefusal(c, started.error);
    const s = started.data as {
      amount_minor: number;
      currency: "GHS" | "USD";
      email: string;
      invoice_number: string;
    };
    const init = await provider.initialize({
      email: s.email,
      amountMinor: Number(s.amount_minor),
      currency: s.currency,
      reference,
      callbackUrl: `${c.var.edge.mainOrigin}/invoice/${invoice_id}`,
      channel,
      metadata: { invoice_id, invoice_number: s.invoice_number },
    });
    if (!init.ok) {
      console.error(`[payments] initialize ${reference}: ${init.error}`);
      await service.rpc("fail_online_payment", { reference, status: "failed", gateway_response: init.error });
      return c.json(
        {
          error: "provider_unavailable",
          message: "The payment service did not answer; please try again in a moment",
        },
        502,
      );
    }
    await service.rpc("attach_online_payment_checkout", {
      reference,
      access_code: init.accessCode,
      authorization_url: init.authorizationUrl,
    });
    return c.json({ authorization_url: init.authorizationUrl, reference }, 201, {
      "cache-control": "no-store",
    });
  });

  app.post(PAYSTACK_VERIFY_PATH, async (c) => {
    const read = await jsonBody(c, MAX_JSON_BYTES);
    if (!read.ok) return read.res;
    const parsed = verifyRequestSchema.safeParse(read.body);
    if (!parsed.success) return c.json({ error: "invalid", errors: fieldErrors(parsed.error) }, 400);
    const provider = providerOr503(c);
    if (provider instanceof Response) return provider;
    const known = await db(c.env)
      .from("online_payments")
      .select("reference")
      .eq("reference", parsed.data.reference)
      .maybeSingle();
    if (known.error) return dbRefusal(c, known.error);
    if (!known.data) return c.json({ error: "not_found", message: "No payment with this reference" }, 404);
    const verified = await provider.verify(parsed.data.reference);
    if (!verified.ok) {
      if (verified.notFound)
        return c.json({ error: "not_found", message: "The payment service does not know this payment" }, 404);
      console.error(`[payments] verify ${parsed.data.reference}: ${verified.error}`);
      return c.json(
        {
          error: "provider_unavailable",
          message: "The payment service did not answer; we will confirm your payment shortly",
        },
        502,
      );
    }
    const out = await settle(c, verified.transaction);
    if (out instanceof Response) return out;
    return c.json(out.body, 200, { "cache-control": "no-store" });
  });

  app.post(PAYSTACK_WEBHOOK_PATH, async (c) => {
    const provider = providerOr503(c);
    if (provider instanceof Response) return provider;
    const raw = await readCappedBody(c.req.raw, MAX_WEBHOOK_BYTES);
    if (raw === null) return c.json({ error: "too_large" }, 413);
    const check = await provider.checkWebhook(raw, c.req.raw.headers);
    if (!check.ok) {
      console.warn(`[payments] webhook refused: ${check.error}`);
      return c.json(
        { error: check.status === 401 ? "bad_signature" : "invalid", message: check.error },
        check.status,
      );
    }
    const { event } = check;
    if (event.event !== "charge.success")
      return c.json({ received: true, outcome: "ignored", message: `${event.event} needs no action` });
    if (!event.reference)
      return c.json({ error: "invalid", message: "The event names no transaction reference" }, 400);
    const service = db(c.env);
    const known = await service
      .from("online_payments")
      .select("reference")
      .eq("reference", event.reference)
      .maybeSingle();
    if (known.error) return dbRefusal(c, known.error);
    if (!known.data)
      return c.json(
        { error: "unknown_reference", message: `No payment was started with reference ${event.reference}` },
        404,
      );
    const logged = await service.rpc("log_payment_webhook_event", {
      provider: provider.name,
      event: event.event,
      event_key: event.key,
      reference: event.reference,
    });
    if (logged.error) return dbRefusal(c, logged.error);
    if (logged.data === false)
      return c.json({
        received: true,
        outcome: "duplicate",
        message: "This event was handled before; nothing was recorded again",
      });
    // Never trust the webhook's body for money: ask the provider.
    const verified = await provider.verify(event.reference);
    if (!verified.ok) {
      console.error(`[payments] webhook verify ${event.reference}: ${verified.error}`);
      return c.json(
        { error: "provider_unavailable", message: "Could not verify the transaction; retry later" },
        verified.notFound ? 404 : 503,
      );
    }
    const out = await settle(c, verified.transaction);
    if (out instanceof Response) return out;
    await service.rpc("note_payment_webhook_outcome", { event_key: event.key, outcome: out.outcome });
    return c.json({ received: true, outcome: out.outcome, receipt_number: out.body.receipt_number });
  });

  return app;
}
