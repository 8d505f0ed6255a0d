/**
 * Issue 22, item 9: a missing or invisible record in a definer function was HTTP 500 (SQLSTATE
 * P0002, which PostgREST answers 500). The money functions and register_partner_buyer now raise
 * PT404 (PostgREST answers 404, and the emulator as PostgREST does) and a document in the wrong
 * state PT409 (409).
 */
import crypto from "node:crypto";
import type { SupabaseClient } from "@supabase/supabase-js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPartnerActors, deletePartnerActors, type PartnerActor } from "../rls/support.ts";
import { invoiceOf, member, newTag, removeMembers, service, type Member } from "./team.ts";

const tag = newTag();
let staff: Member;
let partners: Record<"partner" | "other_partner", PartnerActor> | undefined;
const nobody = () => crypto.randomUUID();

type Call = [string, (c: SupabaseClient) => PromiseLike<{ status: number; error: { code: string } | null }>];
const CALLS: Call[] = [
  ["issue_invoice", (c) => c.rpc("issue_invoice", { invoice_id: nobody() })],
  ["void_invoice", (c) => c.rpc("void_invoice", { invoice_id: nobody(), reason: "not there" })],
  ["create_credit_note", (c) => c.rpc("create_credit_note", { invoice_id: nobody() })],
  ["convert_quote", (c) => c.rpc("convert_quote", { quote_id: nobody() })],
  ["send_invoice_email", (c) => c.rpc("send_invoice_email", { invoice_id: nobody() })],
  [
    "record_payment",
    (c) =>
      c.rpc("record_payment", {
        payment: {
          amount: "10.00",
          currency: "GHS",
          method: "bank_transfer",
          allocations: [{ invoice_id: nobody(), amount: "10.00" }],
        },
      }),
  ],
  [
    "allocate_payment",
    (c) => c.rpc("allocate_payment", { payment_id: nobody(), invoice_id: nobody(), amount: 1 }),
  ],
  [
    "refund_payment",
    (c) =>
      c.rpc("refund_payment", {
        payment_id: nobody(),
        amount: 1,
        reason: "not there",
        method: "bank_transfer",
      }),
  ],
];

beforeAll(async () => {
  staff = await member("staff");
  partners = await createPartnerActors(tag);
}, 60_000);
afterAll(async () => {
  await service.from("invoices").delete().like("bill_to_name", `% ${tag}`).eq("status", "draft");
  await deletePartnerActors(partners);
  await removeMembers(staff);
});

describe("item 9: not found is 404", () => {
  it.each(CALLS)("%s of a record that does not exist: 404 PT404", async (_name, call) => {
    const res = await call(staff.client);
    expect(res.error?.code).toBe("PT404");
    expect(res.status).toBe(404);
  });

  it("another agent's invoice is not found either", async () => {
    const other = await member("staff");
    try {
      const hidden = await invoiceOf(other.id, `Hidden ${tag}`, [
        { description: "Fee", quantity: 1, unit_price: "10.00", tax_class: "exempt" },
      ]);
      const res = await staff.client.rpc("issue_invoice", { invoice_id: hidden.id });
      expect([res.status, res.error?.code]).toEqual([404, "PT404"]);
    } finally {
      await removeMembers(other);
    }
  });

  it("register_partner_buyer for a listing not shared with the partner: 404 PT404", async () => {
    const res = await partners!.partner.client.rpc("register_partner_buyer", {
      listing: nobody(),
      buyer_name: "Kojo Antwi",
      buyer_phone: "0244123456",
    });
    expect([res.status, res.error?.code]).toEqual([404, "PT404"]);
  });
});

describe("item 9: a document in the wrong state is 409", () => {
  it("issuing an issued invoice and voiding a draft", async () => {
    const line = { description: "Fee", quantity: 1, unit_price: "10.00", tax_class: "exempt" } as const;
    const issued = await invoiceOf(staff.id, `Issued ${tag}`, [line], { issue: true });
    const again = await staff.client.rpc("issue_invoice", { invoice_id: issued.id });
    expect([again.status, again.error?.code]).toEqual([409, "PT409"]);
    const draft = await invoiceOf(staff.id, `Draft ${tag}`, [line]);
    const voided = await staff.client.rpc("void_invoice", { invoice_id: draft.id, reason: "a draft" });
    expect([voided.status, voided.error?.code]).toEqual([409, "PT409"]);
  });
});
