/** Dashboard "My viewings": the signed-in staff member's appointments of the coming week. */
import { Link } from "react-router";
import { accraTime } from "#core/inbox/availability.ts";
import { entryHref } from "#core/calendar/calendar-entries.ts";
import { describeDbError } from "#core/records/db-errors.ts";
import { useFormatters } from "#app/lib/format.ts";
import { useMyUpcomingAppointments } from "../hooks/schedule-queries.ts";

export default function MyViewingsWidget() {
  const fmt = useFormatters();
  const entries = useMyUpcomingAppointments();
  if (entries.isError)
    return (
      <p className="text-sm text-destructive">Could not load: {describeDbError(entries.error).message}</p>
    );
  if (entries.isPending) return <p className="text-sm text-muted-foreground">Loading…</p>;
  const upcoming = entries.data.filter((e) => e.status !== "completed");
  if (upcoming.length === 0)
    return <p className="text-sm text-muted-foreground">No viewings or consultations this week.</p>;
  return (
    <ul className="flex flex-col gap-1 text-sm" data-testid="my-viewings">
      {upcoming.map((e) => (
        <li key={`${e.source}-${e.id}`}>
          <Link to={entryHref(e)} className="flex gap-2 underline-offset-4 hover:underline">
            <span className="w-28 shrink-0 tabular-nums">
              {fmt.date(e.starts_at)} {accraTime(Date.parse(e.starts_at))}
            </span>
            <span className="truncate">
              {e.source === "bookings" ? "Viewing" : "Consultation"} · {e.person}
            </span>
            {e.status === "requested" && <span className="ml-auto text-xs text-amber-800">to confirm</span>}
          </Link>
        </li>
      ))}
    </ul>
  );
}
