/**
 * /title-checks/listing/:propertyId: a listing's title due diligence — the shared checklist on the
 * listing (staff who may work on it record; admins verify). When every required check is verified
 * the public listing shows "Title documents verified" with the date; any later change withdraws it.
 */
import { useQueryClient } from "@tanstack/react-query";
import { ArrowLeftIcon } from "lucide-react";
import { Link, useParams } from "react-router";
import { describeDbError } from "#core/records/db-errors.ts";
import { TitleChecklist } from "#app/domains/title-checks/components/title-checklist.tsx";
import { Alert } from "#app/components/ui/alert.tsx";
import { Skeleton } from "#app/components/ui/skeleton.tsx";
import { useSession } from "#app/lib/session.tsx";
import { titleKeys } from "#app/domains/title-checks/hooks/title-check-queries.ts";
import { useTitleListing } from "./hooks/title-overview-queries.ts";

export default function ListingTitlePage() {
  const { propertyId = "" } = useParams();
  const { role } = useSession();
  const qc = useQueryClient();
  const key = titleKeys.listing(propertyId);
  const listing = useTitleListing(propertyId);
  return (
    <div className="flex flex-col gap-4">
      <Link
        to={`/properties-admin/${propertyId}`}
        className="inline-flex w-fit items-center gap-1 text-sm text-muted-foreground hover:text-foreground"
      >
        <ArrowLeftIcon className="size-4" aria-hidden="true" />
        Back to the listing
      </Link>
      {listing.isPending ? (
        <Skeleton className="h-96 w-full" />
      ) : listing.isError ? (
        <Alert variant="destructive">
          This listing's due diligence cannot be opened: {describeDbError(listing.error).message}
        </Alert>
      ) : (
        <>
          <h1 className="text-2xl font-semibold tracking-tight">Title due diligence: {listing.data.title}</h1>
          <TitleChecklist
            subject={{ propertyId }}
            canVerify={role === "admin"}
            onChanged={() => void qc.invalidateQueries({ queryKey: key })}
          />
        </>
      )}
    </div>
  );
}
