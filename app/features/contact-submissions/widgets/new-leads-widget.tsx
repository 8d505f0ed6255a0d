/** Dashboard "New leads and requests this week": per inbox, live with the inboxes' realtime wiring. */
import { Link } from "react-router";
import { INBOX_IDS, INBOXES } from "#core/inbox/inbox-model.ts";
import { describeDbError } from "#core/records/db-errors.ts";
import { useNewLeadCounts } from "../hooks/new-leads-queries.ts";

export default function NewLeadsWidget() {
  const counts = useNewLeadCounts();
  if (counts.isError)
    return (
      <p className="text-sm text-destructive">Could not load: {describeDbError(counts.error).message}</p>
    );
  const by = new Map((counts.data ?? []).map((c) => [c.inbox, c]));
  return (
    <ul className="flex flex-col gap-1.5 text-sm" data-testid="new-leads">
      {INBOX_IDS.map((id) => {
        const c = by.get(id);
        return (
          <li key={id} className="flex items-center gap-2">
            <Link to={INBOXES[id].path} className="underline-offset-4 hover:underline">
              {INBOXES[id].title}
            </Link>
            <span className="ml-auto font-semibold tabular-nums" data-count={id}>
              {counts.isPending ? "…" : (c?.records ?? 0)}
            </span>
            {!!c?.unassigned && (
              <span className="text-xs text-muted-foreground">({c.unassigned} unassigned)</span>
            )}
          </li>
        );
      })}
    </ul>
  );
}
