/**
 * Free slots for consultations and viewings, as a pure function: the worked
 * rules the database's `private.free_slots()` also follows (tests/rls/inbox-availability.test.ts
 * compares the two on the same data). Zod-free so the public booking pages can import the types.
 *
 * Rules, per host (a staff member who hosts the event type):
 *   - a slot starts on the event type's grid inside one of the host's weekly working windows
 *     (Africa/Accra local time; Accra is UTC+0 all year, so local = UTC), and the meeting itself
 *     (duration) ends inside that window — buffers may reach outside working hours;
 *   - its blocked time [start − buffer before, end + buffer after) overlaps none of the host's
 *     busy intervals (their other active appointments, each with its own buffers, time off and
 *     calendar events);
 *   - it starts at least `minNoticeMinutes` from now, on a day no later than today + the booking
 *     window, never on a public holiday;
 *   - the host has fewer than `dailyCap` active appointments that day.
 * A slot is offered when at least one host is free; the result names every free host.
 */

/** Africa/Accra is UTC+0 without daylight saving (modules.md): local wall time = UTC. */
export const ACCRA_UTC_OFFSET_MINUTES = 0;
const DAY_MS = 86_400_000;
const MINUTE_MS = 60_000;

export interface SlotRules {
  durationMinutes: number;
  bufferBeforeMinutes: number;
  bufferAfterMinutes: number;
  minNoticeMinutes: number;
  /** The last bookable day is today + this many days (Accra dates). */
  bookingWindowDays: number;
  /** Active appointments per host per day, all event types together. */
  dailyCap: number;
  /** Start times every this many minutes from the start of a working window. */
  slotIntervalMinutes: number;
}

/** One weekly working window: weekday 0 = Sunday … 6 = Saturday; "HH:MM" local times, end exclusive. */
export interface WorkingWindow {
  weekday: number;
  start: string;
  end: string;
}

export interface Interval {
  /** Instants in ms since the epoch (or ISO strings, which are parsed). */
  start: number | string;
  end: number | string;
}

export interface HostCalendar {
  hostId: string;
  hours: readonly WorkingWindow[];
  /** Other active appointments' blocked ranges (with their buffers), time off, calendar events. */
  busy: readonly Interval[];
  /** Active appointments per Accra date ("YYYY-MM-DD"), for the daily cap. */
  bookedPerDay?: Readonly<Record<string, number>>;
}

export interface FreeSlot {
  /** ISO instants (UTC). */
  start: string;
  end: string;
  /** Hosts free at this time, sorted. */
  hostIds: string[];
}

export interface FreeSlotsInput {
  rules: SlotRules;
  hosts: readonly HostCalendar[];
  /** Public holidays as Accra dates ("YYYY-MM-DD"). */
  holidays: ReadonlySet<string> | readonly string[];
  now: Date;
  /** First day asked for (Accra date); days before today are skipped. */
  fromDate: string;
  /** Number of days from fromDate. */
  days: number;
}

/** "HH:MM" → minutes after midnight (NaN when malformed). */
export function minutesOf(hhmm: string): number {
  const m = /^(\d{2}):(\d{2})$/.exec(hhmm);
  if (!m) return Number.NaN;
  const h = Number(m[1]);
  const min = Number(m[2]);
  return h <= 24 && min < 60 ? h * 60 + min : Number.NaN;
}

/** The Accra date of an instant, "YYYY-MM-DD". */
export function accraDate(instant: Date | number): string {
  const ms = typeof instant === "number" ? instant : instant.getTime();
  return new Date(ms + ACCRA_UTC_OFFSET_MINUTES * MINUTE_MS).toISOString().slice(0, 10);
}

/** The instant of an Accra date and local time ("YYYY-MM-DD", "HH:MM"). */
export function accraInstant(date: string, hhmm: string): Date {
  return new Date(Date.parse(`${date}T00:00:00Z`) + (minutesOf(hhmm) - ACCRA_UTC_OFFSET_MINUTES) * MINUTE_MS);
}

/** The Accra local time of an instant, "HH:MM". */
export function accraTime(instant: Date | number): string {
  const ms = typeof instant === "number" ? instant : instant.getTime();
  return new Date(ms + ACCRA_UTC_OFFSET_MINUTES * MINUTE_MS).toISOString().slice(11, 16);
}

export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** 0 = Sunday … 6 = Saturday, for an Accra date. */
export function weekdayOf(date: string): number {
  return new Date(`${date}T00:00:00Z`).getUTCDay();
}

const toMs = (v: number | string) => (typeof v === "number" ? v : Date.parse(v));

/** The blocked range of an appointment starting at `start`: its buffers around the meeting. */
export function blockedRange(
  start: number,
  rules: Pick<SlotRules, "durationMinutes" | "bufferBeforeMinutes" | "bufferAfterMinutes">,
): { from: number; until: number } {
  return {
    from: start - rules.bufferBeforeMinutes * MINUTE_MS,
    until: start + (rules.durationMinutes + rules.bufferAfterMinutes) * MINUTE_MS,
  };
}

/** The bookable Accra dates of a request: from max(fromDate, today) to min(fromDate + days − 1, today + window), minus holidays. */
export function bookableDays(
  input: Pick<FreeSlotsInput, "rules" | "holidays" | "now" | "fromDate" | "days">,
): string[] {
  const today = accraDate(input.now);
  const first = input.fromDate > today ? input.fromDate : today;
  const lastAsked = addDays(input.fromDate, Math.max(0, input.days) - 1);
  const lastAllowed = addDays(today, input.rules.bookingWindowDays);
  const last = lastAsked < lastAllowed ? lastAsked : lastAllowed;
  const holidays =
    input.holidays instanceof Set ? input.holidays : new Set(input.holidays as readonly string[]);
  const out: string[] = [];
  if (input.days <= 0) return out;
  for (let d = first; d <= last; d = addDays(d, 1)) if (!holidays.has(d)) out.push(d);
  return out;
}

/** Every free slot of the window, earliest first (see the rules above). */
export function freeSlots(input: FreeSlotsInput): FreeSlot[] {
  const { rules } = input;
  const step = Math.max(5, rules.slotIntervalMinutes);
  const earliest = input.now.getTime() + rules.minNoticeMinutes * MINUTE_MS;
  const bySlot = new Map<number, Set<string>>();
  const days = bookableDays(input);
  for (const host of input.hosts) {
    const busy = host.busy.map((b) => ({ from: toMs(b.start), until: toMs(b.end) }));
    for (const day of days) {
      if ((host.bookedPerDay?.[day] ?? 0) >= rules.dailyCap) continue;
      const weekday = weekdayOf(day);
      for (const w of host.hours) {
        if (w.weekday !== weekday) continue;
        const open = minutesOf(w.start);
        const close = minutesOf(w.end);
        if (!(open < close)) continue;
        for (let m = open; m + rules.durationMinutes <= close; m += step) {
          const start = Date.parse(`${day}T00:00:00Z`) + (m - ACCRA_UTC_OFFSET_MINUTES) * MINUTE_MS;
          if (start < earliest) continue;
          const block = blockedRange(start, rules);
          if (busy.some((b) => b.from < block.until && b.until > block.from)) continue;
          let hosts = bySlot.get(start);
          if (!hosts) bySlot.set(start, (hosts = new Set()));
          hosts.add(host.hostId);
        }
      }
    }
  }
  return [...bySlot.entries()]
    .sort(([a], [b]) => a - b)
    .map(([start, hosts]) => ({
      start: new Date(start).toISOString(),
      end: new Date(start + rules.durationMinutes * MINUTE_MS).toISOString(),
      hostIds: [...hosts].sort(),
    }));
}

/** Slots grouped by Accra date, for a day picker. */
export function slotsByDay<S extends { start: string }>(
  slots: readonly S[],
): Array<{ date: string; slots: S[] }> {
  const out: Array<{ date: string; slots: S[] }> = [];
  for (const s of slots) {
    const date = accraDate(Date.parse(s.start));
    const last = out.at(-1);
    if (last?.date === date) last.slots.push(s);
    else out.push({ date, slots: [s] });
  }
  return out;
}

/** The first `count` slots starting at or after `from` (the "here are the next free times" list). */
export function nextSlots<S extends { start: string }>(
  slots: readonly S[],
  from: Date | number,
  count = 3,
): S[] {
  const t = typeof from === "number" ? from : from.getTime();
  return slots.filter((s) => Date.parse(s.start) >= t).slice(0, count);
}
