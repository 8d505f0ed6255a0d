/**
 * "Apply a plan": choose one of the switched-on plans the user may use (shared ones and their
 * own) and start it for the given contacts — from a contact's or a deal's page, or as a bulk
 * action on the contacts list. Says how many started, how many already had it running, and how
 * many the user may not see.
 */
import { ListChecksIcon } from "lucide-react";
import { useId, useState, type ReactNode } from "react";
import { toast } from "#app/lib/toast.ts";
import { describeDbError } from "#core/records/db-errors.ts";
import { Button } from "#app/components/ui/button.tsx";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from "#app/components/ui/dialog.tsx";
import { Field } from "#app/components/ui/field.tsx";
import { NativeSelect } from "#app/components/ui/native-select.tsx";
import type { ApplyResult } from "#app/lib/action-plans/runs-api.ts";
import { useApplyPlan, useUsablePlans } from "#app/lib/action-plans/run-queries.ts";

function summary(r: ApplyResult): string {
  const parts = [`Started for ${r.started} contact${r.started === 1 ? "" : "s"}`];
  if (r.running) parts.push(`${r.running} already had it running`);
  if (r.not_visible) parts.push(`${r.not_visible} you may not see`);
  return parts.join("; ");
}

export function ApplyPlanDialog({
  contactIds,
  dealId,
  trigger,
  onApplied,
}: {
  contactIds: string[];
  dealId?: string | null;
  trigger?: ReactNode;
  onApplied?: () => void;
}) {
  const [open, setOpen] = useState(false);
  const [planId, setPlanId] = useState("");
  const [problem, setProblem] = useState<string | undefined>();
  const formId = useId();
  const plans = useUsablePlans(open);
  const apply = useApplyPlan();

  return (
    <Dialog
      open={open}
      onOpenChange={(o) => {
        setOpen(o);
        setProblem(undefined);
      }}
    >
      <DialogTrigger asChild>
        {trigger ?? (
          <Button size="sm" variant="outline">
            <ListChecksIcon aria-hidden="true" /> Apply a plan
          </Button>
        )}
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Apply an action plan</DialogTitle>
          <DialogDescription>
            {contactIds.length === 1
              ? "The plan starts now for this contact"
              : `The plan starts now for ${contactIds.length} contacts`}
            {dealId ? " and this deal" : ""}. Messages respect quiet hours, consent and the daily limit.
          </DialogDescription>
        </DialogHeader>
        <form
          id={formId}
          onSubmit={(e) => {
            e.preventDefault();
            if (!planId) return setProblem("Choose a plan");
            setProblem(undefined);
            apply.mutate(
              { planId, contactIds, dealId },
              {
                onSuccess: (r) => {
                  toast.success(summary(r));
                  setOpen(false);
                  onApplied?.();
                },
                onError: (e) => setProblem(describeDbError(e).message),
              },
            );
          }}
        >
          <Field label="Plan" error={problem} required>
            <NativeSelect
              value={planId}
              onChange={(e) => setPlanId(e.target.value)}
              disabled={plans.isPending}
            >
              <option value="">{plans.isPending ? "Loading plans…" : "Choose a plan"}</option>
              {(plans.data ?? []).map((p) => (
                <option key={p.id} value={p.id}>
                  {p.name}
                  {p.scope === "personal" ? " (mine)" : ""}
                </option>
              ))}
            </NativeSelect>
          </Field>
          {plans.data?.length === 0 && (
            <p className="mt-2 text-sm text-muted-foreground">
              No plan is switched on yet: create one under Action Plans.
            </p>
          )}
        </form>
        <DialogFooter>
          <Button type="button" variant="outline" onClick={() => setOpen(false)}>
            Cancel
          </Button>
          <Button type="submit" form={formId} disabled={apply.isPending}>
            Start the plan
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
