/**
 * Deal money in GHS: a USD deal's GHS value at the dated USD→GHS rate
 * (exchange_rates), the weighted value (value × the stage's win probability), both rounded to the
 * pesewa per deal — exactly what public.deal_forecast sums per stage and per month of the
 * expected close. The board's column totals use these on the cards they show.
 */
import { toMinor } from "./commission.ts";

export type Currency = "GHS" | "USD";

/** A deal's value in GHS minor units; null when a USD deal has no rate to convert with. */
export function ghsMinor(value: number, currency: Currency, usdGhsRate: number | null): number | null {
  if (currency === "GHS") return toMinor(value);
  if (usdGhsRate === null) return null;
  // numeric: round(value × rate, 2) — both exact decimals, so scale to integers first.
  const valueMinor = BigInt(toMinor(value));
  const rate4 = BigInt(Math.round(Number((usdGhsRate * 10_000).toFixed(2))));
  return Number((valueMinor * rate4 * 2n + 10_000n) / 20_000n);
}

/** value × probability %, rounded half up to the pesewa. */
export function weightedMinor(valueMinor: number, probabilityPercent: number): number {
  return Number((BigInt(valueMinor) * BigInt(Math.round(probabilityPercent)) * 2n + 100n) / 200n);
}

export interface ForecastDeal {
  value: number;
  currency: Currency;
  probability: number;
  stageId: string;
  expectedClose: string | null;
}

export interface ForecastLine {
  key: string;
  deals: number;
  valueMinor: number;
  weightedMinor: number;
}

/** Sums per stage and per expected-close month ("YYYY-MM", or "none"). */
export function forecast(
  deals: readonly ForecastDeal[],
  usdGhsRate: number | null,
): { byStage: Map<string, ForecastLine>; byMonth: Map<string, ForecastLine> } {
  const byStage = new Map<string, ForecastLine>();
  const byMonth = new Map<string, ForecastLine>();
  const add = (map: Map<string, ForecastLine>, key: string, v: number, w: number) => {
    const line = map.get(key) ?? { key, deals: 0, valueMinor: 0, weightedMinor: 0 };
    line.deals += 1;
    line.valueMinor += v;
    line.weightedMinor += w;
    map.set(key, line);
  };
  for (const d of deals) {
    const v = ghsMinor(d.value, d.currency, usdGhsRate) ?? 0;
    const w = weightedMinor(v, d.probability);
    add(byStage, d.stageId, v, w);
    add(byMonth, d.expectedClose ? d.expectedClose.slice(0, 7) : "none", v, w);
  }
  return { byStage, byMonth };
}
