/** Which money lists take their total from the counts the database keeps (core/invoices-receipts/list-totals.ts). */
import { describe, expect, it } from "vitest";
import { defaultListQuery } from "#core/records/list-query.ts";
import { documentListQuery, DOCUMENT_SEARCH_MIN_LENGTH, type DocumentListQuery } from "./documents.ts";
import { keptInvoiceTotal, keptPaymentTotal } from "./list-totals.ts";
import { paymentListQuery, type PaymentListQuery } from "../payments/payments.ts";

const docs = (filters: DocumentListQuery["filters"], search = ""): DocumentListQuery => ({
  ...defaultListQuery(documentListQuery),
  filters,
  search,
});
const pays = (filters: PaymentListQuery["filters"], search = ""): PaymentListQuery => ({
  ...defaultListQuery(paymentListQuery),
  filters,
  search,
});
const STAFF = "00000000-0000-4000-a000-000000000002";

describe("keptInvoiceTotal", () => {
  it("covers kind, stored statuses and currency for who sees every document", () => {
    expect(keptInvoiceTotal(docs({}), null, DOCUMENT_SEARCH_MIN_LENGTH)).toEqual({});
    expect(
      keptInvoiceTotal(docs({ status: ["paid", "sent"], kind: "invoice", currency: "GHS" }), null, 2),
    ).toEqual({ statuses: ["paid", "sent"], kind: "invoice", currency: "GHS" });
  });
  it("leaves staff's own rows, search, owner, dates and the derived overdue to an exact count", () => {
    expect(keptInvoiceTotal(docs({ status: ["paid"] }), STAFF, 2)).toBeNull();
    expect(keptInvoiceTotal(docs({ status: ["paid"] }, "mensah"), null, 2)).toBeNull();
    expect(keptInvoiceTotal(docs({ status: ["paid"] }, " m "), null, 2)).toEqual({ statuses: ["paid"] });
    expect(keptInvoiceTotal(docs({ owner: STAFF }), null, 2)).toBeNull();
    expect(keptInvoiceTotal(docs({ from: "2026-01-01" }), null, 2)).toBeNull();
    expect(keptInvoiceTotal(docs({ to: "2026-01-31" }), null, 2)).toBeNull();
    expect(keptInvoiceTotal(docs({ status: ["sent", "overdue"] }), null, 2)).toBeNull();
  });
});

describe("keptPaymentTotal", () => {
  it("covers kind, methods and online for who sees every payment", () => {
    expect(keptPaymentTotal(pays({}), null, 2)).toEqual({});
    expect(keptPaymentTotal(pays({ kind: "refund", method: ["card"], online: "false" }), null, 2)).toEqual({
      kind: "refund",
      methods: ["card"],
      online: false,
    });
  });
  it("leaves staff's own rows, search and dates to an exact count", () => {
    expect(keptPaymentTotal(pays({}), STAFF, 2)).toBeNull();
    expect(keptPaymentTotal(pays({}, "rcp"), null, 2)).toBeNull();
    expect(keptPaymentTotal(pays({ from: "2026-01-01" }), null, 2)).toBeNull();
  });
});
