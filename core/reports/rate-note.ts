/**
 * A converted amount names the dated rate it was converted at, next to the figure:
 * "at GHS 15.20 per USD, 27 Nov 2026". The rate is written from its decimal digits (at least two
 * places, up to the four exchange_rates keeps), never rounded through arithmetic.
 */
import type { UsdGhsRate } from "#core/site-config.ts";

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** "15.2" → "15.20", "12.1234" → "12.1234", 15 → "15.00"; null for anything not a positive decimal. */
export function rateDigits(rate: number | string): string | null {
  const text = typeof rate === "number" ? (Number.isFinite(rate) ? String(rate) : "") : rate.trim();
  const m = /^(\d+)(?:\.(\d{1,4}))?$/.exec(text);
  if (!m || /^0+$/.test(`${m[1]}${m[2] ?? ""}`)) return null;
  const whole = m[1]!.replace(/^0+(?=\d)/, "");
  return `${whole}.${(m[2] ?? "").padEnd(2, "0")}`;
}

/** "2026-11-27" → "27 Nov 2026" (a calendar date: no time zone involved); null when not a date. */
export function rateDate(isoDay: string): string | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(isoDay);
  const month = m ? MONTHS[Number(m[2]) - 1] : undefined;
  if (!m || !month || Number(m[3]) < 1 || Number(m[3]) > 31) return null;
  return `${Number(m[3])} ${month} ${m[1]}`;
}

/** "at GHS 15.20 per USD, 27 Nov 2026"; null when the rate or its date cannot be named. */
export function rateNote(rate: UsdGhsRate | null): string | null {
  if (!rate) return null;
  const digits = rateDigits(rate.rate);
  const day = rateDate(rate.asOf);
  return digits && day ? `at GHS ${digits} per USD, ${day}` : null;
}
