/**
 * The staff calendar of consultations and viewings (the events calendar shows them too, from the
 * same public.calendar_entries, so both agree on every time): a week, one column
 * per day, each appointment with its time, client and host; requests not yet confirmed are marked.
 * Everyone's (what record-level access lets the user see) or one person's.
 */
import { ChevronLeftIcon, ChevronRightIcon } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import { dayNoon } from "#core/calendar/calendar.ts";
import { accraDate, accraTime, addDays, weekdayOf } from "#core/inbox/availability.ts";
import { entryHref, entryTitle } from "#core/calendar/calendar-entries.ts";
import { describeDbError } from "#core/records/db-errors.ts";
import { FilterSelect } from "#app/components/records/list-filters.tsx";
import { Alert } from "#app/components/ui/alert.tsx";
import { Badge } from "#app/components/ui/badge.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { useFormatters } from "#app/lib/format.ts";
import { useSession } from "#app/lib/session.tsx";
import { useMemberName, useTeamMembers } from "#app/lib/team-members-queries.ts";
import { cn } from "#app/lib/utils.ts";
import { displayName } from "#core/schemas/profile.ts";
import { useWeekAppointments } from "../hooks/schedule-queries.ts";

/** Monday of the week that holds an Accra date. */
function mondayOf(date: string): string {
  return addDays(date, -((weekdayOf(date) + 6) % 7));
}

export default function StaffCalendar() {
  const { user } = useSession();
  const team = useTeamMembers();
  const memberName = useMemberName();
  const fmt = useFormatters();
  const [week, setWeek] = useState(() => mondayOf(accraDate(new Date())));
  const [host, setHost] = useState<string | undefined>(undefined);
  const days = Array.from({ length: 7 }, (_, i) => addDays(week, i));
  const entries = useWeekAppointments(week, host);
  const hosts = [
    ...(user ? [{ value: user.id, label: "Me" }] : []),
    ...(team.data ?? [])
      .filter((m) => m.user_id !== user?.id)
      .map((m) => ({ value: m.user_id, label: displayName(m, m.email) })),
  ];
  const today = accraDate(new Date());
  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center gap-2">
        <Button
          variant="outline"
          size="icon"
          aria-label="Previous week"
          onClick={() => setWeek(addDays(week, -7))}
        >
          <ChevronLeftIcon aria-hidden="true" />
        </Button>
        <Button variant="outline" size="sm" onClick={() => setWeek(mondayOf(today))}>
          This week
        </Button>
        <Button
          variant="outline"
          size="icon"
          aria-label="Next week"
          onClick={() => setWeek(addDays(week, 7))}
        >
          <ChevronRightIcon aria-hidden="true" />
        </Button>
        <h2 className="text-lg font-semibold" aria-live="polite">
          Week of {fmt.date(dayNoon(week))}
        </h2>
        <div className="ml-auto">
          <FilterSelect
            label="Calendar of"
            options={hosts}
            value={host}
            onChange={setHost}
            anyLabel="Everyone"
          />
        </div>
      </div>
      {entries.isError && (
        <Alert variant="destructive">
          Could not load the calendar: {describeDbError(entries.error).message}
        </Alert>
      )}
      <div
        className="grid gap-2 md:grid-cols-7"
        aria-busy={entries.isPending || undefined}
        data-testid="staff-calendar"
      >
        {days.map((d) => {
          const items = (entries.data ?? []).filter((e) => accraDate(Date.parse(e.starts_at)) === d);
          return (
            <section
              key={d}
              aria-label={fmt.date(dayNoon(d))}
              className={cn(
                "flex min-h-32 flex-col gap-1.5 rounded-md border p-2",
                d === today && "border-primary",
              )}
            >
              <h3 className="text-xs font-semibold uppercase text-muted-foreground">
                {fmt.date(dayNoon(d))}
              </h3>
              {items.map((e) => (
                <Link
                  key={`${e.source}-${e.id}`}
                  to={entryHref(e)}
                  className={cn(
                    "rounded border-l-4 bg-muted/50 p-1.5 text-xs hover:bg-accent",
                    e.source === "bookings" ? "border-l-amber-600" : "border-l-sky-600",
                  )}
                  data-calendar-entry={e.id}
                >
                  <span className="font-semibold tabular-nums">{accraTime(Date.parse(e.starts_at))}</span>{" "}
                  {e.person}
                  <span className="block text-muted-foreground">
                    {entryTitle(e)} · {memberName(e.agent_id)}
                  </span>
                  {e.status === "requested" && <Badge tone="info">To confirm</Badge>}
                </Link>
              ))}
            </section>
          );
        })}
      </div>
    </div>
  );
}
