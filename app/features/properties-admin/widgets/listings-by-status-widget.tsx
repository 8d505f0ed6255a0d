/** Dashboard slot "listings-by-status": how many listings are in each status, each a link to the filtered list. */
import { Link } from "react-router";
import { PROPERTY_STATUSES } from "#core/content-model.ts";
import { describeDbError } from "#core/records/db-errors.ts";
import { Skeleton } from "#app/components/ui/skeleton.tsx";
import { PropertyStatusBadge } from "../components/property-status-badge.tsx";
import { useStatusCounts } from "../hooks/property-queries.ts";

export default function ListingsByStatusWidget() {
  const counts = useStatusCounts();
  if (counts.isPending) return <Skeleton className="h-32 w-full" />;
  if (counts.isError)
    return (
      <p className="text-sm text-destructive">
        Could not load the listings: {describeDbError(counts.error).message}
      </p>
    );
  const shown = PROPERTY_STATUSES.filter((s) => (counts.data[s] ?? 0) > 0);
  if (shown.length === 0) return <p className="text-sm text-muted-foreground">No listings yet.</p>;
  return (
    <ul className="flex flex-col gap-1.5" aria-label="Listings by status">
      {shown.map((s) => (
        <li key={s}>
          <Link
            to={`/properties-admin?status=${s}`}
            className="flex items-center justify-between rounded-md px-2 py-1 text-sm hover:bg-accent"
          >
            <PropertyStatusBadge status={s} />
            <span className="font-semibold tabular-nums">{counts.data[s]}</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
