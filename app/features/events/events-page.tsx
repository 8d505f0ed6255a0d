/**
 * /events: the one company calendar — month, week, day and agenda views (the view, day, kind and
 * agent in the URL) of events, viewings and consultations (public.calendar_entries, the same rows
 * booking management draws). An event's chip opens its details (`?id=…`, also the link of an
 * invitation); a viewing or consultation opens in its inbox. "New event" (on the day shown); the
 * private calendar feed. Colleagues' changes to events show live.
 */
import { PlusIcon } from "lucide-react";
import { lazy, Suspense, useState } from "react";
import { Link, useSearchParams } from "react-router";
import { toast } from "#app/lib/toast.ts";
import {
  CALENDAR_FILTER_LABELS,
  CALENDAR_FILTERS,
  CALENDAR_KIND_LABELS,
  entryHref,
  entryTitle,
  matchesFilter,
  type CalendarEntry,
  type CalendarFilter,
  type CalendarKind,
} from "#core/calendar/calendar-entries.ts";
import {
  EVENT_KIND_LABELS,
  type EventFormOutput,
  type EventRow,
  type EventWithAttendees,
} from "#core/events/event-schema.ts";
import { displayName } from "#core/schemas/profile.ts";
import { describeDbError } from "#core/records/db-errors.ts";
import { CalendarBody, CalendarToolbar } from "#app/components/calendar/calendar-views.tsx";
import { FilterSelect } from "#app/components/records/list-filters.tsx";
import { useCalendarState, type CalendarView } from "#app/components/calendar/use-calendar-state.ts";
import { Alert } from "#app/components/ui/alert.tsx";
import { Button } from "#app/components/ui/button.tsx";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from "#app/components/ui/dialog.tsx";
import { Sheet, SheetContent, SheetDescription, SheetHeader, SheetTitle } from "#app/components/ui/sheet.tsx";
import { Skeleton } from "#app/components/ui/skeleton.tsx";
import { Spinner } from "#app/components/ui/spinner.tsx";
import { useCalendarEntries } from "#app/lib/calendar-entries-queries.ts";
import { useFormatters } from "#app/lib/format.ts";
import { useSession } from "#app/lib/session.tsx";
import { useTeamMembers } from "#app/lib/team-members-queries.ts";
import { cn } from "#app/lib/utils.ts";
import { saveEvent } from "./api/events-api.ts";
import { CalendarFeedDialog } from "./components/calendar-feed-dialog.tsx";
import { useEvent, useEventChanged, usePropertyTitles } from "./hooks/event-queries.ts";
import { PrimaryAction } from "#app/components/records/primary-action.tsx";

// Loaded when its dialog opens: react-hook-form stays out of the list's first download.
const EventDetail = lazy(() =>
  import("./components/event-detail.tsx").then((m) => ({ default: m.EventDetail })),
);
const EventForm = lazy(() => import("./components/event-form.tsx").then((m) => ({ default: m.EventForm })));
const VIEWS: readonly CalendarView[] = ["month", "week", "day", "agenda"];
const KIND_STYLE: Record<CalendarKind, string> = {
  viewing: "border-l-emerald-600",
  meeting: "border-l-sky-600",
  open_house: "border-l-amber-500",
  deadline: "border-l-rose-600",
  other: "border-l-slate-400",
  consultation: "border-l-violet-600",
};
const FILTER_OPTIONS = CALENDAR_FILTERS.map((f) => ({ value: f, label: CALENDAR_FILTER_LABELS[f] }));

export default function EventsPage() {
  const cal = useCalendarState(VIEWS, "month");
  const [params, setParams] = useSearchParams();
  const rawKind = params.get("kind");
  const kind = (CALENDAR_FILTERS as readonly string[]).includes(rawKind ?? "")
    ? (rawKind as CalendarFilter)
    : undefined;
  const agent = params.get("agent");
  const events = useCalendarEntries(cal.window, agent);
  const team = useTeamMembers();
  const openId = params.get("id");
  const open = useEvent(openId);
  const [editing, setEditing] = useState<EventWithAttendees | "new" | null>(null);
  const changed = useEventChanged();
  const fmt = useFormatters();
  const { user } = useSession();
  const rows = (events.data ?? []).filter((e) => matchesFilter(e, kind));
  const titles = usePropertyTitles(open.data?.property_id ?? null);

  const setParam = (name: string, value: string | null | undefined) =>
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        if (value) next.set(name, value);
        else next.delete(name);
        return next;
      },
      { preventScrollReset: true },
    );
  const setOpen = (id: string | null) => setParam("id", id);
  const agents = (team.data ?? []).map((m) => ({
    value: m.user_id,
    label: m.user_id === user?.id ? "Me" : displayName(m, m.email),
  }));

  const items = rows.map((e) => ({ ...e, id: `${e.source}:${e.id}`, start: e.starts_at, end: e.ends_at }));
  const chip = (e: CalendarEntry & { id: string }) => {
    const id = e.id.slice(e.source.length + 1);
    const title = entryTitle(e);
    const when = e.all_day ? "all day" : fmt.dateTime(e.starts_at);
    const className = cn(
      "block w-full truncate rounded-sm border-l-4 bg-accent/60 px-1.5 py-0.5 text-left text-xs hover:bg-accent",
      KIND_STYLE[e.kind],
      e.status === "cancelled" && "line-through opacity-60",
      e.source !== "events" && e.status === "requested" && "border-dashed",
      cal.view === "agenda" && "flex items-center gap-3 bg-transparent py-1 text-sm",
    );
    const label = `${title}, ${CALENDAR_KIND_LABELS[e.kind]}${e.person ? `, ${e.person}` : ""}, ${when}${e.status === "cancelled" ? ", cancelled" : e.status === "requested" ? ", to confirm" : ""}`;
    const body =
      cal.view === "agenda" ? (
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
        onClick={() => setOpen(id)}
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
  };

  const save = (values: EventFormOutput, version: string | null) =>
    saveEvent(editing && editing !== "new" ? editing.id : null, values, version);
  const onSaved = (saved: EventRow, values: EventFormOutput) => {
    const before =
      editing && editing !== "new"
        ? new Set(editing.event_attendees.map((a) => a.user_id))
        : new Set<string | null>();
    const invited = values.attendee_user_ids.filter((id) => !before.has(id) && id !== user?.id);
    const created = editing === "new";
    setEditing(null);
    toast.success(created ? "Event created" : "Event saved");
    changed(saved.id, created ? "created" : "updated", invited);
    setOpen(saved.id);
  };

  return (
    <div className="flex flex-col gap-4">
      <header className="flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-semibold tracking-tight">Events</h1>
        <div className="ml-auto flex gap-2">
          <CalendarFeedDialog />
          <PrimaryAction onClick={() => setEditing("new")} icon={<PlusIcon aria-hidden="true" />}>
            New event
          </PrimaryAction>
        </div>
      </header>
      <CalendarToolbar state={cal} views={VIEWS} />
      <div className="flex flex-wrap items-center gap-3">
        <FilterSelect
          label="Show"
          options={FILTER_OPTIONS}
          value={kind}
          onChange={(v) => setParam("kind", v)}
          anyLabel="Everything"
        />
        <FilterSelect
          label="Calendar of"
          options={agents}
          value={agent ?? undefined}
          onChange={(v) => setParam("agent", v)}
          anyLabel="Everyone"
        />
      </div>
      {events.isError && (
        <Alert variant="destructive">
          <span>Could not load the calendar: {describeDbError(events.error).message}</span>
          <Button variant="link" className="ml-auto h-auto p-0" onClick={() => void events.refetch()}>
            Try again
          </Button>
        </Alert>
      )}
      {events.isPending ? (
        <Skeleton className="h-96 w-full" />
      ) : (
        <CalendarBody
          state={cal}
          items={items}
          renderItem={chip}
          label="Company calendar"
          loading={events.isFetching}
        />
      )}

      <Sheet open={!!openId} onOpenChange={(o) => !o && setOpen(null)}>
        <SheetContent className="w-full overflow-y-auto sm:max-w-md">
          <SheetHeader>
            <SheetTitle>{open.data?.title ?? (open.isPending ? "Loading…" : "Event not found")}</SheetTitle>
            <SheetDescription>
              {open.data
                ? EVENT_KIND_LABELS[open.data.kind]
                : open.isError
                  ? describeDbError(open.error).message
                  : "It may have been deleted, or you may not see it."}
            </SheetDescription>
          </SheetHeader>
          <div className="px-4 pb-4">
            {open.data && (
              <Suspense fallback={<Spinner className="mx-auto my-8" label="Loading the event" />}>
                <EventDetail
                  event={open.data}
                  propertyTitle={
                    open.data.property_id ? (titles.data?.get(open.data.property_id) ?? null) : null
                  }
                  onEdit={() => setEditing(open.data!)}
                  onClosed={() => setOpen(null)}
                />
              </Suspense>
            )}
          </div>
        </SheetContent>
      </Sheet>

      <Dialog open={editing !== null} onOpenChange={(o) => !o && setEditing(null)}>
        <DialogContent className="max-h-[90vh] overflow-y-auto sm:max-w-2xl">
          <DialogHeader>
            <DialogTitle>{editing === "new" ? "New event" : "Edit event"}</DialogTitle>
            <DialogDescription>Times are Africa/Accra time.</DialogDescription>
          </DialogHeader>
          {editing !== null && (
            <Suspense fallback={<Spinner className="mx-auto my-8" label="Loading the form" />}>
              <EventForm
                row={editing === "new" ? null : editing}
                day={cal.date}
                save={save}
                onSaved={onSaved}
                onCancel={() => setEditing(null)}
              />
            </Suspense>
          )}
        </DialogContent>
      </Dialog>
    </div>
  );
}
