/**
 * /collaboration-management (admins): partner agencies and independent agents — licence, usual
 * split, status — and a form to add one; a row opens the partner (people and invitations, shared
 * listings, buyers, co-broke deals).
 */
import { PlusIcon } from "lucide-react";
import { lazy, Suspense, useState } from "react";
import { Link, useNavigate } from "react-router";
import { toast } from "#app/lib/toast.ts";
import { PARTNER_KIND_LABELS, PARTNER_STATUS_LABELS } from "#core/collaboration-management/partner-rows.ts";
import { describeDbError } from "#core/records/db-errors.ts";
import { Alert } from "#app/components/ui/alert.tsx";
import { Skeleton } from "#app/components/ui/skeleton.tsx";
import { createPartner } from "./api/partners-api.ts";
import { usePartners, useRefreshPartners } from "./hooks/partner-queries.ts";
import { PrimaryAction } from "#app/components/records/primary-action.tsx";

// The form (react-hook-form and its resolver) loads when someone opens it, not with the page.
const PartnerForm = lazy(() =>
  import("./components/partner-form.tsx").then((m) => ({ default: m.PartnerForm })),
);

export default function CollaborationPage() {
  const partners = usePartners();
  const [adding, setAdding] = useState(false);
  const navigate = useNavigate();
  const refresh = useRefreshPartners();
  return (
    <div className="flex flex-col gap-4">
      <header className="flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-semibold tracking-tight">Collaborations</h1>
        {!adding && (
          <PrimaryAction
            className="ml-auto"
            onClick={() => setAdding(true)}
            icon={<PlusIcon aria-hidden="true" />}
          >
            New partner
          </PrimaryAction>
        )}
      </header>
      {adding && (
        <Suspense fallback={<Skeleton className="h-64 w-full" />}>
          <PartnerForm
            row={null}
            save={(values) => createPartner(values)}
            onSaved={(row) => {
              void refresh();
              toast.success("Partner created", {
                description: "Now add their people and invite them to the portal.",
              });
              navigate(`/collaboration-management/${row.id}`);
            }}
            onCancel={() => setAdding(false)}
          />
        </Suspense>
      )}
      {partners.isPending ? (
        <Skeleton className="h-64 w-full" />
      ) : partners.isError ? (
        <Alert variant="destructive">
          Could not load the partners: {describeDbError(partners.error).message}
        </Alert>
      ) : partners.data.length === 0 ? (
        <p className="text-sm text-muted-foreground">No partners yet.</p>
      ) : (
        <div className="overflow-x-auto rounded-lg border">
          <table className="w-full text-sm" aria-label="Partners" data-stacked>
            <thead className="bg-muted/50 text-left">
              <tr>
                <th className="p-2 font-medium">Partner</th>
                <th className="p-2 font-medium">Kind</th>
                <th className="p-2 font-medium">REAC licence</th>
                <th className="p-2 font-medium">Usual split</th>
                <th className="p-2 font-medium">Status</th>
              </tr>
            </thead>
            <tbody>
              {partners.data.map((p) => (
                <tr key={p.id} className="border-t">
                  <td data-label="" className="p-2">
                    <Link className="font-medium hover:underline" to={`/collaboration-management/${p.id}`}>
                      {p.name}
                    </Link>
                    {p.city && <span className="text-muted-foreground"> · {p.city}</span>}
                  </td>
                  <td data-label="Kind" className="p-2">
                    {PARTNER_KIND_LABELS[p.kind]}
                  </td>
                  <td data-label="REAC licence" className="p-2 font-mono text-xs">
                    {p.reac_licence_number}
                  </td>
                  <td data-label="Usual split" className="p-2 tabular-nums">
                    {p.default_split_percent}%
                  </td>
                  <td data-label="Status" className="p-2">
                    {PARTNER_STATUS_LABELS[p.status]}
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
