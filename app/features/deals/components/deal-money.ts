/**
 * A deal's value as the module shows it: in its own currency, and for USD also in GHS at the
 * newest USD→GHS rate in effect (exchange_rates, handed to the SPA by the edge) with its date.
 */
import { fromMinor } from "#core/deals/commission.ts";
import { ghsMinor } from "#core/deals/forecast.ts";
import { rateNote } from "#core/reports/rate-note.ts";
import type { DealRow } from "#core/deals/deal-schema.ts";
import type { Formatters } from "#app/lib/format.ts";
import { siteConfig } from "#app/lib/site-config.ts";

export function usdRate(): { rate: number; asOf: string } | null {
  return siteConfig.usdGhsRate;
}

/** "at GHS 12.10 per USD, 20 Nov 2026": the rate the GHS figures of USD deals are converted at. */
export function usdRateNote(): string | null {
  return rateNote(usdRate());
}

/** "GHS 1,450,000.00" or "USD 120,000.00 (≈ GHS 1,452,000.00 at GHS 12.10 per USD, 20 Nov 2026)". */
export function dealValue(row: Pick<DealRow, "value" | "currency">, fmt: Formatters): string {
  const own = fmt.money(row.value, row.currency);
  if (row.currency === "GHS") return own;
  const ghs = ghsMinor(row.value, row.currency, usdRate()?.rate ?? null);
  if (ghs === null) return own;
  const note = usdRateNote();
  return `${own} (≈ ${fmt.money(fromMinor(ghs), "GHS")}${note ? ` ${note}` : ""})`;
}

/** The value in GHS minor units for totals (0 for a USD deal when no rate is known). */
export function dealGhsMinor(row: Pick<DealRow, "value" | "currency">): number {
  return ghsMinor(row.value, row.currency, usdRate()?.rate ?? null) ?? 0;
}
