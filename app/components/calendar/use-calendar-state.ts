/**
 * A calendar screen's state in the URL (`view=month|week|day|agenda`, `date=YYYY-MM-DD`; other
 * parameters kept), so a week can be bookmarked, shared and walked back with Back: the days on
 * screen, the instants to query, and moving by a month or a week. Days are Africa/Accra days.
 */
import { useCallback, useMemo } from "react";
import { useSearchParams } from "react-router";
import {
  addDays,
  addMonths,
  dayKey,
  daysWindow,
  isDayKey,
  monthGrid,
  monthOf,
  weekDays,
} from "#core/calendar/calendar.ts";

export const CALENDAR_VIEWS = ["month", "week", "day", "agenda"] as const;
export type CalendarView = (typeof CALENDAR_VIEWS)[number];
/** How many days the agenda shows from its date. */
export const AGENDA_DAYS = 30;

export interface CalendarState {
  view: CalendarView;
  /** The day the view is about ("2026-11-26"). */
  date: string;
  today: string;
  /** Month view: weeks of days; week: one row; agenda: the days listed. */
  weeks: string[][];
  days: string[];
  /** The instants [from, to) the days cover (what to fetch). */
  window: { from: string; to: string };
  setView: (view: CalendarView) => void;
  setDate: (day: string) => void;
  /** One month (month view), one week, one day, or AGENDA_DAYS days back or forward. */
  step: (direction: -1 | 1) => void;
}

/** `viewParam`: the URL parameter of the view, when the page's own `view` means something else (tasks: list/board/calendar). */
export function useCalendarState(
  views: readonly CalendarView[],
  defaultView: CalendarView,
  options: { viewParam?: string; now?: Date } = {},
): CalendarState {
  const [params, setParams] = useSearchParams();
  const viewParam = options.viewParam ?? "view";
  const today = dayKey(options.now ?? new Date());
  const rawView = params.get(viewParam);
  const view: CalendarView = (views as readonly string[]).includes(rawView ?? "")
    ? (rawView as CalendarView)
    : defaultView;
  const rawDate = params.get("date") ?? "";
  const date = isDayKey(rawDate) ? rawDate : today;

  const { weeks, days } = useMemo(() => {
    if (view === "month") {
      const w = monthGrid(monthOf(date));
      return { weeks: w, days: w.flat() };
    }
    if (view === "week") {
      const w = weekDays(date);
      return { weeks: [w], days: w };
    }
    if (view === "day") return { weeks: [[date]], days: [date] };
    const d = Array.from({ length: AGENDA_DAYS }, (_, i) => addDays(date, i));
    return { weeks: [d], days: d };
  }, [view, date]);
  const window = useMemo(() => daysWindow(days[0]!, days.at(-1)!), [days]);

  const update = useCallback(
    (changes: Record<string, string | null>) =>
      setParams(
        (p) => {
          const next = new URLSearchParams(p);
          for (const [k, v] of Object.entries(changes)) {
            if (v === null) next.delete(k);
            else next.set(k, v);
          }
          return next;
        },
        { preventScrollReset: true },
      ),
    [setParams],
  );

  return {
    view,
    date,
    today,
    weeks,
    days,
    window,
    setView: (v) => update({ [viewParam]: v === defaultView ? null : v }),
    setDate: (d) => update({ date: d === today ? null : d }),
    step: (direction) => {
      const next =
        view === "month"
          ? `${addMonths(monthOf(date), direction)}-01`
          : addDays(date, direction * (view === "week" ? 7 : view === "day" ? 1 : AGENDA_DAYS));
      update({ date: next === today ? null : next });
    },
  };
}
