/**
 * The back-office's calendars (tasks by due date, the company's events): a toolbar (the period's
 * name, previous / today / next, the view switch), a month grid, a week of day columns and an
 * agenda list. Generic: a module passes its items (start, optional end) and how to draw one;
 * items spanning days show on each day they cover (core/calendar/calendar.ts itemsByDay).
 */
import { format } from "date-fns";
import { ChevronLeftIcon, ChevronRightIcon } from "lucide-react";
import { useMemo, type ReactNode } from "react";
import { dayNoon, itemsByDay, monthOf, type CalendarItem } from "#core/calendar/calendar.ts";
import { Button } from "#app/components/ui/button.tsx";
import { cn } from "#app/lib/utils.ts";
import type { CalendarState, CalendarView } from "./use-calendar-state.ts";

const VIEW_LABELS: Record<CalendarView, string> = {
  month: "Month",
  week: "Week",
  day: "Day",
  agenda: "Agenda",
};
const WEEKDAYS = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"];
/** Items drawn per day in the month grid before "+N more". */
const MONTH_CELL_ITEMS = 3;

const fmtDay = (day: string, pattern: string) => format(dayNoon(day), pattern);

export function periodLabel(state: Pick<CalendarState, "view" | "date" | "days">): string {
  if (state.view === "month") return fmtDay(`${monthOf(state.date)}-01`, "MMMM yyyy");
  if (state.view === "day") return fmtDay(state.date, "EEEE d MMMM yyyy");
  const first = state.days[0]!;
  const last = state.days.at(-1)!;
  return `${fmtDay(first, "d MMM")} – ${fmtDay(last, "d MMM yyyy")}`;
}

export function CalendarToolbar({
  state,
  views,
  end,
}: {
  state: CalendarState;
  views: readonly CalendarView[];
  end?: ReactNode;
}) {
  const unit = state.view === "agenda" ? "period" : state.view;
  return (
    <div className="flex flex-wrap items-center gap-2">
      <div className="flex items-center gap-1">
        <Button
          variant="outline"
          size="icon"
          className="size-8"
          aria-label={`Previous ${unit}`}
          onClick={() => state.step(-1)}
        >
          <ChevronLeftIcon aria-hidden="true" />
        </Button>
        <Button variant="outline" size="sm" onClick={() => state.setDate(state.today)}>
          Today
        </Button>
        <Button
          variant="outline"
          size="icon"
          className="size-8"
          aria-label={`Next ${unit}`}
          onClick={() => state.step(1)}
        >
          <ChevronRightIcon aria-hidden="true" />
        </Button>
      </div>
      <h2 className="text-lg font-semibold" aria-live="polite" data-testid="calendar-period">
        {periodLabel(state)}
      </h2>
      <div
        role="group"
        aria-label="Calendar view"
        className="ml-auto inline-flex rounded-md border bg-background p-0.5"
      >
        {views.map((v) => (
          <Button
            key={v}
            variant="ghost"
            size="sm"
            aria-pressed={state.view === v}
            className={cn("h-8", state.view === v && "bg-accent font-semibold")}
            onClick={() => state.setView(v)}
          >
            {VIEW_LABELS[v]}
          </Button>
        ))}
      </div>
      {end}
    </div>
  );
}

export interface CalendarBodyProps<T extends CalendarItem> {
  state: CalendarState;
  items: readonly T[];
  /** One item as a chip (month/week) or a row (agenda). */
  renderItem: (item: T, day: string) => ReactNode;
  /** The calendar's accessible name ("Tasks by due date"). */
  label: string;
  loading?: boolean;
  empty?: ReactNode;
}

export function CalendarBody<T extends CalendarItem>(props: CalendarBodyProps<T>) {
  const byDay = useMemo(() => itemsByDay(props.items, props.state.days), [props.items, props.state.days]);
  if (props.state.view === "month") return <MonthGrid {...props} byDay={byDay} />;
  if (props.state.view === "week" || props.state.view === "day")
    return <WeekColumns {...props} byDay={byDay} />;
  return <Agenda {...props} byDay={byDay} />;
}

type WithDays<T extends CalendarItem> = CalendarBodyProps<T> & { byDay: Map<string, T[]> };

function MonthGrid<T extends CalendarItem>({ state, renderItem, label, byDay, loading }: WithDays<T>) {
  const month = monthOf(state.date);
  return (
    <table
      aria-label={label}
      aria-busy={loading || undefined}
      className="w-full table-fixed border-collapse text-sm"
      data-view="month"
    >
      <thead>
        <tr>
          {WEEKDAYS.map((d) => (
            <th key={d} scope="col" className="pb-1 text-left text-xs font-medium text-muted-foreground">
              {d}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {state.weeks.map((week) => (
          <tr key={week[0]}>
            {week.map((day) => {
              const items = byDay.get(day) ?? [];
              const outside = monthOf(day) !== month;
              return (
                <td
                  key={day}
                  data-day={day}
                  className={cn("h-28 border p-1 align-top", outside && "bg-muted/40 text-muted-foreground")}
                >
                  <div
                    className={cn(
                      "mb-1 flex size-6 items-center justify-center rounded-full text-xs",
                      day === state.today && "bg-primary font-semibold text-primary-foreground",
                    )}
                  >
                    <span aria-hidden="true">{fmtDay(day, "d")}</span>
                    <span className="sr-only">{fmtDay(day, "EEEE d MMMM")}</span>
                  </div>
                  <ul className="flex flex-col gap-0.5">
                    {items.slice(0, MONTH_CELL_ITEMS).map((item) => (
                      <li key={item.id}>{renderItem(item, day)}</li>
                    ))}
                  </ul>
                  {items.length > MONTH_CELL_ITEMS && (
                    <button
                      type="button"
                      className="mt-0.5 text-xs text-muted-foreground underline"
                      onClick={() => (state.setDate(day), state.setView("week"))}
                    >
                      +{items.length - MONTH_CELL_ITEMS} more
                    </button>
                  )}
                </td>
              );
            })}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function WeekColumns<T extends CalendarItem>({ state, renderItem, label, byDay, loading }: WithDays<T>) {
  return (
    <div
      role="list"
      aria-label={label}
      aria-busy={loading || undefined}
      className={cn("grid gap-2", state.view === "week" && "md:grid-cols-7")}
      data-view={state.view}
    >
      {state.days.map((day) => {
        const items = byDay.get(day) ?? [];
        return (
          <section
            role="listitem"
            key={day}
            data-day={day}
            aria-label={fmtDay(day, "EEEE d MMMM")}
            className={cn(
              "flex min-h-40 flex-col gap-1 rounded-lg border p-2",
              day === state.today && "border-primary",
            )}
          >
            <h3 className="text-xs font-semibold text-muted-foreground">
              {fmtDay(day, "EEE d")}
              {day === state.today && <span className="ml-1 text-primary">Today</span>}
            </h3>
            <ul className="flex flex-col gap-1">
              {items.map((item) => (
                <li key={item.id}>{renderItem(item, day)}</li>
              ))}
            </ul>
          </section>
        );
      })}
    </div>
  );
}

function Agenda<T extends CalendarItem>({ state, renderItem, label, byDay, loading, empty }: WithDays<T>) {
  const days = state.days.filter((d) => (byDay.get(d) ?? []).length > 0);
  if (!loading && days.length === 0)
    return (
      <div data-view="agenda">
        {empty ?? (
          <p className="rounded-lg border border-dashed p-6 text-center text-sm text-muted-foreground">
            Nothing in this period.
          </p>
        )}
      </div>
    );
  return (
    <ol
      aria-label={label}
      aria-busy={loading || undefined}
      className="flex flex-col gap-4"
      data-view="agenda"
    >
      {days.map((day) => (
        <li key={day} data-day={day}>
          <h3 className="mb-1 text-sm font-semibold">
            {fmtDay(day, "EEEE d MMMM")}
            {day === state.today && <span className="ml-2 text-xs text-primary">Today</span>}
          </h3>
          <ul className="flex flex-col divide-y rounded-lg border">
            {(byDay.get(day) ?? []).map((item) => (
              <li key={item.id} className="p-2">
                {renderItem(item, day)}
              </li>
            ))}
          </ul>
        </li>
      ))}
    </ol>
  );
}
