/**
 * The one calculation of an invoice's figures (docs/modules/invoices-receipts.md):
 * line amounts, the taxes per component and the totals, in integer minor units (pesewas).
 * The database keeps the same figures (private.recompute_invoice in the money migration) and
 * tests/rls/invoices-receipts.test.ts checks the two agree on the worked examples below.
 *
 * Ghana from 1 Jan 2026 (VAT Act 2025, Act 1151):
 *   standard  — VAT 15 % + NHIL 2.5 % + GETFund 2.5 %, all on the same base (= 20 %);
 *   flat_rate — VAT flat rate 5 % (developers' sales, commercial rent);
 *   exempt    — no tax (residential lettings by non-developers).
 * The rates are never in code: they come from the dated tax_rates table, the rows valid on the
 * invoice's tax date (its issue date; a credit note uses the date of the invoice it credits).
 *
 * Rounding (each figure rounded once, half away from zero, to the pesewa):
 *   1. line net  = round(quantity × unit price × (100 − discount %) / 100)
 *   2. tax base  = Σ line nets of one tax class (exact)
 *   3. each tax  = round(base × rate) — per component and per invoice, not per line
 *   4. subtotal  = Σ line nets; tax total = Σ taxes; total = subtotal + tax total (exact)
 * Worked examples (core/invoices-receipts/invoice-totals.test.ts):
 *   • agency fee GHS 30,000.00 standard → VAT 4,500.00 + NHIL 750.00 + GETFund 750.00 = 6,000.00;
 *     total 36,000.00.
 *   • GHS 0.10 standard → VAT round(1.5) = 2 p, NHIL round(0.25) = 0 p, GETFund 0 p: tax 0.02.
 *   • 3 × GHS 333.33 with 10 % discount → round(899.991) = 899.99.
 */
import { divRound, toScaled, type Decimal } from "../money/minor-units.ts";

export const TAX_CLASSES = ["standard", "flat_rate", "exempt"] as const;
export type TaxClass = (typeof TAX_CLASSES)[number];
export const TAX_CLASS_LABELS: Record<TaxClass, string> = {
  standard: "Standard rated (VAT + NHIL + GETFund)",
  flat_rate: "VAT flat rate",
  exempt: "Exempt",
};
export const TAX_CLASS_SHORT_LABELS: Record<TaxClass, string> = {
  standard: "Standard",
  flat_rate: "Flat rate",
  exempt: "Exempt",
};

/** A row of public.tax_rates (rate as the fraction the table holds, e.g. "0.1500"). */
export interface TaxRateRow {
  tax_class: string;
  code: string;
  name: string;
  rate: Decimal;
  valid_from: string;
  valid_to: string | null;
  position: number;
}

export interface InvoiceLineInput {
  quantity: Decimal;
  unit_price: Decimal;
  /** 0–100, two decimals at most; absent = 0. */
  discount_percent?: Decimal | null;
  tax_class: TaxClass;
}

export interface TaxLine {
  tax_class: TaxClass;
  code: string;
  name: string;
  /** The fraction, as stored (e.g. "0.15"). */
  rate: string;
  base_minor: number;
  amount_minor: number;
  position: number;
}

export interface InvoiceTotals {
  /** Net amount of each line, in the order given. */
  line_net_minor: number[];
  taxes: TaxLine[];
  /** Net amounts per class (the exempt base is printed as "Exempt supplies"). */
  base_by_class: Record<TaxClass, number>;
  subtotal_minor: number;
  tax_total_minor: number;
  total_minor: number;
}

export class MissingTaxRatesError extends Error {
  constructor(
    readonly taxClass: TaxClass,
    readonly taxDate: string,
  ) {
    super(
      `No tax rates for ${TAX_CLASS_SHORT_LABELS[taxClass].toLowerCase()} lines on ${taxDate}: add them to the tax rates table first.`,
    );
    this.name = "MissingTaxRatesError";
  }
}

/** The rate rows in force on `date` (YYYY-MM-DD) for a class: valid_from ≤ date < valid_to. */
export function ratesOn(rates: readonly TaxRateRow[], taxClass: TaxClass, date: string): TaxRateRow[] {
  return rates
    .filter(
      (r) => r.tax_class === taxClass && r.valid_from <= date && (r.valid_to === null || r.valid_to > date),
    )
    .sort((a, b) => a.position - b.position || a.code.localeCompare(b.code));
}

/** round(quantity × unit price × (100 − discount) / 100), in minor units. */
export function lineNetMinor(
  line: Pick<InvoiceLineInput, "quantity" | "unit_price" | "discount_percent">,
): number {
  const qty = toScaled(line.quantity, 2); // ×100
  const price = toScaled(line.unit_price, 2); // minor units
  const discount = toScaled(line.discount_percent ?? 0, 2); // ×100
  if (qty <= 0n) throw new RangeError("A line's quantity must be more than 0");
  if (price < 0n) throw new RangeError("A line's unit price cannot be negative");
  if (discount < 0n || discount > 10000n) throw new RangeError("A discount is between 0 and 100 %");
  // qty/100 × price × (10000 − discount)/10000  →  one division, one rounding.
  return Number(divRound(qty * price * (10000n - discount), 1_000_000n));
}

/** The invoice's figures from its lines and the rate table, for the tax date. */
export function computeInvoiceTotals(
  lines: readonly InvoiceLineInput[],
  rates: readonly TaxRateRow[],
  taxDate: string,
): InvoiceTotals {
  const line_net_minor = lines.map(lineNetMinor);
  const base_by_class: Record<TaxClass, number> = { standard: 0, flat_rate: 0, exempt: 0 };
  lines.forEach((l, i) => (base_by_class[l.tax_class] += line_net_minor[i]!));
  const taxes: TaxLine[] = [];
  for (const taxClass of TAX_CLASSES) {
    if (taxClass === "exempt" || !lines.some((l) => l.tax_class === taxClass)) continue;
    const inForce = ratesOn(rates, taxClass, taxDate);
    if (!inForce.length) throw new MissingTaxRatesError(taxClass, taxDate);
    const base = BigInt(base_by_class[taxClass]);
    for (const r of inForce) {
      const rate4 = toScaled(r.rate, 4);
      taxes.push({
        tax_class: taxClass,
        code: r.code,
        name: r.name,
        rate: String(r.rate),
        base_minor: Number(base),
        amount_minor: Number(divRound(base * rate4, 10_000n)),
        position: r.position,
      });
    }
  }
  const subtotal_minor = line_net_minor.reduce((a, b) => a + b, 0);
  const tax_total_minor = taxes.reduce((a, t) => a + t.amount_minor, 0);
  return {
    line_net_minor,
    taxes,
    base_by_class,
    subtotal_minor,
    tax_total_minor,
    total_minor: subtotal_minor + tax_total_minor,
  };
}

/** "15 %", "2.5 %" from a stored fraction. */
export function ratePercentLabel(rate: Decimal): string {
  const hundredths = Number(toScaled(rate, 4)); // 0.025 → 250 = 2.50 %
  const pct = hundredths / 100;
  return `${Number.isInteger(pct) ? pct : pct.toFixed(2).replace(/0+$/, "")} %`;
}
