/**
 * The contact's timeline, newest first: everything logged on it (notes, calls, WhatsApp…), what
 * other modules wrote for their records (deals, viewings, invoices… each linked to its screen)
 * and the e-mails queued to its addresses — from public.contact_timeline, paged with "Show older".
 * The user's own hand-logged entries can be deleted.
 */
import { formatDistanceToNow } from "date-fns";
import { MailIcon, Trash2Icon } from "lucide-react";
import { Link } from "react-router";
import {
  activityKindLabel,
  HAND_LOGGED_KINDS,
  recordPath,
  type TimelineRow,
} from "#core/contacts/activity-schema.ts";
import { describeDbError } from "#core/records/db-errors.ts";
import { Alert } from "#app/components/ui/alert.tsx";
import { Badge } from "#app/components/ui/badge.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Skeleton } from "#app/components/ui/skeleton.tsx";
import { useFormatters } from "#app/lib/format.ts";
import { useSession } from "#app/lib/session.tsx";
import { useMemberName } from "#app/lib/team-members.ts";
import { useDeleteActivity, useTimeline } from "../hooks/contact-queries.ts";

export function ContactTimeline({ contactId }: { contactId: string }) {
  const timeline = useTimeline(contactId);
  const remove = useDeleteActivity(contactId);
  const { user, role } = useSession();
  const memberName = useMemberName();
  const fmt = useFormatters();

  if (timeline.isPending) return <Skeleton className="h-48 w-full" />;
  if (timeline.isError)
    return (
      <Alert variant="destructive">
        Could not load the timeline: {describeDbError(timeline.error).message}
      </Alert>
    );
  const items = timeline.data.pages.flat();
  if (items.length === 0)
    return (
      <p className="text-sm text-muted-foreground">
        Nothing on the timeline yet: log a call, a WhatsApp or a note above.
      </p>
    );

  const canDelete = (r: TimelineRow) =>
    r.source === "activity" &&
    (role === "admin" ||
      (r.actor_id === user?.id && (HAND_LOGGED_KINDS as readonly string[]).includes(r.kind)));

  return (
    <div className="flex flex-col gap-3">
      <ol aria-label="Timeline" className="flex flex-col gap-3" data-testid="contact-timeline">
        {items.map((r) => {
          const path = recordPath(r.record_table, r.record_id);
          return (
            <li key={`${r.source}-${r.id}`} data-kind={r.kind} className="flex gap-3 rounded-md border p-3">
              <div className="flex min-w-0 flex-1 flex-col gap-1">
                <div className="flex flex-wrap items-center gap-2 text-sm">
                  <Badge tone={r.source === "email" ? "info" : r.kind === "deal" ? "accent" : "neutral"}>
                    {r.source === "email" && <MailIcon className="size-3" aria-hidden="true" />}
                    {activityKindLabel(r.kind)}
                  </Badge>
                  {r.direction && (
                    <span className="text-muted-foreground">
                      {r.direction === "inbound" ? "from them" : "to them"}
                    </span>
                  )}
                  <time
                    dateTime={r.occurred_at}
                    title={fmt.dateTime(r.occurred_at)}
                    className="text-muted-foreground"
                  >
                    {formatDistanceToNow(new Date(r.occurred_at), { addSuffix: true })}
                  </time>
                  {r.actor_id && <span className="text-muted-foreground">· {memberName(r.actor_id)}</span>}
                  {r.source === "email" && typeof r.details?.status === "string" && (
                    <span className="text-muted-foreground">· {r.details.status}</span>
                  )}
                </div>
                <p className="font-medium">
                  {path ? (
                    <Link to={path} className="hover:underline">
                      {r.summary}
                    </Link>
                  ) : (
                    r.summary
                  )}
                </p>
                {r.body && <p className="whitespace-pre-wrap text-sm text-muted-foreground">{r.body}</p>}
              </div>
              {canDelete(r) && (
                <Button
                  variant="ghost"
                  size="icon"
                  aria-label={`Delete “${r.summary}”`}
                  disabled={remove.isPending}
                  onClick={() => remove.mutate(r.id)}
                >
                  <Trash2Icon aria-hidden="true" />
                </Button>
              )}
            </li>
          );
        })}
      </ol>
      {timeline.hasNextPage && (
        <Button
          variant="outline"
          size="sm"
          className="self-start"
          disabled={timeline.isFetchingNextPage}
          onClick={() => void timeline.fetchNextPage()}
        >
          Show older
        </Button>
      )}
    </div>
  );
}
