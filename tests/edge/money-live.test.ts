/**
 * An online payment reaches colleagues' money screens live: the hub relays only
 * frames of signed-in browsers, so when the edge worker records a visitor's Paystack payment it
 * announces it through the hub's internal publish route — a financial_update frame with the
 * payment's id only, to the roles core's REALTIME_MODULES gives "finances" (admins), never staff.
 * Real stack: the worker, the hub, the emulator's Paystack sandbox and its signed webhook.
 */
import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PAYSTACK_INITIALIZE_PATH } from "#core/payments/online-payments.ts";
import type { HubFrame } from "#core/schemas/hub.ts";
import { openHub, type HubSocket } from "../hub/hub-socket.ts";
import {
  createTestUser,
  deleteTestUser,
  serviceClient,
  signedInClient,
  type TestUser,
} from "../support/supabase.ts";
import { SITE_ORIGIN } from "./support.ts";

const service = serviceClient();
const tag = crypto.randomUUID().slice(0, 8);
let admin: TestUser;
let staff: TestUser;
const sockets: HubSocket[] = [];

async function signedInSocket(user: TestUser): Promise<HubSocket> {
  const client = await signedInClient(user.email, user.password);
  const token = (await client.auth.getSession()).data.session!.access_token;
  const s = await openHub();
  sockets.push(s);
  s.send({ type: "auth", token });
  await s.next((f) => f.type === "auth_success");
  return s;
}

beforeAll(async () => {
  [admin, staff] = await Promise.all([createTestUser({ role: "admin" }), createTestUser({ role: "staff" })]);
});
afterAll(async () => {
  for (const s of sockets) s.close();
  for (const u of [admin, staff]) if (u) await deleteTestUser(u.id);
});

describe("a visitor's online payment, announced", () => {
  it("reaches admins' sockets as financial_update with the payment's id only; staff get nothing", async () => {
    const ins = await service
      .from("invoices")
      .insert({
        bill_to_name: `Live pay ${tag}`,
        bill_to_email: `livepay-${tag}@tests.example`,
        owner_id: staff.id,
      })
      .select("id")
      .single();
    expect(ins.error).toBeNull();
    const invoiceId = (ins.data as { id: string }).id;
    expect(
      (
        await service.from("invoice_items").insert({
          invoice_id: invoiceId,
          position: 1,
          description: "Valuation report, Spintex",
          quantity: 1,
          unit_price: 2000,
          tax_class: "standard",
        })
      ).error,
    ).toBeNull();
    expect((await service.rpc("issue_invoice", { invoice_id: invoiceId })).error).toBeNull();

    const [adminSocket, staffSocket] = await Promise.all([signedInSocket(admin), signedInSocket(staff)]);

    // Pay now, and the visitor completes the sandbox's checkout (MTN MoMo); the sandbox then
    // calls the worker's webhook with a real signature.
    const init = await fetch(`${SITE_ORIGIN}${PAYSTACK_INITIALIZE_PATH}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        invoice_id: invoiceId,
        channel: "mobile_money",
        email: `livepay-${tag}@tests.example`,
      }),
    });
    expect(init.status).toBe(201);
    const { reference, authorization_url } = (await init.json()) as {
      reference: string;
      authorization_url: string;
    };
    const checkout = await fetch(authorization_url, {
      method: "POST",
      body: new URLSearchParams({ outcome: "success", network: "MTN", phone: "0241234567" }),
      redirect: "manual",
    });
    expect([200, 303]).toContain(checkout.status);

    const frame = (await adminSocket.next((f) => f.type === "financial_update", 30_000)) as Extract<
      HubFrame,
      { type: "financial_update" }
    >;
    const { data: payment } = await service
      .from("payments")
      .select("id")
      .eq("gateway_reference", reference)
      .single();
    expect(payment, "the webhook recorded the payment").not.toBeNull();
    expect(frame).toMatchObject({
      type: "financial_update",
      action: "created",
      ids: [(payment as { id: string }).id],
    });
    // Kinds and ids only: nothing of the payment travels.
    expect(Object.keys(frame).sort()).toEqual(["action", "fromUserId", "ids", "type"]);
    expect(staffSocket.frames.some((f) => f.type === "financial_update")).toBe(false);
  });
});
