/** Worked examples of Ghana's 2026 invoice taxes and the rounding rule (core/invoices-receipts/invoice-totals.ts). */
import { describe, expect, it } from "vitest";
import {
  computeInvoiceTotals,
  lineNetMinor,
  MissingTaxRatesError,
  ratePercentLabel,
  ratesOn,
  type TaxRateRow,
} from "./invoice-totals.ts";
import { divRound, formatMinor, minorToDecimal, toMinor, toScaled } from "../money/minor-units.ts";

/** The rows of supabase/seeds/40-invoices.sql (VAT Act 2025, from 1 Jan 2026) plus a 2025 set to show dating. */
export const GHANA_RATES: TaxRateRow[] = [
  {
    tax_class: "standard",
    code: "vat",
    name: "VAT",
    rate: "0.1500",
    valid_from: "2026-01-01",
    valid_to: null,
    position: 1,
  },
  {
    tax_class: "standard",
    code: "nhil",
    name: "NHIL",
    rate: "0.0250",
    valid_from: "2026-01-01",
    valid_to: null,
    position: 2,
  },
  {
    tax_class: "standard",
    code: "getfund",
    name: "GETFund Levy",
    rate: "0.0250",
    valid_from: "2026-01-01",
    valid_to: null,
    position: 3,
  },
  {
    tax_class: "flat_rate",
    code: "vat_flat",
    name: "VAT Flat Rate",
    rate: "0.0500",
    valid_from: "2026-01-01",
    valid_to: null,
    position: 1,
  },
  // Before 2026 the levies were on a different base and the COVID-19 levy applied: a dated set.
  {
    tax_class: "standard",
    code: "vat",
    name: "VAT",
    rate: "0.1500",
    valid_from: "2023-01-01",
    valid_to: "2026-01-01",
    position: 1,
  },
  {
    tax_class: "standard",
    code: "covid",
    name: "COVID-19 Levy",
    rate: "0.0100",
    valid_from: "2023-01-01",
    valid_to: "2026-01-01",
    position: 4,
  },
];

describe("minor units", () => {
  it("parses decimal text exactly and refuses more places than the scale", () => {
    expect(toScaled("12.5", 2)).toBe(1250n);
    expect(toScaled("0.025", 4)).toBe(250n);
    expect(toScaled(1200, 2)).toBe(120000n);
    expect(toScaled(0.1, 2)).toBe(10n);
    expect(toMinor("30000.00")).toBe(3_000_000);
    expect(() => toScaled("1.005", 2)).toThrow(/more than 2 decimal places/);
    expect(() => toScaled("1,000", 2)).toThrow(/Not a decimal/);
  });
  it("rounds half away from zero, like Postgres round()", () => {
    expect(divRound(15n, 10n)).toBe(2n);
    expect(divRound(25n, 10n)).toBe(3n);
    expect(divRound(24n, 10n)).toBe(2n);
    expect(divRound(-15n, 10n)).toBe(-2n);
    expect(divRound(-14n, 10n)).toBe(-1n);
  });
  it("formats pesewas as GHS with grouping", () => {
    expect(formatMinor(3_600_000, "GHS")).toBe("GHS 36,000.00");
    expect(formatMinor(-5, "USD")).toBe("−USD 0.05");
    expect(minorToDecimal(123456)).toBe("1234.56");
  });
});

describe("line amounts", () => {
  it("one rounding per line: 3 × 333.33 less 10 % = 899.991 → 899.99", () => {
    expect(lineNetMinor({ quantity: "3", unit_price: "333.33", discount_percent: "10" })).toBe(89_999);
  });
  it("fractional quantities: 1.5 months × 1,200.00 = 1,800.00; 0.33 × 0.05 = 0.0165 → 0.02", () => {
    expect(lineNetMinor({ quantity: "1.5", unit_price: "1200.00" })).toBe(180_000);
    expect(lineNetMinor({ quantity: "0.33", unit_price: "0.05" })).toBe(2);
  });
  it("refuses a zero quantity, a negative price and a discount above 100 %", () => {
    expect(() => lineNetMinor({ quantity: "0", unit_price: "1" })).toThrow(/more than 0/);
    expect(() => lineNetMinor({ quantity: "1", unit_price: "-1" })).toThrow(/negative/);
    expect(() => lineNetMinor({ quantity: "1", unit_price: "1", discount_percent: "100.01" })).toThrow(
      /between 0 and 100/,
    );
  });
});

describe("Ghana 2026 taxes (worked examples)", () => {
  it("a standard-rated agency fee of GHS 30,000: 15 % VAT + 2.5 % NHIL + 2.5 % GETFund on the same base = 20 %", () => {
    const t = computeInvoiceTotals(
      [{ quantity: 1, unit_price: "30000.00", tax_class: "standard" }],
      GHANA_RATES,
      "2026-11-02",
    );
    expect(t.taxes.map((x) => [x.code, x.base_minor, x.amount_minor])).toEqual([
      ["vat", 3_000_000, 450_000],
      ["nhil", 3_000_000, 75_000],
      ["getfund", 3_000_000, 75_000],
    ]);
    expect([t.subtotal_minor, t.tax_total_minor, t.total_minor]).toEqual([3_000_000, 600_000, 3_600_000]);
  });

  it("a commission line and an exempt line (the done-when invoice): only the commission is taxed", () => {
    const t = computeInvoiceTotals(
      [
        { quantity: 1, unit_price: "12500.00", tax_class: "standard" },
        { quantity: 2, unit_price: "1750.00", tax_class: "exempt" },
      ],
      GHANA_RATES,
      "2026-11-20",
    );
    expect(t.line_net_minor).toEqual([1_250_000, 350_000]);
    expect(t.base_by_class).toEqual({ standard: 1_250_000, flat_rate: 0, exempt: 350_000 });
    expect(t.tax_total_minor).toBe(250_000); // 1,875.00 + 312.50 + 312.50
    expect(t.total_minor).toBe(1_850_000); // GHS 18,500.00
  });

  it("5 % flat rate on a developer's sale", () => {
    const t = computeInvoiceTotals(
      [{ quantity: 1, unit_price: "850000.00", tax_class: "flat_rate" }],
      GHANA_RATES,
      "2026-03-15",
    );
    expect(t.taxes).toEqual([
      {
        tax_class: "flat_rate",
        code: "vat_flat",
        name: "VAT Flat Rate",
        rate: "0.0500",
        base_minor: 85_000_000,
        amount_minor: 4_250_000,
        position: 1,
      },
    ]);
    expect(t.total_minor).toBe(89_250_000);
  });

  it("exempt only: no tax lines at all", () => {
    const t = computeInvoiceTotals(
      [{ quantity: 12, unit_price: "2500.00", tax_class: "exempt" }],
      GHANA_RATES,
      "2026-06-01",
    );
    expect(t.taxes).toEqual([]);
    expect(t.total_minor).toBe(3_000_000);
  });

  it("taxes are rounded per component on the invoice's base, not per line: GHS 0.10 → 0.02 tax", () => {
    const t = computeInvoiceTotals(
      [{ quantity: 1, unit_price: "0.10", tax_class: "standard" }],
      GHANA_RATES,
      "2026-01-01",
    );
    expect(t.taxes.map((x) => x.amount_minor)).toEqual([2, 0, 0]); // 1.5 → 2, 0.25 → 0, 0.25 → 0
    // Three lines of 0.10 make one base of 0.30: 4.5 → 5, 0.75 → 1, 0.75 → 1 = 7 p (not 3 × 2 p).
    const three = computeInvoiceTotals(
      Array.from({ length: 3 }, () => ({ quantity: 1, unit_price: "0.10", tax_class: "standard" as const })),
      GHANA_RATES,
      "2026-01-01",
    );
    expect(three.tax_total_minor).toBe(7);
  });

  it("mixed classes with a discount: each class taxed on its own base", () => {
    const t = computeInvoiceTotals(
      [
        { quantity: 1, unit_price: "4999.99", discount_percent: "12.5", tax_class: "standard" }, // 4374.991 → 4374.99
        { quantity: "2", unit_price: "19999.95", tax_class: "flat_rate" }, // 39999.90
      ],
      GHANA_RATES,
      "2026-07-31",
    );
    expect(t.line_net_minor).toEqual([437_499, 3_999_990]);
    expect(t.taxes.map((x) => [x.code, x.amount_minor])).toEqual([
      ["vat", 65_625], // 65624.85 → 65625
      ["nhil", 10_937], // 10937.475 → 10937
      ["getfund", 10_937],
      ["vat_flat", 200_000], // 199999.5 → 200000
    ]);
    expect(t.total_minor).toBe(437_499 + 3_999_990 + 65_625 + 10_937 + 10_937 + 200_000);
  });

  it("the rates are those in force on the tax date: a 2025 invoice still had the COVID-19 levy", () => {
    const t = computeInvoiceTotals(
      [{ quantity: 1, unit_price: "1000.00", tax_class: "standard" }],
      GHANA_RATES,
      "2025-12-31",
    );
    expect(t.taxes.map((x) => x.code)).toEqual(["vat", "covid"]);
    expect(ratesOn(GHANA_RATES, "standard", "2026-01-01").map((r) => r.code)).toEqual([
      "vat",
      "nhil",
      "getfund",
    ]);
  });

  it("a taxable line without rates on its date is refused, not taxed at 0", () => {
    expect(() =>
      computeInvoiceTotals(
        [{ quantity: 1, unit_price: "100", tax_class: "flat_rate" }],
        GHANA_RATES,
        "2025-06-30",
      ),
    ).toThrow(MissingTaxRatesError);
  });

  it("labels a rate as a percentage", () => {
    expect(ratePercentLabel("0.1500")).toBe("15 %");
    expect(ratePercentLabel("0.025")).toBe("2.5 %");
    expect(ratePercentLabel(0.08)).toBe("8 %");
  });
});
