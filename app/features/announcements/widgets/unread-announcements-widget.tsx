/** Dashboard slot "announcements": the reader's unread, live notices (pinned first), each a link that opens and marks it read. */
import { formatDistanceToNowStrict } from "date-fns";
import { PinIcon } from "lucide-react";
import { Link } from "react-router";
import { describeDbError } from "#core/records/db-errors.ts";
import { Skeleton } from "#app/components/ui/skeleton.tsx";
import { useUnreadAnnouncements } from "../hooks/announcement-queries.ts";

export default function UnreadAnnouncementsWidget() {
  const unread = useUnreadAnnouncements();
  if (unread.isPending) return <Skeleton className="h-24 w-full" />;
  if (unread.isError)
    return (
      <p className="text-sm text-destructive">
        Could not load the announcements: {describeDbError(unread.error).message}
      </p>
    );
  const { rows, total } = unread.data;
  if (rows.length === 0)
    return (
      <p className="text-sm text-muted-foreground">
        You are all caught up.{" "}
        <Link to="/announcements" className="underline">
          All announcements
        </Link>
      </p>
    );
  return (
    <div className="flex flex-col gap-2">
      <ul className="flex flex-col gap-1" aria-label="Unread announcements">
        {rows.map((r) => (
          <li key={r.id}>
            <Link
              to={`/announcements?id=${r.id}`}
              className="flex items-start gap-2 rounded-md px-2 py-1.5 text-sm hover:bg-accent"
            >
              {r.pinned && <PinIcon className="mt-0.5 size-3.5 shrink-0 text-primary" aria-label="Pinned" />}
              <span className="flex-1 font-medium">{r.title}</span>
              <time dateTime={r.created_at} className="shrink-0 text-xs text-muted-foreground">
                {formatDistanceToNowStrict(new Date(r.created_at), { addSuffix: true })}
              </time>
            </Link>
          </li>
        ))}
      </ul>
      <Link to="/announcements" className="text-sm underline">
        {total > rows.length ? `All ${total} unread` : "All announcements"}
      </Link>
    </div>
  );
}
