/**
 * A record's timeline, newest first, paged with "Show older": what was logged (notes, calls,
 * WhatsApp, mails), the linked records themselves (tasks, viewings, deals…, each linked to its
 * screen) and the mails queued about it. The same rows for a contact (public.contact_timeline),
 * a deal or a listing (public.record_timeline); the page decides which rows may be deleted.
 */
import type { InfiniteData, UseInfiniteQueryResult } from "@tanstack/react-query";
import { formatDistanceToNow } from "date-fns";
import { MailIcon, Trash2Icon } from "lucide-react";
import { Link } from "react-router";
import { activityKindLabel, recordPath, type TimelineRow } from "#core/business-contacts/activity-schema.ts";
import { humanizeToken } from "#core/history/history-fields.ts";
import { describeDbError } from "#core/records/db-errors.ts";
import { Alert } from "#app/components/ui/alert.tsx";
import { Badge } from "#app/components/ui/badge.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Skeleton } from "#app/components/ui/skeleton.tsx";
import { useFormatters } from "#app/lib/format.ts";
import { useRecordTimeline, type TimelineTable } from "#app/lib/record-timeline.ts";
import { useMemberName } from "#app/lib/team-members.ts";

export interface RecordTimelineProps {
  timeline: UseInfiniteQueryResult<InfiniteData<TimelineRow[], unknown>>;
  /** What to say before anything happened. */
  empty: string;
  canDelete?: (row: TimelineRow) => boolean;
  onDelete?: (row: TimelineRow) => void;
  deleting?: boolean;
  testId?: string;
}

const text = (v: unknown) => (typeof v === "string" && v ? v : null);

export function RecordTimeline({
  timeline,
  empty,
  canDelete,
  onDelete,
  deleting,
  testId = "record-timeline",
}: RecordTimelineProps) {
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
  if (items.length === 0) return <p className="text-sm text-muted-foreground">{empty}</p>;

  return (
    <div className="flex flex-col gap-3">
      <ol aria-label="Timeline" className="flex flex-col gap-3" data-testid={testId}>
        {items.map((r) => {
          const path = recordPath(r.record_table, r.record_id);
          const status = text(r.details?.status);
          const person = r.source === "record" ? text(r.details?.person) : null;
          return (
            <li
              key={`${r.source}-${r.id}`}
              data-kind={r.kind}
              className="flex min-w-0 gap-3 rounded-md border p-3"
            >
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
                  {status && <span className="text-muted-foreground">· {humanizeToken(status)}</span>}
                </div>
                <p className="font-medium [overflow-wrap:anywhere]">
                  {path ? (
                    <Link to={path} className="hover:underline">
                      {r.summary}
                    </Link>
                  ) : (
                    r.summary
                  )}
                  {person && <span className="font-normal text-muted-foreground"> · {person}</span>}
                </p>
                {r.body && (
                  <p className="whitespace-pre-wrap text-sm text-muted-foreground [overflow-wrap:anywhere]">
                    {r.body}
                  </p>
                )}
              </div>
              {onDelete && canDelete?.(r) && (
                <Button
                  variant="ghost"
                  size="icon"
                  aria-label={`Delete “${r.summary}”`}
                  disabled={deleting}
                  onClick={() => onDelete(r)}
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

/** The timeline of a deal or a listing (public.record_timeline). */
export function RecordActivity({ table, id }: { table: TimelineTable; id: string }) {
  const timeline = useRecordTimeline(table, id);
  return (
    <RecordTimeline
      timeline={timeline}
      empty={
        table === "deals"
          ? "Nothing yet: calls, WhatsApps and notes logged on the deal's clients, its tasks and viewings show here."
          : "Nothing yet: viewings, tasks, deals and messages about this listing show here."
      }
    />
  );
}
