/** The money rules the back-office shows before the database applies them again. */
import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import {
  documentActions,
  documentDisplayStatus,
  documentFormSchema,
  formatDocumentNumber,
  outstandingMinor,
  settlementStatus,
} from "../invoices-receipts/documents.ts";
import { reportTotals, type ReportRow } from "../finances/finances.ts";
import {
  networkFromPaystack,
  newPaymentReference,
  paystackSignature,
  validPaystackSignature,
} from "../payments/online-payments.ts";
import {
  allocateOldestFirst,
  applyCreditSchema,
  paymentFormSchema,
  paymentProblem,
  recordPaymentPayload,
} from "../payments/payments.ts";
import { withholdingNote } from "../invoices-receipts/public-documents.ts";
import { formatMinor } from "./minor-units.ts";

const doc = {
  kind: "invoice" as const,
  status: "sent" as const,
  total: 1_850_000,
  amount_paid: 0,
  amount_credited: 0,
  due_date: "2026-11-16",
};

describe("documents", () => {
  it("numbers: series, year, four digits at least", () => {
    expect(formatDocumentNumber("INV", 2026, 1)).toBe("INV-2026-0001");
    expect(formatDocumentNumber("RCP", 2026, 12345)).toBe("RCP-2026-12345");
  });
  it("settles draft → sent → partially paid → paid; a full credit note without payment voids", () => {
    expect(settlementStatus("invoice", "sent", 1000, 0, 0)).toBe("sent");
    expect(settlementStatus("invoice", "sent", 1000, 400, 0)).toBe("partially_paid");
    expect(settlementStatus("invoice", "partially_paid", 1000, 800, 200)).toBe("paid");
    expect(settlementStatus("invoice", "sent", 1000, 0, 1000)).toBe("void");
    expect(settlementStatus("invoice", "draft", 1000, 0, 0)).toBe("draft");
    expect(settlementStatus("quote", "sent", 1000, 0, 0)).toBe("sent");
  });
  it("what is owed never goes below zero", () => {
    const open = { kind: "invoice", status: "partially_paid" } as const;
    expect(outstandingMinor({ ...open, total: 1000, amount_paid: 700, amount_credited: 0 })).toBe(300);
    expect(outstandingMinor({ ...open, total: 1000, amount_paid: 900, amount_credited: 200 })).toBe(0);
  });
  it("void, draft, converted and fully credited documents owe nothing; only issued invoices owe", () => {
    const figures = { total: 1700, amount_paid: 0, amount_credited: 0 };
    expect(outstandingMinor({ kind: "invoice", status: "sent", ...figures })).toBe(1700);
    expect(outstandingMinor({ kind: "invoice", status: "overdue", ...figures })).toBe(1700);
    expect(outstandingMinor({ kind: "invoice", status: "void", ...figures })).toBe(0);
    expect(outstandingMinor({ kind: "invoice", status: "draft", ...figures })).toBe(0);
    expect(outstandingMinor({ kind: "quote", status: "converted", ...figures })).toBe(0);
    expect(outstandingMinor({ kind: "quote", status: "sent", ...figures })).toBe(0);
    expect(outstandingMinor({ kind: "proforma", status: "sent", ...figures })).toBe(0);
    expect(outstandingMinor({ kind: "credit_note", status: "sent", ...figures })).toBe(0);
    // A full credit note voids the invoice (settlementStatus); its figures alone already owe nothing.
    expect(
      outstandingMinor({
        kind: "invoice",
        status: "void",
        total: 1700,
        amount_paid: 0,
        amount_credited: 1700,
      }),
    ).toBe(0);
  });
  it("overdue is derived after the due date (Africa/Accra) for open invoices only", () => {
    expect(documentDisplayStatus(doc, new Date("2026-11-17T08:00:00Z"))).toBe("overdue");
    expect(documentDisplayStatus(doc, new Date("2026-11-16T23:00:00Z"))).toBe("sent");
    expect(documentDisplayStatus({ ...doc, kind: "quote" }, new Date("2026-12-30T08:00:00Z"))).toBe("sent");
    expect(documentDisplayStatus({ ...doc, status: "paid" }, new Date("2026-12-30T08:00:00Z"))).toBe("paid");
  });
  it("offers only the actions the database allows", () => {
    expect(documentActions({ ...doc, status: "draft" })).toMatchObject({
      edit: true,
      issue: true,
      recordPayment: false,
      creditNote: false,
    });
    expect(documentActions(doc)).toMatchObject({
      edit: false,
      recordPayment: true,
      creditNote: true,
      void: true,
    });
    expect(documentActions({ ...doc, amount_paid: 10 })).toMatchObject({ void: false, creditNote: true });
    expect(documentActions({ ...doc, kind: "quote" })).toMatchObject({ convert: true, recordPayment: false });
  });
  it("the draft form refuses lines it cannot total", () => {
    const base = {
      kind: "invoice",
      currency: "GHS",
      bill_to_name: "Ama Serwaa",
      bill_to_email: "",
      bill_to_phone: "",
      bill_to_address: "",
      payment_terms_days: "14",
      withholding: "none",
      notes: "",
      payment_instructions: "",
    };
    const line = {
      description: "Commission",
      quantity: "1",
      unit_price: "12,500.00",
      discount_percent: "0",
      tax_class: "standard",
    };
    expect(documentFormSchema.parse({ ...base, lines: [line] }).lines[0]!.unit_price).toBe("12500.00");
    const bad = documentFormSchema.safeParse({
      ...base,
      lines: [
        { ...line, quantity: "0" },
        { ...line, unit_price: "1.005" },
        { ...line, discount_percent: "120" },
      ],
    });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues.map((i) => i.message)).toEqual([
      "Quantity must be more than 0",
      "Unit price has at most 2 decimals",
      "Discount is at most 100",
    ]);
    expect(documentFormSchema.safeParse({ ...base, lines: [] }).error?.issues[0]?.message).toBe(
      "Add at least one line",
    );
  });
});

describe("payments", () => {
  const a = { id: "a", number: "INV-2026-0003", outstanding: 5000, due_date: "2026-10-01" };
  const b = { id: "b", number: "INV-2026-0009", outstanding: 8000, due_date: "2026-11-01" };
  it("spreads a payment over the oldest invoices first; the rest is the excess", () => {
    expect(allocateOldestFirst(9000, [b, a])).toEqual({
      allocations: [
        { invoice_id: "a", amount: 5000 },
        { invoice_id: "b", amount: 4000 },
      ],
      excess: 0,
    });
    expect(allocateOldestFirst(20000, [a, b])).toEqual({
      allocations: [
        { invoice_id: "a", amount: 5000 },
        { invoice_id: "b", amount: 8000 },
      ],
      excess: 7000,
    });
  });
  it("refuses an amount over an invoice, over the payment, or an excess not held as credit", () => {
    expect(paymentProblem(6000, "GHS", [{ invoice: a, amount: 6000 }], false)?.message).toBe(
      "GHS 60.00 for INV-2026-0003 is more than it still owes (GHS 50.00).",
    );
    expect(paymentProblem(4000, "GHS", [{ invoice: a, amount: 5000 }], false)?.field).toBe("allocations");
    expect(paymentProblem(6000, "GHS", [{ invoice: a, amount: 5000 }], false)).toEqual({
      field: "hold_excess_as_credit",
      message:
        "The payment is GHS 10.00 more than its invoices still owe: hold the excess as client credit, or lower the amount.",
    });
    expect(paymentProblem(6000, "GHS", [{ invoice: a, amount: 5000 }], true)).toBeNull();
  });
  it("the form: no cash, a network for mobile money, exact decimal text to the database", () => {
    const input = {
      amount: "18,500.00",
      currency: "GHS",
      method: "mobile_money",
      momo_network: "",
      reference: "",
      paid_on: "2026-11-20",
      account_id: "",
      payer_name: "",
      payer_email: "",
      notes: "",
      allocations: [],
      hold_excess_as_credit: false,
      email_receipt: true,
    };
    expect(paymentFormSchema.safeParse(input).error?.issues[0]?.message).toMatch(/network/);
    expect(paymentFormSchema.safeParse({ ...input, method: "cash" }).error?.issues[0]?.message).toMatch(
      /no cash/,
    );
    const ok = paymentFormSchema.parse({
      ...input,
      momo_network: "mtn",
      allocations: [{ invoice_id: "0b7c1e8e-3b1a-4e8a-9a43-6f0e1f2d3c4b", amount: "18500" }],
    });
    expect(recordPaymentPayload(ok)).toMatchObject({
      amount: "18500.00",
      momo_network: "mtn",
      allocations: [{ amount: "18500.00" }],
    });
  });
});

describe("online payments", () => {
  it("signs like Paystack: hex HMAC-SHA512 of the raw body with the secret key", async () => {
    const body = JSON.stringify({
      event: "charge.success",
      data: { id: 1, reference: "GR-INV-2026-0001-abc" },
    });
    const expected = createHmac("sha512", "sk_test_x").update(body).digest("hex");
    expect(await paystackSignature("sk_test_x", body)).toBe(expected);
    expect(await validPaystackSignature("sk_test_x", body, expected)).toBe(true);
    expect(await validPaystackSignature("sk_test_x", body + " ", expected)).toBe(false);
    expect(await validPaystackSignature("sk_test_y", body, expected)).toBe(false);
    expect(await validPaystackSignature("sk_test_x", body, null)).toBe(false);
  });
  it("maps Paystack's mobile money codes to networks", () => {
    expect(networkFromPaystack("mtn")).toBe("mtn");
    expect(networkFromPaystack("vod")).toBe("telecel");
    expect(networkFromPaystack("ATL")).toBe("airteltigo");
    expect(networkFromPaystack("visa")).toBeNull();
  });
  it("makes references in Paystack's alphabet", () => {
    expect(newPaymentReference("1b2c3d4e-5f60-4718-8a9b-0c1d2e3f4a5b")).toBe("GR-1b2c3d4e5f6047188a9b");
    expect(newPaymentReference()).toMatch(/^GR-[0-9a-f]{20}$/);
  });
});

describe("finance report totals and notes", () => {
  it("VAT due is collected less paid", () => {
    const row = (income: number, expenses: number, vc: number, vp: number): ReportRow => ({
      period_start: "2026-01-01",
      income,
      expenses,
      profit: income - expenses,
      vat_collected: vc,
      vat_paid: vp,
      client_money_in: 0,
      client_money_out: 0,
      pending_entries: 0,
    });
    expect(reportTotals([row(100, 40, 20, 5), row(50, 70, 10, 3)])).toMatchObject({
      income: 150,
      expenses: 110,
      profit: 40,
      vat_collected: 30,
      vat_paid: 8,
      vat_due: 22,
    });
  });
  it("words the rent-tax withholding for corporate tenants", () => {
    const note = withholdingNote(
      {
        withholding: "commercial",
        withholding_rate: "0.1500",
        withholding_amount: 990_000,
        subtotal: 6_600_000,
        total: 6_930_000,
        currency: "GHS",
      },
      (m) => formatMinor(m, "GHS"),
    );
    expect(note).toBe(
      "Rent tax: as a corporate tenant you withhold 15 % commercial rent tax on GHS 66,000.00 (GHS 9,900.00) and pay it to the Ghana Revenue Authority; pay us GHS 59,400.00 and send us the GRA withholding certificate.",
    );
  });
});

describe("applying held client credit", () => {
  const inv = "1b2c3d4e-5f60-4718-8a9b-0c1d2e3f4a5b";
  it("takes at most what the payment holds and what the invoice owes, in pesewas", () => {
    const held2000 = applyCreditSchema(200_000, 350_000, "GHS");
    expect(held2000.parse({ invoice_id: inv, amount: "1,500.50" })).toEqual({
      invoice_id: inv,
      amount: 150_050,
    });
    expect(held2000.safeParse({ invoice_id: inv, amount: "2000.01" }).error?.issues[0]?.message).toBe(
      "At most GHS 2,000.00",
    );
    const owes300 = applyCreditSchema(200_000, 30_000, "GHS");
    expect(owes300.safeParse({ invoice_id: inv, amount: "300.01" }).error?.issues[0]?.message).toBe(
      "At most GHS 300.00",
    );
    expect(owes300.parse({ invoice_id: inv, amount: "300" }).amount).toBe(30_000);
  });
  it("refuses nothing, a negative amount, three decimals and no invoice", () => {
    const s = applyCreditSchema(200_000, 350_000, "GHS");
    expect(s.safeParse({ invoice_id: inv, amount: "0" }).success).toBe(false);
    expect(s.safeParse({ invoice_id: inv, amount: "-5" }).success).toBe(false);
    expect(s.safeParse({ invoice_id: inv, amount: "1.005" }).success).toBe(false);
    expect(s.safeParse({ invoice_id: "", amount: "10" }).success).toBe(false);
  });
});
