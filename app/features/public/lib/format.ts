/** Money, number and date formatting for the public site (en-GH, GHS default, Africa/Accra). */
import type { Currency, RentPeriod } from "#core/content-model.ts";
import { DEFAULT_TIMEZONE } from "#core/constants.ts";
import type { UsdGhsRate } from "#core/site-config.ts";
import { siteConfig } from "#app/lib/site-config.ts";

/**
 * The indicative USD→GHS rate for showing listings in the other currency: the newest rate in
 * effect in `exchange_rates`, which the edge puts into the page's configuration. Null when the
 * site could not read one; prices then show in their own currency only.
 */
export function usdGhsRate(): UsdGhsRate | null {
  return siteConfig.usdGhsRate;
}

const money = (currency: Currency) =>
  new Intl.NumberFormat("en-GH", {
    style: "currency",
    currency,
    currencyDisplay: "code",
    maximumFractionDigits: 0,
  });

/** "GHS 1,500,000" */
export function formatMoney(amount: number, currency: Currency): string {
  return money(currency)
    .format(amount)
    .replace(/\u00a0/g, " ");
}

/** The amount in the other currency at `rate` (1 USD = rate.rate GHS). */
export function convert(amount: number, from: Currency, to: Currency, rate: UsdGhsRate): number {
  if (from === to) return amount;
  return from === "USD" ? amount * rate.rate : amount / rate.rate;
}

export function otherCurrency(c: Currency): Currency {
  return c === "GHS" ? "USD" : "GHS";
}

export function rentSuffix(period: RentPeriod | null | undefined): string {
  return period === "year" ? " / year" : period === "month" ? " / month" : "";
}

const dateFmt = new Intl.DateTimeFormat("en-GB", {
  day: "numeric",
  month: "long",
  year: "numeric",
  timeZone: DEFAULT_TIMEZONE,
});
/** "21 November 2026" (Accra time). */
export function formatDate(value: string | Date): string {
  const d = typeof value === "string" ? new Date(value.length === 10 ? `${value}T00:00:00Z` : value) : value;
  return Number.isNaN(d.getTime()) ? "" : dateFmt.format(d);
}

export function formatNumber(n: number): string {
  return new Intl.NumberFormat("en-GH").format(n);
}

export function titleCase(s: string): string {
  return s.replace(/[_-]+/g, " ").replace(/\b\w/g, (c) => c.toUpperCase());
}
