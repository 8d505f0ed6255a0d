/**
 * Calendar arithmetic shared by the back-office's calendars (tasks, events) and forms: wall-clock
 * times of a zone (Africa/Accra by default, UTC+0 all year — still, instants are stored in UTC and
 * converted here, never assumed), day keys ("2026-11-26"), month and week grids (weeks start on
 * Monday, as in Ghana), and the one overlap rule (half-open intervals: an event ending at 10:00
 * does not clash with one starting at 10:00). Pure; the screens and the database agree with it.
 */
import { TZDate } from "@date-fns/tz";
import { DEFAULT_TIMEZONE } from "../constants.ts";

export const CALENDAR_TIMEZONE = DEFAULT_TIMEZONE;
/** Monday. */
export const WEEK_STARTS_ON = 1;

const WALL_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/;
const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const MONTH = /^(\d{4})-(\d{2})$/;

const pad = (n: number, width = 2) => String(n).padStart(width, "0");

/** A datetime-local value ("2026-11-26T14:30") read as wall time in `tz` → ISO instant (UTC); null when it is no real time. */
export function wallTimeToUtc(value: string, tz: string = CALENDAR_TIMEZONE): string | null {
  const m = WALL_TIME.exec(value.trim());
  if (!m) return null;
  const [y, mo, d, h, mi, s] = [m[1], m[2], m[3], m[4], m[5], m[6] ?? "0"].map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  if (mo < 1 || mo > 12 || d < 1 || d > 31 || h > 23 || mi > 59 || s > 59) return null;
  const t = new TZDate(y, mo - 1, d, h, mi, s, tz);
  // 31 February rolls over into March: not a real day.
  if (t.getFullYear() !== y || t.getMonth() !== mo - 1 || t.getDate() !== d) return null;
  return new Date(t.getTime()).toISOString();
}

/** An instant as a datetime-local value in `tz` ("2026-11-26T14:30"). */
export function utcToWallTime(iso: string | Date, tz: string = CALENDAR_TIMEZONE): string {
  const t = new TZDate(new Date(iso).getTime(), tz);
  return `${t.getFullYear()}-${pad(t.getMonth() + 1)}-${pad(t.getDate())}T${pad(t.getHours())}:${pad(t.getMinutes())}`;
}

/** The day ("2026-11-26") an instant falls on in `tz`. */
export function dayKey(instant: string | Date | number, tz: string = CALENDAR_TIMEZONE): string {
  const t = new TZDate(new Date(instant).getTime(), tz);
  return `${t.getFullYear()}-${pad(t.getMonth() + 1)}-${pad(t.getDate())}`;
}

/**
 * Noon of a day key as wall time in `tz`, built from its fields: a day's label ("Sat 28 Nov")
 * never depends on the browser's zone (a string without a zone would be read in the browser's).
 */
export function dayNoon(day: string, tz: string = CALENDAR_TIMEZONE): TZDate {
  const [y, m, d] = day.split("-").map(Number) as [number, number, number];
  return new TZDate(y, m - 1, d, 12, 0, 0, tz);
}

/** The month ("2026-11") of a day key. */
export const monthOf = (day: string): string => day.slice(0, 7);

export function isDayKey(value: string): boolean {
  const m = DAY.exec(value);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.toISOString().slice(0, 10) === value;
}

export function isMonthKey(value: string): boolean {
  const m = MONTH.exec(value);
  return !!m && Number(m[2]) >= 1 && Number(m[2]) <= 12;
}

// Day keys are dates without a zone: arithmetic on them happens in UTC, where days have 24 hours.
const fromKey = (day: string) => new Date(`${day}T00:00:00Z`);
const toKey = (d: Date) => d.toISOString().slice(0, 10);

export function addDays(day: string, n: number): string {
  const d = fromKey(day);
  d.setUTCDate(d.getUTCDate() + n);
  return toKey(d);
}

export function addMonths(month: string, n: number): string {
  const [y, m] = month.split("-").map(Number) as [number, number];
  const total = y * 12 + (m - 1) + n;
  return `${Math.floor(total / 12)}-${pad((total % 12) + 1)}`;
}

/** 0 = Sunday … 6 = Saturday. */
export const weekdayOf = (day: string): number => fromKey(day).getUTCDay();

/** The Monday on or before `day`. */
export function startOfWeek(day: string): string {
  return addDays(day, -((weekdayOf(day) - WEEK_STARTS_ON + 7) % 7));
}

/** The seven days (Monday first) of the week holding `day`. */
export function weekDays(day: string): string[] {
  const first = startOfWeek(day);
  return Array.from({ length: 7 }, (_, i) => addDays(first, i));
}

/** The weeks of a month view: whole weeks (Monday first) covering the month, 4 to 6 rows. */
export function monthGrid(month: string): string[][] {
  const first = `${month}-01`;
  const last = addDays(`${addMonths(month, 1)}-01`, -1);
  const weeks: string[][] = [];
  for (let monday = startOfWeek(first); monday <= last; monday = addDays(monday, 7))
    weeks.push(weekDays(monday));
  return weeks;
}

/** The instants [from, to) that the days first…last cover in `tz` (a calendar query's window). */
export function daysWindow(
  first: string,
  last: string,
  tz: string = CALENDAR_TIMEZONE,
): { from: string; to: string } {
  return { from: wallTimeToUtc(`${first}T00:00`, tz)!, to: wallTimeToUtc(`${addDays(last, 1)}T00:00`, tz)! };
}

/** Half-open intervals [aStart, aEnd) and [bStart, bEnd) share a moment. */
export function overlaps(
  aStart: string | Date,
  aEnd: string | Date,
  bStart: string | Date,
  bEnd: string | Date,
): boolean {
  return (
    new Date(aStart).getTime() < new Date(bEnd).getTime() &&
    new Date(bStart).getTime() < new Date(aEnd).getTime()
  );
}

export interface CalendarItem {
  id: string;
  /** ISO instant. */
  start: string;
  /** ISO instant (exclusive); absent for a point in time (a task's due time). */
  end?: string | null;
}

/**
 * Items by the days they touch, for the days shown: an item spanning midnight shows on each day
 * it covers; an item ending exactly at midnight does not spill into the next day. Within a day,
 * items keep start order.
 */
export function itemsByDay<T extends CalendarItem>(
  items: readonly T[],
  days: readonly string[],
  tz: string = CALENDAR_TIMEZONE,
): Map<string, T[]> {
  const out = new Map<string, T[]>(days.map((d) => [d, []]));
  if (days.length === 0) return out;
  const sorted = [...items].sort((a, b) => Date.parse(a.start) - Date.parse(b.start));
  for (const item of sorted) {
    const first = dayKey(item.start, tz);
    const endMs = item.end ? Date.parse(item.end) : Date.parse(item.start);
    // The last day touched: the day of the last moment before the (exclusive) end.
    const last = item.end && endMs > Date.parse(item.start) ? dayKey(endMs - 1, tz) : first;
    // Only the days shown are walked (an item may span months).
    const from = first < days[0]! ? days[0]! : first;
    const to = last > days.at(-1)! ? days.at(-1)! : last;
    for (let d = from; d <= to; d = addDays(d, 1)) out.get(d)?.push(item);
  }
  return out;
}
