/**
 * The action plans running on a contact or a deal: each run with its next step and when, Pause /
 * Resume / Stop, and "Apply a plan" (for a deal: to its main contact, about this deal). Shared by
 * the contact and deal pages.
 */
import { describeDbError } from "#core/records/db-errors.ts";
import { Skeleton } from "#app/components/ui/skeleton.tsx";
import type { RunScope } from "#app/lib/action-plans/runs-api.ts";
import { useRuns } from "#app/lib/action-plans/run-queries.ts";
import { ApplyPlanDialog } from "./apply-plan-dialog.tsx";
import { RunList } from "./run-list.tsx";

export function PlanRunsPanel({
  contactId,
  dealId,
  noun,
}: {
  /** The contact plans are applied to (a deal's main contact; none: the deal has no contact). */
  contactId: string | null;
  dealId?: string;
  noun: "contact" | "deal";
}) {
  const scope: RunScope = dealId ? { dealId } : { contactId: contactId ?? "" };
  const runs = useRuns(scope);
  const headingId = `plans-of-${dealId ?? contactId}`;
  return (
    <section
      aria-labelledby={headingId}
      className="flex max-w-3xl flex-col gap-3"
      data-testid="plan-runs-panel"
    >
      <div className="flex flex-wrap items-center gap-2">
        <h2 id={headingId} className="font-semibold">
          Action plans on this {noun}
        </h2>
        <div className="ml-auto">
          {contactId ? (
            <ApplyPlanDialog contactIds={[contactId]} dealId={dealId} />
          ) : (
            <p className="text-sm text-muted-foreground">Link a contact to the deal to apply a plan.</p>
          )}
        </div>
      </div>
      {runs.isPending && <Skeleton className="h-20 w-full" />}
      {runs.isError && (
        <p className="text-sm text-destructive">
          Could not load the plans: {describeDbError(runs.error).message}
        </p>
      )}
      {runs.data?.length === 0 && (
        <p className="text-sm text-muted-foreground">No plan has run on this {noun} yet.</p>
      )}
      {runs.data && runs.data.length > 0 && <RunList runs={runs.data} show="plan" />}
    </section>
  );
}
