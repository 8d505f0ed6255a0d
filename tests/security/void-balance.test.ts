/**
 * A voided invoice showed a balance (the list's "Balance GHS 17.00", and the
 * header's sum of balances counted it). Void, draft and fully credited documents owe nothing:
 * the database's balance (the public invoice, its PDF, the receipts) says so, with the same rule
 * as the list's (core/invoices-receipts/documents.ts outstandingMinor, unit-tested in core).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  outstandingMinor,
  DOCUMENT_ROW_COLUMNS,
  documentRowSchema,
} from "#core/invoices-receipts/documents.ts";
import { invoicePdfPath } from "#core/payments/payment-endpoints.ts";
import { publicDocumentSchema } from "#core/invoices-receipts/public-documents.ts";
import { pdfText } from "../support/pdf-text.ts";
import { anonClient } from "../support/supabase.ts";
import { edge } from "./support.ts";
import { invoiceOf, member, must, newTag, removeMembers, type Member } from "./team.ts";

const tag = newTag();
let staff: Member;
const LINE = {
  description: `Agency fee ${tag}`,
  quantity: 1,
  unit_price: "17.00",
  tax_class: "exempt",
} as const;

beforeAll(async () => {
  staff = await member("staff");
}, 60_000);
afterAll(() => removeMembers(staff));

const publicDoc = async (id: string) =>
  publicDocumentSchema.parse(
    await must(anonClient().rpc("get_public_invoice", { invoice_id: id }), "public"),
  );

describe("documents that owe nothing", () => {
  it("a void invoice: balance 0.00 in the database, on its PDF and in the list's rule", async () => {
    const inv = await invoiceOf(staff.id, `Void client ${tag}`, [LINE], { issue: true });
    await must(staff.client.rpc("void_invoice", { invoice_id: inv.id, reason: "issued in error" }), "void");
    const doc = await publicDoc(inv.id);
    expect([doc.status, doc.total, doc.balance_due, doc.can_pay_online]).toEqual(["void", 1700, 0, false]);
    const pdf = pdfText((await edge(invoicePdfPath(inv.id))).body);
    expect(pdf.match(/Balance due\nGHS ([\d,.]+)/)?.[1]).toBe("0.00");
    const row = documentRowSchema.parse(
      await must(staff.client.from("invoices").select(DOCUMENT_ROW_COLUMNS).eq("id", inv.id).single(), "row"),
    );
    expect(outstandingMinor(row)).toBe(0);
  });

  it("a fully credited invoice: void by its credit note, balance 0.00", async () => {
    const inv = await invoiceOf(staff.id, `Credited client ${tag}`, [LINE], { issue: true });
    const noteId = await must(
      staff.client.rpc("create_credit_note", { invoice_id: inv.id, reason: "cancelled" }),
      "note",
    );
    await must(staff.client.rpc("issue_invoice", { invoice_id: noteId as string }), "issue note");
    const doc = await publicDoc(inv.id);
    expect([doc.status, doc.amount_credited, doc.balance_due]).toEqual(["void", 1700, 0]);
    // The credit note itself asks for no payment.
    expect((await publicDoc(noteId as string)).balance_due).toBe(0);
  });

  it("an open invoice still owes its total", async () => {
    const inv = await invoiceOf(staff.id, `Open client ${tag}`, [LINE], { issue: true });
    expect((await publicDoc(inv.id)).balance_due).toBe(1700);
  });
});
