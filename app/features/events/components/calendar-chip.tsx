/**
 * One entry on the events calendar: an event's chip opens its sheet (`?id=`), a viewing's or a
 * consultation's links to it in its inbox. In the agenda a chip is a row: times, title, person and
 * place; elsewhere the start time and the title.
 */
import { Link } from "react-router";
import {
  CALENDAR_KIND_LABELS,
  entryHref,
  entryTitle,
  type CalendarEntry,
  type CalendarKind,
} from "#core/calendar/calendar-entries.ts";
import { EVENT_KIND_LABELS, type EventRow } from "#core/events/event-schema.ts";
import type { CalendarView } from "#app/components/calendar/use-calendar-state.ts";
import type { Formatters } from "#app/lib/format.ts";
import { cn } from "#app/lib/utils.ts";

export const KIND_STYLE: Record<CalendarKind, string> = {
  viewing: "border-l-emerald-600",
  meeting: "border-l-sky-600",
  open_house: "border-l-amber-500",
  deadline: "border-l-rose-600",
  other: "border-l-slate-400",
  consultation: "border-l-violet-600",
};

export function CalendarChip({
  entry: e,
  view,
  fmt,
  onOpenEvent,
}: {
  entry: CalendarEntry & { id: string };
  view: CalendarView;
  fmt: Formatters;
  onOpenEvent: (id: string) => void;
}) {
  const id = e.id.slice(e.source.length + 1);
  const title = entryTitle(e);
  const when = e.all_day ? "all day" : fmt.dateTime(e.starts_at);
  const className = cn(
    "block w-full truncate rounded-sm border-l-4 bg-accent/60 px-1.5 py-0.5 text-left text-xs hover:bg-accent",
    KIND_STYLE[e.kind],
    e.status === "cancelled" && "line-through opacity-60",
    e.source !== "events" && e.status === "requested" && "border-dashed",
    view === "agenda" && "flex items-center gap-3 bg-transparent py-1 text-sm",
  );
  const label = `${title}, ${CALENDAR_KIND_LABELS[e.kind]}${e.person ? `, ${e.person}` : ""}, ${when}${e.status === "cancelled" ? ", cancelled" : e.status === "requested" ? ", to confirm" : ""}`;
  const body =
    view === "agenda" ? (
      <>
        <span className="w-24 shrink-0 text-muted-foreground">
          {e.all_day ? "All day" : `${fmt.time(e.starts_at)}–${fmt.time(e.ends_at)}`}
        </span>
        <span className="font-medium">{title}</span>
        <span className="text-muted-foreground">
          {e.person ?? (e.source === "events" ? EVENT_KIND_LABELS[e.kind as EventRow["kind"]] : null)}
        </span>
        {e.location && <span className="truncate text-muted-foreground">{e.location}</span>}
      </>
    ) : (
      <>
        {!e.all_day && <span className="mr-1 text-muted-foreground">{fmt.time(e.starts_at)}</span>}
        {title}
      </>
    );
  return e.source === "events" ? (
    <button
      type="button"
      onClick={() => onOpenEvent(id)}
      className={className}
      aria-label={label}
      data-calendar-entry={id}
    >
      {body}
    </button>
  ) : (
    <Link
      to={entryHref({ source: e.source, id })}
      className={className}
      aria-label={label}
      data-calendar-entry={id}
    >
      {body}
    </Link>
  );
}
