/**
 * A Paystack sandbox inside the local stack, so "Pay now" runs end to end
 * offline — in Chromium too. It plays Paystack's documented API with the sandbox's secret key
 * (config.paystackSandbox.secretKey; the edge worker's PAYSTACK_SECRET_KEY locally, with
 * PAYSTACK_BASE_URL = <emulator>/_paystack):
 *   POST /_paystack/transaction/initialize     {email, amount, currency, reference, callback_url, channels, metadata}
 *                                              → {status: true, message: "Authorization URL created", data: {authorization_url, access_code, reference}}
 *   GET  /_paystack/transaction/verify/:ref    → {status: true, message: "Verification successful", data: <transaction>}
 *                                              (400 {status: false, message: "Transaction reference not found"})
 *   GET  /_paystack/checkout/:access_code      the checkout page: the tester picks the mobile money network (or
 *                                              pays by card) and success or failure
 *   POST /_paystack/checkout/:access_code      completes it: a success posts the `charge.success` webhook to the
 *                                              site (config.paystackSandbox.webhookUrl) signed like Paystack
 *                                              (x-paystack-signature: HMAC-SHA512 of the body with the secret key),
 *                                              then redirects to callback_url?trxref=…&reference=…
 *   GET  /_paystack/api/transactions/:ref      (secret key) the stored transaction with the webhook body it sent,
 *                                              so tests can replay it byte for byte
 * Not part of hosted Supabase; production talks to api.paystack.co.
 */
import { Hono, type Context } from "hono";
import {
  paystackInitializeBodySchema,
  paystackSignature,
  PAYSTACK_SIGNATURE_HEADER,
} from "#core/payments/online-payments.ts";
import { readCappedBody } from "#core/read-capped-body.ts";
import type { EmulatorContext } from "../context.ts";
import { escapeHtml } from "../outbox/mail.ts";

interface Tx {
  id: number;
  reference: string;
  access_code: string;
  email: string;
  amount: number;
  currency: string;
  callback_url: string | null;
  channels: string[];
  metadata: unknown;
  status: string;
  channel: string | null;
  bank: string | null;
  mobile_number: string | null;
  gateway_response: string | null;
  paid_at: Date | null;
  webhook_body: string | null;
  webhook_status: string | null;
  created_at: Date;
}

/** Networks as Paystack names the mobile money "bank" in Ghana. */
const NETWORKS = [
  { code: "MTN", label: "MTN MoMo" },
  { code: "VOD", label: "Telecel Cash" },
  { code: "ATL", label: "AirtelTigo Money" },
] as const;

const fail = (c: Context, status: 400 | 401 | 404, message: string) =>
  c.json({ status: false, message }, status);

/** A transaction as Paystack's verify endpoint and webhooks show it. */
function transactionJson(t: Tx) {
  const momo = t.channel === "mobile_money";
  return {
    id: t.id,
    domain: "test",
    status: t.status,
    reference: t.reference,
    amount: Number(t.amount),
    message: null,
    gateway_response: t.gateway_response ?? (t.status === "ongoing" ? null : t.status),
    paid_at: t.paid_at?.toISOString() ?? null,
    created_at: t.created_at.toISOString(),
    channel: t.channel,
    currency: t.currency,
    ip_address: "127.0.0.1",
    metadata: t.metadata ?? "",
    fees: Math.round(Number(t.amount) * 0.0195),
    customer: { id: 1000 + t.id, email: t.email, customer_code: `CUS_sandbox${t.id}` },
    authorization: t.channel
      ? {
          authorization_code: `AUTH_sandbox${t.id}`,
          bin: momo ? (t.mobile_number?.slice(0, 6) ?? null) : "408408",
          last4: momo ? (t.mobile_number?.slice(-4) ?? null) : "4081",
          channel: t.channel,
          card_type: momo ? "" : "visa ",
          bank: momo ? t.bank : "TEST BANK",
          country_code: "GH",
          brand: momo ? (t.bank ?? "").toLowerCase() : "visa",
          reusable: false,
          mobile_money_number: momo ? t.mobile_number : undefined,
        }
      : null,
    requested_amount: Number(t.amount),
  };
}

function money(amount: number, currency: string): string {
  return `${currency} ${(amount / 100).toLocaleString("en-GB", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
}

function checkoutPage(t: Tx, message?: string): string {
  const momo = t.channels.length === 0 || t.channels.includes("mobile_money");
  const card = t.channels.length === 0 || t.channels.includes("card");
  const done = t.status !== "ongoing";
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Pay ${escapeHtml(money(t.amount, t.currency))} · Paystack sandbox</title>
<style>
body{font:16px/1.5 system-ui,sans-serif;margin:0;background:#f3f4f6;color:#111827}
main{max-width:28rem;margin:2rem auto;background:#fff;border-radius:12px;padding:1.5rem;box-shadow:0 1px 3px #0002}
h1{font-size:1.25rem;margin:0 0 .25rem} .amount{font-size:1.75rem;font-weight:700;margin:.5rem 0}
.note{background:#fef3c7;color:#78350f;border-radius:8px;padding:.5rem .75rem;font-size:.875rem}
fieldset{border:1px solid #d1d5db;border-radius:8px;margin:1rem 0;padding:.75rem} legend{font-weight:600}
label{display:block;margin:.25rem 0} input[type=tel]{width:100%;padding:.5rem;border:1px solid #9ca3af;border-radius:6px;box-sizing:border-box}
button{display:block;width:100%;padding:.75rem;border-radius:8px;border:0;font-size:1rem;font-weight:600;margin-top:.75rem;cursor:pointer}
.pay{background:#0b7a4b;color:#fff} .decline{background:#fee2e2;color:#7f1d1d} .muted{color:#4b5563;font-size:.875rem}
</style></head>
<body><main>
<p class="note" role="note">Paystack sandbox of the local stack: no money moves. Choose how the payment ends.</p>
<h1>Ghana Realty Ltd</h1>
<p class="muted">${escapeHtml(t.email)} · reference ${escapeHtml(t.reference)}</p>
<p class="amount">${escapeHtml(money(t.amount, t.currency))}</p>
${message ? `<p role="alert">${escapeHtml(message)}</p>` : ""}
${
  done
    ? `<p role="status">This payment is ${escapeHtml(t.status)}.</p>`
    : `<form method="post">
${
  momo
    ? `<fieldset><legend>Mobile money network</legend>
${NETWORKS.map((n, i) => `<label><input type="radio" name="network" value="${n.code}"${i === 0 ? " checked" : ""}> ${n.label}</label>`).join("\n")}
<label>Mobile money number <input type="tel" name="phone" value="0241234567" inputmode="tel" autocomplete="tel"></label>
</fieldset>`
    : ""
}
${card ? `<fieldset><legend>Card</legend><label><input type="radio" name="network" value="card"${momo ? "" : " checked"}> Test card 4084 0840 8408 4081</label></fieldset>` : ""}
<button class="pay" name="outcome" value="success">Pay ${escapeHtml(money(t.amount, t.currency))}</button>
<button class="decline" name="outcome" value="failed">Simulate a failed payment</button>
</form>`
}
</main></body></html>`;
}

export function paystackSandboxApp(ctx: EmulatorContext): Hono {
  const app = new Hono();
  const { secretKey, webhookUrl } = ctx.config.paystackSandbox;
  const authorized = (c: Context) => c.req.header("authorization") === `Bearer ${secretKey}`;
  const byRef = (ref: string) =>
    ctx.db
      .admin((tx) =>
        tx.query<Tx>(`select * from _emulator.paystack_transactions where reference = $1`, [ref]),
      )
      .then((r) => r.rows[0] ?? null);
  const byCode = (code: string) =>
    ctx.db
      .admin((tx) =>
        tx.query<Tx>(`select * from _emulator.paystack_transactions where access_code = $1`, [code]),
      )
      .then((r) => r.rows[0] ?? null);

  async function sendWebhook(t: Tx): Promise<void> {
    const body = JSON.stringify({ event: "charge.success", data: transactionJson(t) });
    const signature = await paystackSignature(secretKey, body);
    await ctx.db.admin((tx) =>
      tx.query(`update _emulator.paystack_transactions set webhook_body = $2 where id = $1`, [t.id, body]),
    );
    let outcome: string;
    try {
      const res = await fetch(webhookUrl, {
        method: "POST",
        headers: { "content-type": "application/json", [PAYSTACK_SIGNATURE_HEADER]: signature },
        body,
        signal: AbortSignal.timeout(20_000),
      });
      outcome = String(res.status);
    } catch (err) {
      outcome = `unreachable: ${(err as Error).message}`;
      console.warn(`[paystack sandbox] webhook to ${webhookUrl} failed: ${outcome}`);
    }
    await ctx.db.admin((tx) =>
      tx.query(`update _emulator.paystack_transactions set webhook_status = $2 where id = $1`, [
        t.id,
        outcome,
      ]),
    );
  }

  app.post("/transaction/initialize", async (c) => {
    if (!authorized(c)) return fail(c, 401, "Invalid key");
    const bytes = await readCappedBody(c.req.raw, 16_384);
    let json: unknown;
    try {
      json = JSON.parse(new TextDecoder().decode(bytes ?? new Uint8Array()));
    } catch {
      return fail(c, 400, "Invalid request body");
    }
    const parsed = paystackInitializeBodySchema.safeParse(json);
    if (!parsed.success) return fail(c, 400, parsed.error.issues[0]?.message ?? "Invalid request");
    const b = parsed.data;
    const reference = b.reference ?? `T${Date.now()}${Math.floor(Math.random() * 1e6)}`;
    if (await byRef(reference)) return fail(c, 400, "Duplicate Transaction Reference");
    const accessCode = crypto.randomUUID().replace(/-/g, "").slice(0, 15);
    await ctx.db.admin((tx) =>
      tx.query(
        `insert into _emulator.paystack_transactions (reference, access_code, email, amount, currency, callback_url, channels, metadata) values ($1, $2, $3, $4, $5, $6, $7, $8)`,
        [
          reference,
          accessCode,
          b.email,
          b.amount,
          b.currency,
          b.callback_url ?? null,
          JSON.stringify(b.channels ?? []),
          JSON.stringify(b.metadata ?? null),
        ],
      ),
    );
    return c.json({
      status: true,
      message: "Authorization URL created",
      data: {
        authorization_url: `${ctx.config.publicUrl}/_paystack/checkout/${accessCode}`,
        access_code: accessCode,
        reference,
      },
    });
  });

  app.get("/transaction/verify/:reference", async (c) => {
    if (!authorized(c)) return fail(c, 401, "Invalid key");
    const t = await byRef(c.req.param("reference"));
    if (!t) return fail(c, 400, "Transaction reference not found");
    // A checkout nobody finished reads as abandoned, as Paystack reports it.
    const data = transactionJson(t.status === "ongoing" ? { ...t, status: "abandoned" } : t);
    return c.json({ status: true, message: "Verification successful", data });
  });

  app.get("/checkout/:code", async (c) => {
    const t = await byCode(c.req.param("code"));
    if (!t) return c.html("<!doctype html><title>Not found</title><p>No such checkout.</p>", 404);
    c.header(
      "content-security-policy",
      "default-src 'none'; style-src 'unsafe-inline'; form-action 'self' http: https:",
    );
    return c.html(checkoutPage(t));
  });

  app.post("/checkout/:code", async (c) => {
    const t = await byCode(c.req.param("code"));
    if (!t) return c.html("<!doctype html><title>Not found</title><p>No such checkout.</p>", 404);
    if (t.status !== "ongoing") return c.html(checkoutPage(t), 409);
    const form = await c.req.parseBody();
    const outcome = form.outcome === "success" ? "success" : "failed";
    const choice = String(form.network ?? "");
    const momo = choice !== "card";
    const network = NETWORKS.find((n) => n.code === choice)?.code ?? null;
    if (momo && !network) return c.html(checkoutPage(t, "Choose a mobile money network."), 400);
    const phone = String(form.phone ?? "").replace(/\s/g, "");
    if (momo && !/^0\d{9}$/.test(phone))
      return c.html(checkoutPage(t, "Enter a 10-digit mobile money number (e.g. 0241234567)."), 400);
    const updated = await ctx.db.admin((tx) =>
      tx.query<Tx>(
        `update _emulator.paystack_transactions
            set status = $2, channel = $3, bank = $4, mobile_number = $5, gateway_response = $6, paid_at = case when $2 = 'success' then now() end
          where id = $1 and status = 'ongoing' returning *`,
        [
          t.id,
          outcome,
          momo ? "mobile_money" : "card",
          momo ? network : null,
          momo ? phone : null,
          outcome === "success" ? "Approved" : "Declined by the customer's wallet (sandbox)",
        ],
      ),
    );
    const done = updated.rows[0];
    if (!done) return c.html(checkoutPage(t), 409);
    // Paystack calls the webhook on its own time; the visitor is redirected at once.
    if (outcome === "success") void sendWebhook(done);
    if (!done.callback_url) return c.html(checkoutPage(done));
    const back = new URL(done.callback_url);
    back.searchParams.set("trxref", done.reference);
    back.searchParams.set("reference", done.reference);
    return c.redirect(back.toString(), 303);
  });

  app.get("/api/transactions/:reference", async (c) => {
    if (!authorized(c)) return fail(c, 401, "Invalid key");
    const t = await byRef(c.req.param("reference"));
    if (!t) return fail(c, 404, "Transaction reference not found");
    return c.json({
      ...transactionJson(t),
      webhook_body: t.webhook_body,
      webhook_status: t.webhook_status,
      access_code: t.access_code,
    });
  });

  app.all("*", (c) => fail(c, 404, "Not found"));
  return app;
}
