/**
 * /events: the one company calendar on the record kit's list screen — the calendar (month, week,
 * day and agenda: `?view=week&date=…`) and the list of entries ahead or past (`?view=list`,
 * sorted and paged by the server), both of events, viewings and consultations
 * (public.calendar_entries, the same rows booking management draws) and both filtered by the same
 * kind, agent and search in the URL; saved views keep the layout. An event opens in its sheet
 * (`?id=…`, also the link of an invitation); a viewing or consultation opens in its inbox. "New
 * event" (on the day shown); the private calendar feed. Colleagues' changes show live.
 */
import { CalendarDaysIcon, TableIcon } from "lucide-react";
import { lazy, Suspense, useCallback, useMemo, useState } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { toast } from "#app/lib/toast.ts";
import {
  CALENDAR_FILTER_LABELS,
  CALENDAR_FILTERS,
  entryHref,
  entryTitle,
  matchesFilter,
  type CalendarEntry,
} from "#core/calendar/calendar-entries.ts";
import { calendarListQuery, matchesSearch } from "#core/calendar/calendar-list.ts";
import {
  EVENT_KIND_LABELS,
  type EventFormOutput,
  type EventRow,
  type EventWithAttendees,
} from "#core/events/event-schema.ts";
import { displayName } from "#core/schemas/profile.ts";
import { describeDbError } from "#core/records/db-errors.ts";
import { CalendarBody, CalendarToolbar } from "#app/components/calendar/calendar-views.tsx";
import { useCalendarState, type CalendarView } from "#app/components/calendar/use-calendar-state.ts";
import { useListSavedViews } from "#app/components/records/hooks/use-list-saved-views.ts";
import { FilterSelect } from "#app/components/records/list-filters.tsx";
import { defineListScreen, ListScreen, useListScreen } from "#app/components/records/list-screen.tsx";
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
import { listCalendarEntries, saveEvent } from "./api/events-api.ts";
import { CalendarChip } from "./components/calendar-chip.tsx";
import { CalendarFeedDialog } from "./components/calendar-feed-dialog.tsx";
import { entryColumns, entryCsvColumns } from "./components/entry-columns.tsx";
import { useCalendarList, useEvent, useEventChanged, usePropertyTitles } from "./hooks/event-queries.ts";

// Loaded when its dialog opens: react-hook-form stays out of the list's first download.
const EventDetail = lazy(() =>
  import("./components/event-detail.tsx").then((m) => ({ default: m.EventDetail })),
);
const EventForm = lazy(() => import("./components/event-form.tsx").then((m) => ({ default: m.EventForm })));
const CAL_VIEWS: readonly CalendarView[] = ["month", "week", "day", "agenda"];
const FILTER_OPTIONS = CALENDAR_FILTERS.map((f) => ({ value: f, label: CALENDAR_FILTER_LABELS[f] }));

// The calendar's own view (`?view=week`) shares the parameter: any value but "list" is the calendar.
const EVENTS = defineListScreen({
  title: "Events",
  query: calendarListQuery,
  noun: "calendar",
  filterLabels: { kind: "Show", agent: "Calendar of", when: "When" },
  table: {
    id: "calendar-entries",
    label: "Calendar entries",
    searchLabel: "Search the calendar",
    rowId: (e: CalendarEntry) => `${e.source}:${e.id}`,
    rowLabel: (e) => entryTitle(e),
  },
  views: [
    { id: "calendar", label: "Calendar", icon: CalendarDaysIcon },
    { id: "list", label: "List", icon: TableIcon },
  ],
  tableView: "list",
  savedViews: { listKey: "events", layouts: { view: ["list", "week", "day", "agenda"] } },
});

export default function EventsPage() {
  const screen = useListScreen(EVENTS);
  const { list, view } = screen;
  const cal = useCalendarState(CAL_VIEWS, "month");
  const [params, setParams] = useSearchParams();
  const { kind, agent } = list.query.filters;
  const events = useCalendarEntries(cal.window, agent ?? null);
  const result = useCalendarList(list.query, view === "list");
  const team = useTeamMembers();
  const openId = params.get("id");
  const open = useEvent(openId);
  const [editing, setEditing] = useState<EventWithAttendees | "new" | null>(null);
  const changed = useEventChanged();
  const fmt = useFormatters();
  const navigate = useNavigate();
  const { user } = useSession();
  const titles = usePropertyTitles(open.data?.property_id ?? null);
  const columns = useMemo(() => entryColumns(fmt), [fmt]);
  const views = useListSavedViews(EVENTS, columns);

  const setOpen = useCallback(
    (id: string | null) =>
      setParams(
        (p) => {
          const next = new URLSearchParams(p);
          if (id) next.set("id", id);
          else next.delete("id");
          return next;
        },
        { preventScrollReset: true },
      ),
    [setParams],
  );
  const agents = (team.data ?? []).map((m) => ({
    value: m.user_id,
    label: m.user_id === user?.id ? "Me" : displayName(m, m.email),
  }));
  const items = (events.data ?? [])
    .filter((e) => matchesFilter(e, kind) && matchesSearch(e, list.query.search))
    .map((e) => ({ ...e, id: `${e.source}:${e.id}`, start: e.starts_at, end: e.ends_at }));

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
    <>
      <ListScreen
        definition={EVENTS}
        screen={screen}
        columns={columns}
        result={result}
        savedViews={views}
        onOpenRow={(e) => (e.source === "events" ? setOpen(e.id) : void navigate(entryHref(e)))}
        exportCsv={{
          fileName: "calendar",
          columns: entryCsvColumns(),
          fetchPage: (range) => listCalendarEntries(list.query, range),
        }}
        headerActions={<CalendarFeedDialog />}
        primary={{ label: "New event", onClick: () => setEditing("new") }}
        filters={
          <>
            <FilterSelect
              label="Show"
              options={FILTER_OPTIONS}
              value={kind}
              onChange={(v) => list.setFilter("kind", v)}
              anyLabel="Everything"
            />
            <FilterSelect
              label="Calendar of"
              options={agents}
              value={agent}
              onChange={(v) => list.setFilter("agent", v)}
              anyLabel="Everyone"
            />
            {view === "list" && (
              <FilterSelect
                label="When"
                options={[{ value: "past", label: "Past" }]}
                value={list.query.filters.when}
                onChange={(v) => list.setFilter("when", v)}
                anyLabel="Upcoming"
              />
            )}
          </>
        }
        empty={{ title: "Nothing on the calendar", description: "Create an event to see it here." }}
        views={{
          calendar: {
            status: events,
            pending: false,
            body: (
              <>
                <CalendarToolbar state={cal} views={CAL_VIEWS} />
                {events.isPending ? (
                  <Skeleton className="h-96 w-full" />
                ) : (
                  <CalendarBody
                    state={cal}
                    items={items}
                    renderItem={(e) => (
                      <CalendarChip entry={e} view={cal.view} fmt={fmt} onOpenEvent={setOpen} />
                    )}
                    label="Company calendar"
                    loading={events.isFetching}
                  />
                )}
              </>
            ),
          },
        }}
      />

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
    </>
  );
}
