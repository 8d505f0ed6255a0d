/** Dashboard "Today's viewings and consultations": everyone's appointments of the day (Accra). */
import { Link } from "react-router";
import { accraTime } from "#core/inbox/availability.ts";
import { entryHref } from "#core/calendar/calendar-entries.ts";
import { describeDbError } from "#core/records/db-errors.ts";
import { useMemberName } from "#app/lib/team-members-queries.ts";
import { useTodaysAppointments } from "../hooks/schedule-queries.ts";

export default function ScheduleTodayWidget() {
  const memberName = useMemberName();
  const entries = useTodaysAppointments();
  if (entries.isError)
    return (
      <p className="text-sm text-destructive">Could not load: {describeDbError(entries.error).message}</p>
    );
  if (entries.isPending) return <p className="text-sm text-muted-foreground">Loading…</p>;
  if (entries.data.length === 0)
    return <p className="text-sm text-muted-foreground">Nothing booked today.</p>;
  return (
    <ul className="flex flex-col gap-1 text-sm" data-testid="schedule-today">
      {entries.data.map((e) => (
        <li key={`${e.source}-${e.id}`}>
          <Link to={entryHref(e)} className="flex gap-2 underline-offset-4 hover:underline">
            <span className="font-semibold tabular-nums">{accraTime(Date.parse(e.starts_at))}</span>
            <span className="truncate">
              {e.source === "bookings" ? "Viewing" : "Consultation"} · {e.person}
            </span>
            <span className="ml-auto text-muted-foreground">{memberName(e.agent_id)}</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
