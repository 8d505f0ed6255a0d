/**
 * Property-sized amounts: PostgREST sends numeric columns as JSON numbers, and a JSON number of
 * a million cedis or more is a double whose binary value is not the decimal it carried
 * (9333333.32 is 9333333.3200000003…). Every money parser reads the decimal the JSON carried.
 */
import { describe, expect, it } from "vitest";
import {
  documentRowSchema,
  itemRowSchema,
  minorSchema,
  outstandingMinor,
} from "../invoices-receipts/documents.ts";
import { formatMinor, minorAtRate, minorToDecimal, toMinor, toScaled } from "./minor-units.ts";
import {
  exchangeRateTotalNote,
  publicDocumentSchema,
  publicReceiptSchema,
} from "../invoices-receipts/public-documents.ts";
import { categoryTotalSchema, entryRowSchema, reportRowSchema } from "../finances/finances.ts";
import { paymentRowSchema } from "../payments/payments.ts";

/** The amounts the issue names, as the database's JSON carries them, and their pesewas. */
const AMOUNTS: [string, number][] = [
  ["9333333.32", 933_333_332],
  ["1234567.89", 123_456_789],
  ["99999999.99", 9_999_999_999],
  ["7777777.77", 777_777_777],
];
/** What JSON.parse makes of the body PostgREST sends: a double, as supabase-js hands it over. */
const fromJson = (text: string) => JSON.parse(text) as number;

describe("amounts of a million cedis and more", () => {
  it.each(AMOUNTS)("%s from a JSON number is exactly its pesewas", (text, minor) => {
    expect(toMinor(fromJson(text))).toBe(minor);
    expect(toMinor(text)).toBe(minor);
    expect(minorToDecimal(toMinor(fromJson(text)))).toBe(text);
  });

  it("formats them with grouping and two decimals", () => {
    expect(formatMinor(toMinor(fromJson("9333333.32")), "GHS")).toBe("GHS 9,333,333.32");
    expect(formatMinor(toMinor(fromJson("1234567.89")), "GHS")).toBe("GHS 1,234,567.89");
    expect(formatMinor(toMinor(fromJson("99999999.99")), "USD")).toBe("USD 99,999,999.99");
  });

  it("still refuses a third decimal, and a number with more digits than a double keeps", () => {
    expect(() => toMinor(fromJson("9333333.325"))).toThrow(/more than 2 decimal places/);
    // 18 significant digits: the double no longer says which decimal it was.
    expect(() => toMinor(fromJson("1234567890123456.78"))).toThrow(/significant digits/);
    expect(() => toMinor(Number.NaN)).toThrow(/finite/);
    // Exponent forms of small and large doubles are read as plain decimals.
    expect(toScaled(fromJson("1e-4"), 4)).toBe(1n);
    expect(toMinor(fromJson("1e21"))).toBe(1e23);
    expect(toMinor(fromJson("0.1"))).toBe(10);
  });

  it("a document row of GHS 9,333,333.32 parses (the list's parser)", () => {
    const body = `{"subtotal": 7777777.77, "tax_total": 1555555.55, "total": 9333333.32, "amount_paid": 1234567.89,
      "amount_credited": 0, "withholding_amount": 0, "exchange_rate": null, "withholding_rate": null}`;
    const row = documentRowSchema
      .pick({
        subtotal: true,
        tax_total: true,
        total: true,
        amount_paid: true,
        amount_credited: true,
        withholding_amount: true,
      })
      .parse(JSON.parse(body));
    expect(row).toEqual({
      subtotal: 777_777_777,
      tax_total: 155_555_555,
      total: 933_333_332,
      amount_paid: 123_456_789,
      amount_credited: 0,
      withholding_amount: 0,
    });
    expect(outstandingMinor({ ...row, kind: "invoice", status: "partially_paid" })).toBe(809_876_543);
    const item = itemRowSchema.shape.line_total.parse(fromJson("7777777.77"));
    expect(item).toBe(777_777_777);
    expect(minorSchema.parse(fromJson("99999999.99"))).toBe(9_999_999_999);
  });

  it("the public invoice and receipt (PDFs, print layouts) parse and convert exactly", () => {
    const doc = publicDocumentSchema.shape;
    expect(doc.total.parse(fromJson("9333333.32"))).toBe(933_333_332);
    expect(doc.balance_due.parse(fromJson("1234567.89"))).toBe(123_456_789);
    expect(publicReceiptSchema.shape.amount.parse(fromJson("99999999.99"))).toBe(9_999_999_999);
    // USD 9,333,333.32 at 15.1234 = GHS 141,151,733.131688 → 141,151,733.13 (one rounding, no float).
    expect(minorAtRate(933_333_332, fromJson("15.1234"))).toBe(14_115_173_313);
    // 9,999,999,999 p × 12.3456 = 123,455,999,987.6544 p → 123,455,999,988 p.
    expect(minorAtRate(9_999_999_999, "12.3456")).toBe(123_455_999_988);
    expect(
      exchangeRateTotalNote(
        { currency: "USD", exchange_rate: "15.1234", exchange_rate_date: "2026-11-20", total: 933_333_332 },
        (d) => d,
      ),
    ).toBe(
      "USD 1 = GHS 15.1234 (rate of 2026-11-20, Bank of Ghana interbank mid-rate). Total in GHS: GHS 141,151,733.13.",
    );
  });

  it("payments, finance entries and the reports parse them", () => {
    expect(paymentRowSchema.shape.amount.parse(fromJson("99999999.99"))).toBe(9_999_999_999);
    expect(entryRowSchema.shape.amount_ghs.parse(fromJson("9333333.32"))).toBe(933_333_332);
    const report = reportRowSchema
      .pick({ income: true, expenses: true, profit: true })
      .parse(JSON.parse(`{"income": 99999999.99, "expenses": 1234567.89, "profit": 98765432.10}`));
    expect(report).toEqual({ income: 9_999_999_999, expenses: 123_456_789, profit: 9_876_543_210 });
    expect(categoryTotalSchema.shape.total.parse(fromJson("9333333.32"))).toBe(933_333_332);
  });
});
