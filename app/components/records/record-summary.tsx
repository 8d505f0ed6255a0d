/**
 * The summary header's facts, shared by every record page so a status, an owner, the next step
 * and the last contact read the same way on a contact, a deal or a listing: a definition list
 * (label, value) that wraps on a phone. The next step and the last activity load on their own
 * and never hold the page back.
 */
import type { InfiniteData, UseInfiniteQueryResult } from "@tanstack/react-query";
import { formatDistanceToNow } from "date-fns";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { activityKindLabel, type TimelineRow } from "#core/business-contacts/activity-schema.ts";
import { recordPath } from "#core/records/record-links.ts";
import { Badge } from "#app/components/ui/badge.tsx";
import { Skeleton } from "#app/components/ui/skeleton.tsx";
import { useFormatters } from "#app/lib/format.ts";
import { useNextStep, type NextStepLinks } from "#app/lib/record-next-step-queries.ts";
import { useMemberName } from "#app/lib/team-members.ts";

export function SummaryFacts({ children }: { children: ReactNode }) {
  return (
    <dl
      aria-label="Summary"
      data-testid="record-summary"
      className="flex flex-wrap gap-x-6 gap-y-2 text-sm [&>div]:min-w-0"
    >
      {children}
    </dl>
  );
}

export function SummaryFact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-0.5" data-fact={label}>
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="flex flex-wrap items-center gap-1 break-words">{children}</dd>
    </div>
  );
}

export function OwnerFact({ ownerId, label = "Owner" }: { ownerId: string | null; label?: string }) {
  const memberName = useMemberName();
  return <SummaryFact label={label}>{ownerId ? memberName(ownerId) : "Nobody"}</SummaryFact>;
}

/** The earliest open task or upcoming appointment, linked to where it opens. */
export function NextStepFact(links: NextStepLinks) {
  const step = useNextStep(links);
  const fmt = useFormatters();
  let body: ReactNode;
  if (step.isPending) body = <Skeleton className="h-4 w-32" />;
  else if (step.isError) body = <span className="text-muted-foreground">Not available</span>;
  else if (!step.data) body = <span className="text-muted-foreground">Nothing planned</span>;
  else {
    const s = step.data;
    body = (
      <>
        <Link
          to={recordPath(s.kind === "task" ? "tasks" : "events", s.id) ?? "#"}
          className="font-medium underline-offset-4 hover:underline"
        >
          {s.title}
        </Link>
        {s.at && <span className="text-muted-foreground">· {fmt.dateTime(s.at)}</span>}
        {s.overdue && <Badge tone="danger">Overdue</Badge>}
      </>
    );
  }
  return <SummaryFact label="Next step">{body}</SummaryFact>;
}

/** The newest row of the record's timeline: what happened last, and when. */
export function LastActivityFact({
  timeline,
  label = "Last activity",
}: {
  timeline: UseInfiniteQueryResult<InfiniteData<TimelineRow[], unknown>>;
  label?: string;
}) {
  const last = timeline.data?.pages[0]?.[0];
  let body: ReactNode;
  if (timeline.isPending) body = <Skeleton className="h-4 w-32" />;
  else if (timeline.isError) body = <span className="text-muted-foreground">Not available</span>;
  else if (!last) body = <span className="text-muted-foreground">Nothing yet</span>;
  else
    body = (
      <>
        <span>{activityKindLabel(last.kind)}</span>
        {last.summary && <span className="max-w-64 truncate">: {last.summary}</span>}
        <span className="text-muted-foreground">
          ·{" "}
          <time dateTime={last.occurred_at}>
            {formatDistanceToNow(new Date(last.occurred_at), { addSuffix: true })}
          </time>
        </span>
      </>
    );
  return <SummaryFact label={label}>{body}</SummaryFact>;
}
