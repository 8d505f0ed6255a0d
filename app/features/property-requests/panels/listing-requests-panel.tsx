/**
 * On a listing's page in properties admin (the record-panel slot "property"): the open property
 * requests this listing matches, best first, with score and reasons — requests the user may see.
 */
import { Link } from "react-router";
import { describeReasons } from "#core/inbox/matching.ts";
import { describeDbError } from "#core/records/db-errors.ts";
import { inboxRecordPath } from "#core/inbox/inbox-model.ts";
import { Badge } from "#app/components/ui/badge.tsx";
import { useFormatters } from "#app/lib/format.ts";
import { usePropertyMatches } from "../hooks/match-queries.ts";
import { useMemberName } from "#app/lib/team-members-queries.ts";

export default function ListingRequestsPanel({ recordId }: { recordId: string }) {
  const fmt = useFormatters();
  const memberName = useMemberName();
  const matches = usePropertyMatches(recordId);
  if (matches.isPending) return <p className="text-sm text-muted-foreground">Matching…</p>;
  if (matches.isError)
    return (
      <p className="text-sm text-destructive">Could not match: {describeDbError(matches.error).message}</p>
    );
  if (matches.data.length === 0)
    return (
      <p className="text-sm text-muted-foreground">
        No open request matches this listing (only listings available or coming soon are matched).
      </p>
    );
  return (
    <ul className="flex flex-col gap-2" data-testid="listing-requests">
      {matches.data.map((m) => (
        <li key={m.request_id} className="flex items-start gap-2 text-sm">
          <Badge tone={m.score >= 85 ? "success" : m.score >= 70 ? "info" : "warning"}>{m.score}%</Badge>
          <div className="flex min-w-0 flex-col">
            <Link
              to={inboxRecordPath("property_requests", m.request_id)}
              className="font-medium underline-offset-4 hover:underline"
            >
              {m.full_name}
            </Link>
            <span className="text-muted-foreground">
              {m.listing_type === "rent" ? "Rent" : "Buy"} up to {fmt.money(m.budget_max, m.currency)} ·{" "}
              {m.assignee_id ? memberName(m.assignee_id) : "Unassigned"}
            </span>
            <span>{describeReasons(m.reasons)}</span>
          </div>
        </li>
      ))}
    </ul>
  );
}
