/**
 * /title-checks/listing/:propertyId: a listing's title due diligence, on the record kit's engine
 * — its summary (whether the title is verified and since when, how many required checks are
 * still open, the listing itself, linked) then the shared checklist (staff who may work on the
 * listing record; admins verify). When every required check is verified the public listing shows
 * "Title documents verified" with the date; any later change withdraws it.
 */
import { useQueryClient } from "@tanstack/react-query";
import { Link, useParams } from "react-router";
import { titleBadge } from "#core/title-checks/title-rules.ts";
import { factsOf } from "#core/title-checks/title-schema.ts";
import { defineRecordPage, RecordPage } from "#app/components/records/record-page.tsx";
import { SummaryFact, SummaryFacts } from "#app/components/records/record-summary.tsx";
import { Badge } from "#app/components/ui/badge.tsx";
import { Skeleton } from "#app/components/ui/skeleton.tsx";
import { TitleChecklist } from "#app/domains/title-checks/components/title-checklist.tsx";
import {
  titleKeys,
  useTitleChecks,
  useTitleFile,
} from "#app/domains/title-checks/hooks/title-check-queries.ts";
import { useFormatters } from "#app/lib/format.ts";
import { useSession } from "#app/lib/session.tsx";
import type { TitleListing } from "./api/title-overview-api.ts";
import { useTitleListing } from "./hooks/title-overview-queries.ts";

const LISTING_TITLE_PAGE = defineRecordPage<TitleListing>({
  noun: "listing",
  back: { to: "/title-checks", label: "All title checks" },
  useRecord: useTitleListing,
  title: (row) => `Title due diligence: ${row.title}`,
  Summary: TitleSummary,
  tabs: [{ id: "checks", label: "Checks", content: ({ row }) => <Checklist propertyId={row.id} /> }],
});

export default function ListingTitlePage() {
  const { propertyId = "" } = useParams();
  return <RecordPage definition={LISTING_TITLE_PAGE} id={propertyId} />;
}

function Checklist({ propertyId }: { propertyId: string }) {
  const { role } = useSession();
  const qc = useQueryClient();
  return (
    <TitleChecklist
      subject={{ propertyId }}
      canVerify={role === "admin"}
      onChanged={() => void qc.invalidateQueries({ queryKey: titleKeys.listing(propertyId) })}
    />
  );
}

function TitleSummary({ row }: { row: TitleListing }) {
  const fmt = useFormatters();
  const file = useTitleFile({ propertyId: row.id });
  return (
    <SummaryFacts>
      <SummaryFact label="Title">
        {row.title_verified_at ? (
          <Badge tone="success">Verified {fmt.date(row.title_verified_at)}</Badge>
        ) : (
          <Badge tone="muted">Not verified</Badge>
        )}
      </SummaryFact>
      <SummaryFact label="Open checks">
        {file.isPending ? (
          <Skeleton className="h-4 w-24" />
        ) : file.data ? (
          <OpenChecks file={file.data} />
        ) : (
          <span className="text-muted-foreground">Not started</span>
        )}
      </SummaryFact>
      <SummaryFact label="Listing">
        <Link to={`/properties-admin/${row.id}`} className="underline-offset-4 hover:underline">
          {row.title}
        </Link>
        {row.city && <span className="text-muted-foreground">· {row.city}</span>}
      </SummaryFact>
    </SummaryFacts>
  );
}

function OpenChecks({ file }: { file: NonNullable<ReturnType<typeof useTitleFile>["data"]> }) {
  const checks = useTitleChecks(file.id);
  if (!checks.data) return <Skeleton className="h-4 w-24" />;
  const { outstanding } = titleBadge(
    factsOf(file),
    checks.data.map((c) => ({ item: c.item, status: c.status, verifiedAt: c.verified_at })),
  );
  return <span>{outstanding.length === 0 ? "None" : `${outstanding.length} required`}</span>;
}
