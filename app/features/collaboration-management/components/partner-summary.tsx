/**
 * A partner's summary header: whether the agency is active, what kind it is, its REAC licence
 * (and when it expires), the usual split, how many of its people have a portal account, how many
 * listings are shared with it, how to reach it and who looks after it.
 */
import {
  PARTNER_KIND_LABELS,
  PARTNER_STATUS_LABELS,
  type PartnerRow,
} from "#core/collaboration-management/partner-schema.ts";
import { OwnerFact, SummaryFact, SummaryFacts } from "#app/components/records/record-summary.tsx";
import { Badge } from "#app/components/ui/badge.tsx";
import { Skeleton } from "#app/components/ui/skeleton.tsx";
import { useFormatters } from "#app/lib/format.ts";
import { useMembers, useShares } from "../hooks/partner-queries.ts";

export function PartnerSummary({ row }: { row: PartnerRow }) {
  const fmt = useFormatters();
  const members = useMembers(row.id);
  const shares = useShares(row.id);
  const expired =
    row.licence_expires_on !== null && row.licence_expires_on < new Date().toISOString().slice(0, 10);
  return (
    <SummaryFacts>
      <SummaryFact label="Status">
        <Badge tone={row.status === "active" ? "success" : "neutral"}>
          {PARTNER_STATUS_LABELS[row.status]}
        </Badge>
      </SummaryFact>
      <SummaryFact label="Kind">{PARTNER_KIND_LABELS[row.kind]}</SummaryFact>
      <SummaryFact label="REAC licence">
        {row.reac_licence_number}
        {row.licence_expires_on && (
          <span className="text-muted-foreground">· until {fmt.date(row.licence_expires_on)}</span>
        )}
        {expired && <Badge tone="danger">Expired</Badge>}
      </SummaryFact>
      <SummaryFact label="Usual split">{row.default_split_percent}%</SummaryFact>
      <SummaryFact label="People">
        {members.data ? (
          `${members.data.length} · ${members.data.filter((m) => m.user_id).length} on the portal`
        ) : (
          <Skeleton className="h-4 w-16" />
        )}
      </SummaryFact>
      <SummaryFact label="Shared listings">
        {shares.data ? shares.data.length : <Skeleton className="h-4 w-8" />}
      </SummaryFact>
      {(row.email || row.phone) && (
        <SummaryFact label="Contact">
          {row.email && (
            <a href={`mailto:${row.email}`} className="underline-offset-4 hover:underline">
              {row.email}
            </a>
          )}
          {row.phone && (
            <a href={`tel:${row.phone}`} className="underline-offset-4 hover:underline">
              {row.phone}
            </a>
          )}
        </SummaryFact>
      )}
      <OwnerFact ownerId={row.owner_id} />
    </SummaryFacts>
  );
}
