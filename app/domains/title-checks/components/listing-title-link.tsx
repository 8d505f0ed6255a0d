/**
 * A listing's title due diligence at a glance, for the listing's page in properties admin: the
 * badge's state (verified on …, or how far the checks are) and the link to its checklist.
 */
import { BadgeCheckIcon, ShieldAlertIcon } from "lucide-react";
import { Link } from "react-router";
import { useFormatters } from "#app/lib/format.ts";
import { useTitleFile } from "../hooks/title-check-queries.ts";

export function ListingTitleLink({ propertyId }: { propertyId: string }) {
  const subject = { propertyId };
  const file = useTitleFile(subject);
  const fmt = useFormatters();
  const verified = file.data?.verified_at;
  return (
    <Link
      to={`/title-checks/listing/${propertyId}`}
      className="inline-flex items-center gap-1 text-sm font-medium underline"
      data-testid="listing-title-link"
    >
      {verified ? (
        <BadgeCheckIcon className="size-4 text-emerald-700" aria-hidden="true" />
      ) : (
        <ShieldAlertIcon className="size-4" aria-hidden="true" />
      )}
      {verified
        ? `Title verified ${fmt.date(verified)}`
        : file.data
          ? "Title due diligence (in progress)"
          : "Title due diligence"}
    </Link>
  );
}
