/**
 * A report's period, read from the URL (`?period=quarter`, or `?period=custom&from=…&to=…`) on
 * the Africa/Accra calendar: this month, this quarter, this year, or a custom range of at most
 * five years. The database refuses the same bad ranges in the same words (private.report_period),
 * so a hand-made request gets the message the form shows.
 */
import { todayInAccra } from "../form-fields.ts";

export const REPORT_PERIODS = ["month", "quarter", "year", "custom"] as const;
export type ReportPeriodKind = (typeof REPORT_PERIODS)[number];
export const REPORT_PERIOD_LABELS: Record<ReportPeriodKind, string> = {
  month: "This month",
  quarter: "This quarter",
  year: "This year",
  custom: "Custom range",
};

export const MAX_PERIOD_YEARS = 5;
export const PERIOD_MESSAGES = {
  missing: "Choose the first and the last day of the period.",
  reversed: "The period ends before it starts.",
  tooLong: "A period is at most five years long.",
  badDate: "Use a date (YYYY-MM-DD).",
  badKind: "Choose this month, quarter, year or a custom range.",
} as const;

export interface ReportPeriod {
  kind: ReportPeriodKind;
  from: string;
  to: string;
}

export type PeriodResult = { ok: true; period: ReportPeriod } | { ok: false; message: string };

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A real calendar day as YYYY-MM-DD, else null ("2026-02-30" is not one). */
export function calendarDate(text: string | null | undefined): string | null {
  const m = ISO_DATE.exec(text ?? "");
  if (!m) return null;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.toISOString().slice(0, 10) === text ? text : null;
}

const pad = (n: number) => String(n).padStart(2, "0");
const lastDay = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

/** The last day of a range that starts on `from` and lasts five years (exclusive end − 1 day). */
function addYears(from: string, years: number): string {
  const [y, m, d] = from.split("-").map(Number) as [number, number, number];
  const day = Math.min(d, lastDay(y + years, m));
  return `${y + years}-${pad(m)}-${pad(day)}`;
}

/** The period a URL's parameters name, on today's Accra calendar. */
export function resolvePeriod(
  params: { period?: string | null; from?: string | null; to?: string | null },
  now: Date = new Date(),
): PeriodResult {
  const kind = (params.period ?? "month") as ReportPeriodKind;
  if (!REPORT_PERIODS.includes(kind)) return { ok: false, message: PERIOD_MESSAGES.badKind };
  const today = todayInAccra(now);
  const [y, m] = today.split("-").map(Number) as [number, number];
  if (kind === "month")
    return { ok: true, period: { kind, from: `${y}-${pad(m)}-01`, to: `${y}-${pad(m)}-${lastDay(y, m)}` } };
  if (kind === "quarter") {
    const first = Math.floor((m - 1) / 3) * 3 + 1;
    return {
      ok: true,
      period: { kind, from: `${y}-${pad(first)}-01`, to: `${y}-${pad(first + 2)}-${lastDay(y, first + 2)}` },
    };
  }
  if (kind === "year") return { ok: true, period: { kind, from: `${y}-01-01`, to: `${y}-12-31` } };
  if (!params.from || !params.to) return { ok: false, message: PERIOD_MESSAGES.missing };
  const from = calendarDate(params.from);
  const to = calendarDate(params.to);
  if (!from || !to) return { ok: false, message: PERIOD_MESSAGES.badDate };
  if (to < from) return { ok: false, message: PERIOD_MESSAGES.reversed };
  if (to >= addYears(from, MAX_PERIOD_YEARS)) return { ok: false, message: PERIOD_MESSAGES.tooLong };
  return { ok: true, period: { kind, from, to } };
}

/** The year of an annual report: a whole number from 2000 to 2100, else a message. */
export function reportYear(
  text: string | null | undefined,
): { ok: true; year: number } | { ok: false; message: string } {
  const year = Number(text);
  if (!/^\d{4}$/.test(text ?? "") || year < 2000 || year > 2100)
    return { ok: false, message: "Choose a year between 2000 and 2100." };
  return { ok: true, year };
}

/** The quarter a month ("YYYY-MM") falls in: "2026-Q4". */
export function quarterOf(month: string): string {
  return `${month.slice(0, 4)}-Q${Math.floor((Number(month.slice(5, 7)) - 1) / 3) + 1}`;
}
