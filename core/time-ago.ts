/**
 * "3 days ago", "about 2 hours ago", "in 5 minutes": how long ago an instant was, in the words
 * the back-office's lists and boards have always used (date-fns' `formatDistanceToNow` with a
 * suffix, English). Written out here because date-fns' version brings its whole English locale
 * (about 3.5 KB gzip) onto every list page that shows a "last updated" column.
 * Calendar months are counted in UTC (Africa/Accra is UTC all year).
 */

const MINUTES_IN_DAY = 1440;
const MINUTES_IN_ALMOST_TWO_DAYS = 2520;
const MINUTES_IN_MONTH = 43200;

const plural = (n: number, one: string, many: string) => (n === 1 ? one : `${n} ${many}`);

function lastDayOfMonth(d: Date): boolean {
  const next = new Date(d.getTime());
  next.setUTCDate(d.getUTCDate() + 1);
  return next.getUTCMonth() !== d.getUTCMonth();
}

/** Whole months from `earlier` to `later` (later ≥ earlier), as date-fns' differenceInMonths counts them. */
function wholeMonths(later: Date, earlier: Date): number {
  const difference =
    (later.getUTCFullYear() - earlier.getUTCFullYear()) * 12 + later.getUTCMonth() - earlier.getUTCMonth();
  if (difference < 1) return 0;
  const shifted = new Date(later.getTime());
  if (shifted.getUTCMonth() === 1 && shifted.getUTCDate() > 27) shifted.setUTCDate(30);
  shifted.setUTCMonth(shifted.getUTCMonth() - difference);
  let lastMonthNotFull = shifted.getTime() < earlier.getTime();
  if (lastDayOfMonth(later) && difference === 1 && later.getTime() > earlier.getTime())
    lastMonthNotFull = false;
  return difference - (lastMonthNotFull ? 1 : 0);
}

/** The distance in words, without "ago" / "in". */
function distance(later: Date, earlier: Date): string {
  const seconds = Math.trunc((later.getTime() - earlier.getTime()) / 1000);
  const minutes = Math.round(seconds / 60);
  if (minutes < 1) return "less than a minute";
  if (minutes < 45) return plural(minutes, "1 minute", "minutes");
  if (minutes < 90) return "about 1 hour";
  if (minutes < MINUTES_IN_DAY) return `about ${plural(Math.round(minutes / 60), "1 hour", "hours")}`;
  if (minutes < MINUTES_IN_ALMOST_TWO_DAYS) return "1 day";
  if (minutes < MINUTES_IN_MONTH) return plural(Math.round(minutes / MINUTES_IN_DAY), "1 day", "days");
  if (minutes < MINUTES_IN_MONTH * 2)
    return `about ${plural(Math.round(minutes / MINUTES_IN_MONTH), "1 month", "months")}`;
  const months = wholeMonths(later, earlier);
  if (months < 12) return plural(Math.round(minutes / MINUTES_IN_MONTH), "1 month", "months");
  const years = Math.trunc(months / 12);
  const rest = months % 12;
  if (rest < 3) return `about ${plural(years, "1 year", "years")}`;
  if (rest < 9) return `over ${plural(years, "1 year", "years")}`;
  return `almost ${plural(years + 1, "1 year", "years")}`;
}

/** "3 days ago" for a past instant, "in 3 days" for a future one; "" for an invalid date. */
export function timeAgo(value: Date | string | number, now: Date = new Date()): string {
  const at = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(at.getTime())) return "";
  return at.getTime() > now.getTime() ? `in ${distance(at, now)}` : `${distance(now, at)} ago`;
}
