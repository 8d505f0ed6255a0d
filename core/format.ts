/**
 * Money, date and time formatting honouring a user's settings: GHS, dd/mm/yyyy,
 * 24h and Africa/Accra by default. Pure: the SPA's app/lib/format.ts feeds it the settings.
 */
import { DEFAULT_CURRENCY, DEFAULT_DATE_FORMAT, DEFAULT_TIME_FORMAT, DEFAULT_TIMEZONE } from "./constants.ts";

export interface FormatSettings {
  currency: string;
  date_format: string;
  time_format: string;
  timezone: string;
}

export const DEFAULT_FORMAT_SETTINGS: FormatSettings = {
  currency: DEFAULT_CURRENCY,
  date_format: DEFAULT_DATE_FORMAT,
  time_format: DEFAULT_TIME_FORMAT,
  timezone: DEFAULT_TIMEZONE,
};

const DATE_PATTERNS: Record<string, string> = {
  "dd/mm/yyyy": "dd/MM/yyyy",
  "mm/dd/yyyy": "MM/dd/yyyy",
  "yyyy-mm-dd": "yyyy-MM-dd",
};

/** The pattern of a stored date format (date-fns tokens); unknown values use dd/mm/yyyy. */
export function datePattern(dateFormat: string): string {
  return DATE_PATTERNS[dateFormat] ?? "dd/MM/yyyy";
}

export function timePattern(timeFormat: string): string {
  return timeFormat === "12h" ? "h:mm a" : "HH:mm";
}

type DateInput = Date | string | number;

function toDate(value: DateInput): Date | null {
  const d = value instanceof Date ? value : new Date(value);
  return Number.isNaN(d.getTime()) ? null : d;
}

function knownZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat("en-GB", { timeZone });
    return timeZone !== "";
  } catch {
    return false;
  }
}

/** A date's wall-clock fields in a zone, two digits each (the year four). */
interface WallClock {
  yyyy: string;
  MM: string;
  dd: string;
  HH: string;
  mm: string;
}

// Intl, not a date library: these formats are on every back-office screen, and the browser's own
// zone data reads an instant in any IANA zone without shipping any.
const wallClockFormats = new Map<string, Intl.DateTimeFormat>();

/** The instant as wall-clock time in the zone; an unknown zone falls back to Africa/Accra. */
function inZone(value: DateInput, timeZone: string): WallClock | null {
  const d = toDate(value);
  if (!d) return null;
  // One format per setting, kept: building one is most of a call's cost.
  let f = wallClockFormats.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat("en-GB", {
      timeZone: knownZone(timeZone) ? timeZone : DEFAULT_TIMEZONE,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
    });
    wallClockFormats.set(timeZone, f);
  }
  const parts = f.formatToParts(d);
  const get = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? "";
  return {
    yyyy: get("year").padStart(4, "0"),
    MM: get("month"),
    dd: get("day"),
    HH: get("hour"),
    mm: get("minute"),
  };
}

/** Writes a pattern of datePattern/timePattern (yyyy MM dd HH mm h a) with a wall clock's fields. */
function render(pattern: string, w: WallClock): string {
  const hour = Number(w.HH);
  return pattern.replace(/yyyy|MM|dd|HH|mm|h|a/g, (token) => {
    if (token === "h") return String(hour % 12 || 12);
    if (token === "a") return hour < 12 ? "AM" : "PM";
    return w[token as keyof WallClock];
  });
}

/** "21/11/2026" for an instant, in the user's time zone; "" for an invalid input. */
export function formatDate(
  value: DateInput,
  s: Pick<FormatSettings, "date_format" | "timezone"> = DEFAULT_FORMAT_SETTINGS,
): string {
  const z = inZone(value, s.timezone);
  return z ? render(datePattern(s.date_format), z) : "";
}

/** "14:05" or "2:05 PM". */
export function formatTime(
  value: DateInput,
  s: Pick<FormatSettings, "time_format" | "timezone"> = DEFAULT_FORMAT_SETTINGS,
): string {
  const z = inZone(value, s.timezone);
  return z ? render(timePattern(s.time_format), z) : "";
}

/** "21/11/2026 14:05". */
export function formatDateTime(value: DateInput, s: FormatSettings = DEFAULT_FORMAT_SETTINGS): string {
  const z = inZone(value, s.timezone);
  return z ? render(`${datePattern(s.date_format)} ${timePattern(s.time_format)}`, z) : "";
}

/**
 * "GHS 1,250.00" / "USD 1,250.00": the ISO code, as invoices, receipts and the public site print
 * it (a "$" alone is ambiguous to a client abroad). The amount's own currency wins (a USD
 * listing stays USD); without one the user's preferred currency is used.
 */
export function formatMoney(
  amount: number,
  currency?: string | null,
  s: Pick<FormatSettings, "currency"> = DEFAULT_FORMAT_SETTINGS,
): string {
  const code = (currency ?? s.currency ?? DEFAULT_CURRENCY).toUpperCase();
  if (!Number.isFinite(amount)) return "";
  try {
    // Intl puts a no-break space after the code; a plain one matches formatMinor and searches.
    return new Intl.NumberFormat("en-GH", { style: "currency", currency: code, currencyDisplay: "code" })
      .format(amount)
      .replace(/\u00a0/g, " ");
  } catch {
    return `${code} ${amount.toFixed(2)}`;
  }
}
