/**
 * When an automatic follow-up is due (a new lead assigned, an inbox record converted into a
 * task): 09:00 Africa/Accra on the next working day — not a Saturday, Sunday or Ghana public
 * holiday. The database computes it (private.next_working_day_at, migration
 * 20261128100100_lead_follow_up.sql); this is the same rule, for the screens and the tests.
 */
import { addDays, dayKey, wallTimeToUtc } from "../calendar/calendar.ts";

/** The hour (Accra wall time) a follow-up falls due. */
export const FOLLOW_UP_HOUR = "09:00";

/** The title of a lead's automatic follow-up task. */
export function followUpTitle(contactName: string): string {
  return `Follow up with ${contactName.trim() || "the new lead"}`.slice(0, 200);
}

/** 09:00 Africa/Accra on the first working day after `now`'s Accra date (holidays: "YYYY-MM-DD"). */
export function nextWorkingDayAt(now: Date, holidays: ReadonlySet<string> | readonly string[] = []): string {
  const off = holidays instanceof Set ? holidays : new Set(holidays);
  let day = addDays(dayKey(now), 1);
  for (;;) {
    const weekday = new Date(`${day}T12:00:00Z`).getUTCDay();
    if (weekday !== 0 && weekday !== 6 && !off.has(day)) break;
    day = addDays(day, 1);
  }
  return wallTimeToUtc(`${day}T${FOLLOW_UP_HOUR}`)!;
}
