/**
 * /title-checks: every title file the user may see — a listing's or (admins) a hunt's — with how
 * many required checks are verified, problems flagged and the badge's date. A row opens the
 * checklist where it lives (the listing's checklist here, the hunt's on its page).
 */

import { Link } from "react-router";
import { describeDbError } from "#core/records/db-errors.ts";
import { Alert } from "#app/components/ui/alert.tsx";
import { Badge } from "#app/components/ui/badge.tsx";
import { Skeleton } from "#app/components/ui/skeleton.tsx";
import { useFormatters } from "#app/lib/format.ts";
import { useTitleOverview } from "./hooks/title-overview-queries.ts";

export default function TitleChecksPage() {
  const files = useTitleOverview();
  const fmt = useFormatters();
  return (
    <div className="flex flex-col gap-4">
      <header className="flex flex-col gap-1">
        <h1 className="text-2xl font-semibold tracking-tight">Title checks</h1>
        <p className="text-sm text-muted-foreground">
          Site plan, Lands Commission search, indenture or certificate, consents, survey, encumbrances, lease
          term. Start a listing's due diligence from its page in Properties.
        </p>
      </header>
      {files.isPending ? (
        <Skeleton className="h-64 w-full" />
      ) : files.isError ? (
        <Alert variant="destructive">
          Could not load the title files: {describeDbError(files.error).message}
        </Alert>
      ) : files.data.length === 0 ? (
        <p className="text-sm text-muted-foreground">No due diligence started yet.</p>
      ) : (
        <div className="overflow-x-auto rounded-lg border">
          <table className="w-full text-sm" aria-label="Title files" data-stacked>
            <thead className="bg-muted/50 text-left">
              <tr>
                <th className="p-2 font-medium">Property</th>
                <th className="p-2 font-medium">For</th>
                <th className="p-2 font-medium">Required checks verified</th>
                <th className="p-2 font-medium">Problems</th>
                <th className="p-2 font-medium">Badge</th>
              </tr>
            </thead>
            <tbody>
              {files.data.map((f) => (
                <tr key={f.id} className="border-t">
                  <td data-label="" className="p-2">
                    <Link
                      className="font-medium hover:underline"
                      to={
                        f.property_id
                          ? `/title-checks/listing/${f.property_id}`
                          : `/property-hunt/${f.hunt_id}?tab=title`
                      }
                    >
                      {f.subject}
                    </Link>
                    {f.city && <span className="text-muted-foreground"> · {f.city}</span>}
                  </td>
                  <td data-label="For" className="p-2">
                    {f.property_id ? "Listing" : "Hunt"}
                  </td>
                  <td data-label="Required checks verified" className="p-2 tabular-nums">
                    {f.verified_checks} of {f.required_checks}
                  </td>
                  <td data-label="Problems" className="p-2">
                    {f.problems > 0 ? <Badge tone="danger">{f.problems}</Badge> : "—"}
                  </td>
                  <td data-label="Badge" className="p-2">
                    {f.verified_at ? <Badge tone="success">Verified {fmt.date(f.verified_at)}</Badge> : "—"}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
