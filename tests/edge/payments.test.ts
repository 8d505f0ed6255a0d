/**
 * The edge worker's money routes against the running stack (bad input gets a clear error): Pay now's
 * initialise takes the amount from the database, never from the browser, and refuses bad input,
 * drafts and settled invoices; the webhook refuses a bad or missing signature and an unknown
 * reference, storing nothing; verify refuses an unknown reference; the PDF routes serve issued
 * documents only. (The happy path, the replay and the receipt: tests/e2e/invoices-receipts/public-pay.test.ts.)
 */
import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  PAYSTACK_INITIALIZE_PATH,
  PAYSTACK_SANDBOX_SECRET_KEY,
  PAYSTACK_SIGNATURE_HEADER,
  PAYSTACK_VERIFY_PATH,
  PAYSTACK_WEBHOOK_PATH,
  paystackSignature,
} from "#core/payments/online-payments.ts";
import { invoicePdfPath } from "#core/payments/payment-endpoints.ts";
import { SUPABASE_URL } from "#scripts/local-env.ts";
import { serviceClient } from "../support/supabase.ts";
import { SITE_ORIGIN } from "./support.ts";

const service = serviceClient();
const tag = crypto.randomUUID().slice(0, 8);
const OWNER = "00000000-0000-4000-a000-000000000002";
let draftId = "";
let openId = "";
let paidId = "";

async function document(issue: boolean, pay = false): Promise<string> {
  const ins = await service
    .from("invoices")
    .insert({
      bill_to_name: `Edge money ${tag}`,
      bill_to_email: `edge-${tag}@tests.example`,
      owner_id: OWNER,
    })
    .select("id")
    .single();
  if (ins.error) throw new Error(ins.error.message);
  const id = (ins.data as { id: string }).id;
  const items = await service.from("invoice_items").insert({
    invoice_id: id,
    position: 1,
    description: "Valuation report, Spintex",
    quantity: 1,
    unit_price: 2000,
    discount_percent: 0,
    tax_class: "standard",
  });
  if (items.error) throw new Error(items.error.message);
  if (issue) {
    const r = await service.rpc("issue_invoice", { invoice_id: id });
    if (r.error) throw new Error(r.error.message);
  }
  if (pay) {
    const r = await service.rpc("record_payment", {
      payment: {
        amount: "2400",
        currency: "GHS",
        method: "bank_transfer",
        allocations: [{ invoice_id: id, amount: "2400" }],
      },
    });
    if (r.error) throw new Error(r.error.message);
  }
  return id;
}

const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${SITE_ORIGIN}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });

const eventsFor = async (reference: string) =>
  ((await service.from("payment_webhook_events").select("id").eq("reference", reference)).data ?? []).length;

beforeAll(async () => {
  [draftId, openId, paidId] = await Promise.all([document(false), document(true), document(true, true)]);
});
afterAll(async () => {
  await service.from("invoices").delete().eq("id", draftId);
});

describe("Pay now: POST /api/payments/paystack/initialize", () => {
  it("takes the amount from the database: the sandbox is asked for the balance in pesewas", async () => {
    // A browser's amount is not even accepted (strict schema).
    const forged = await post(PAYSTACK_INITIALIZE_PATH, {
      invoice_id: openId,
      channel: "mobile_money",
      email: `edge-${tag}@tests.example`,
      amount: 1,
    });
    expect(forged.status).toBe(400);
    const res = await post(PAYSTACK_INITIALIZE_PATH, {
      invoice_id: openId,
      channel: "mobile_money",
      email: `edge-${tag}@tests.example`,
    });
    expect(res.status).toBe(201);
    const { reference, authorization_url } = (await res.json()) as {
      reference: string;
      authorization_url: string;
    };
    expect(authorization_url.startsWith(`${SUPABASE_URL}/_paystack/checkout/`)).toBe(true);
    const tx = await fetch(`${SUPABASE_URL}/_paystack/api/transactions/${reference}`, {
      headers: { authorization: `Bearer ${PAYSTACK_SANDBOX_SECRET_KEY}` },
    });
    expect(await tx.json()).toMatchObject({ amount: 240_000, currency: "GHS", status: "ongoing" });
  });

  it("refuses bad input, a draft, an unknown and a settled invoice", async () => {
    const cash = await post(PAYSTACK_INITIALIZE_PATH, {
      invoice_id: openId,
      channel: "cash",
      email: "a@b.co",
    });
    expect(cash.status).toBe(400);
    expect(((await cash.json()) as { errors: Record<string, string> }).errors).toHaveProperty("channel");
    expect((await post(PAYSTACK_INITIALIZE_PATH, "{not json")).status).toBe(400);
    for (const id of [draftId, crypto.randomUUID()]) {
      const r = await post(PAYSTACK_INITIALIZE_PATH, { invoice_id: id, channel: "card", email: "a@b.co" });
      expect(r.status, "a draft or unknown invoice is not found").toBe(404);
    }
    const settled = await post(PAYSTACK_INITIALIZE_PATH, {
      invoice_id: paidId,
      channel: "card",
      email: "a@b.co",
    });
    expect(settled.status).toBe(409);
  });
});

describe("the webhook and verify", () => {
  const event = (reference: string) =>
    JSON.stringify({
      event: "charge.success",
      data: {
        id: 99_000_000 + Number.parseInt(tag.slice(0, 4), 16),
        reference,
        amount: 240_000,
        currency: "GHS",
        status: "success",
      },
    });

  it("refuses a bad or missing signature and stores nothing", async () => {
    const reference = `GR-forged${tag}`;
    const body = event(reference);
    const bad = await post(PAYSTACK_WEBHOOK_PATH, body, {
      [PAYSTACK_SIGNATURE_HEADER]: await paystackSignature("sk_test_someone_else", body),
    });
    expect(bad.status).toBe(401);
    const none = await post(PAYSTACK_WEBHOOK_PATH, body);
    expect(none.status).toBe(401);
    expect(await eventsFor(reference)).toBe(0);
  });

  it("refuses a correctly signed event for a reference nobody started, and verify of it", async () => {
    const reference = `GR-unknown${tag}`;
    const body = event(reference);
    const res = await post(PAYSTACK_WEBHOOK_PATH, body, {
      [PAYSTACK_SIGNATURE_HEADER]: await paystackSignature(PAYSTACK_SANDBOX_SECRET_KEY, body),
    });
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ error: "unknown_reference" });
    expect(await eventsFor(reference)).toBe(0);
    const verify = await post(PAYSTACK_VERIFY_PATH, { reference });
    expect(verify.status).toBe(404);
    expect(
      (
        (await service.from("invoices").select("amount_paid").eq("id", openId).single()).data as {
          amount_paid: number;
        }
      ).amount_paid,
    ).toBe(0);
  });
});

describe("PDFs", () => {
  it("an issued document's PDF; a draft's is not found", async () => {
    const pdf = await fetch(`${SITE_ORIGIN}${invoicePdfPath(openId)}`);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get("content-type")).toMatch(/^application\/pdf/);
    expect(
      Buffer.from(await pdf.arrayBuffer())
        .subarray(0, 5)
        .toString("latin1"),
    ).toBe("%PDF-");
    expect((await fetch(`${SITE_ORIGIN}${invoicePdfPath(draftId)}`)).status).toBe(404);
    expect((await fetch(`${SITE_ORIGIN}${invoicePdfPath("not-a-uuid")}`)).status).toBeGreaterThanOrEqual(400);
  });
});
