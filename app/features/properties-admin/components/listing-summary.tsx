/**
 * A listing's summary header on its record page: what its agent needs first — status and
 * whether the public sees it, the price (the one money formatter), the agent, days on market,
 * viewings had and coming, where it is and the next step; and its quick actions — the public
 * page when it is live, the title checks, the status control.
 */
import { ExternalLinkIcon } from "lucide-react";
import { PUBLIC_PROPERTY_STATUSES } from "#core/content-model.ts";
import { publicationState, PUBLICATION_LABELS } from "#core/properties/property-list.ts";
import type { PropertyRow } from "#core/properties/property-schema.ts";
import { daysOnMarket } from "#core/reports/figures.ts";
import {
  NextStepFact,
  OwnerFact,
  SummaryFact,
  SummaryFacts,
} from "#app/components/records/record-summary.tsx";
import { Skeleton } from "#app/components/ui/skeleton.tsx";
import { ListingTitleLink } from "#app/domains/title-checks/components/listing-title-link.tsx";
import { useFormatters } from "#app/lib/format.ts";
import { useViewingCount } from "../hooks/property-queries.ts";
import { listingPrice } from "./listing-price.ts";
import { publicListingUrl } from "./property-columns.tsx";
import { PropertyStatusBadge } from "./property-status-badge.tsx";
import { StatusControl } from "./status-control.tsx";

const isLive = (row: PropertyRow) =>
  publicationState(row.published_at) === "published" &&
  (PUBLIC_PROPERTY_STATUSES as readonly string[]).includes(row.status);

export function ListingSummary({ row }: { row: PropertyRow }) {
  const fmt = useFormatters();
  const viewings = useViewingCount(row.id);
  const days = daysOnMarket(row.published_at, new Date());
  return (
    <SummaryFacts>
      <SummaryFact label="Status">
        <PropertyStatusBadge status={row.status} />
        <span data-testid="listing-publication">
          {PUBLICATION_LABELS[publicationState(row.published_at)]}
        </span>
      </SummaryFact>
      <SummaryFact label="Price">
        <span className="tabular-nums">{listingPrice(row, fmt)}</span>
      </SummaryFact>
      <OwnerFact ownerId={row.agent_id} label="Agent" />
      <SummaryFact label="Days on market">{days === null ? "Not published" : days}</SummaryFact>
      <SummaryFact label="Viewings">
        {viewings.isPending ? (
          <Skeleton className="h-4 w-16" />
        ) : viewings.isError ? (
          <span className="text-muted-foreground">Not available</span>
        ) : (
          <span data-testid="listing-viewings">
            {viewings.data.all} · {viewings.data.upcoming} upcoming
          </span>
        )}
      </SummaryFact>
      <SummaryFact label="Where">{[row.neighbourhood, row.city].filter(Boolean).join(", ")}</SummaryFact>
      <NextStepFact eventColumn="property_id" eventId={row.id} />
    </SummaryFacts>
  );
}

export function ListingActions({ row }: { row: PropertyRow }) {
  return (
    <>
      {isLive(row) && (
        <a
          href={publicListingUrl(row.slug)}
          target="_blank"
          rel="noopener"
          className="inline-flex items-center gap-1 text-sm font-medium underline"
        >
          View on the site
          <ExternalLinkIcon className="size-4" aria-hidden="true" />
          <span className="sr-only">(opens in a new tab)</span>
        </a>
      )}
      <ListingTitleLink propertyId={row.id} />
      <StatusControl row={row} />
    </>
  );
}
