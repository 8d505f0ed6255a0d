/**
 * /action-plans: the plans the user may use — the team's shared plans and their own — with
 * their trigger, who may use them and whether they are switched on; the way to a new plan.
 */
import { PlusIcon } from "lucide-react";
import { Link } from "react-router";
import { describeDbError } from "#core/records/db-errors.ts";
import { Alert } from "#app/components/ui/alert.tsx";
import { Badge } from "#app/components/ui/badge.tsx";
import { Skeleton } from "#app/components/ui/skeleton.tsx";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "#app/components/ui/table.tsx";
import { useMemberName } from "#app/lib/team-members-queries.ts";
import { triggerText } from "./components/trigger-text.ts";
import { usePlans } from "./hooks/plan-queries.ts";
import { PrimaryAction } from "#app/components/records/primary-action.tsx";

export default function ActionPlansPage() {
  const plans = usePlans();
  const memberName = useMemberName();
  return (
    <div className="flex flex-col gap-4">
      <header className="flex flex-wrap items-center gap-3">
        <div>
          <h1 className="text-2xl font-semibold tracking-tight">Action plans</h1>
          <p className="text-sm text-muted-foreground">
            Follow-ups that run by themselves: WhatsApp templates, e-mails, tasks and stage moves, paused when
            the client replies.
          </p>
        </div>
        <PrimaryAction to="/action-plans/new" className="ml-auto" icon={<PlusIcon aria-hidden="true" />}>
          New plan
        </PrimaryAction>
      </header>
      {plans.isPending && <Skeleton className="h-40 w-full" />}
      {plans.isError && (
        <Alert variant="destructive">Could not load the plans: {describeDbError(plans.error).message}</Alert>
      )}
      {plans.data?.length === 0 && (
        <p className="text-muted-foreground">
          No plans yet. Create one to follow up new leads automatically.
        </p>
      )}
      {plans.data && plans.data.length > 0 && (
        <div className="overflow-x-auto rounded-lg border">
          <Table aria-label="Action plans" stacked>
            <TableHeader>
              <TableRow>
                <TableHead>Plan</TableHead>
                <TableHead>Starts when</TableHead>
                <TableHead>Used by</TableHead>
                <TableHead>State</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {plans.data.map((p) => (
                <TableRow key={p.id}>
                  <TableCell data-label="">
                    <Link to={`/action-plans/${p.id}`} className="font-medium hover:underline">
                      {p.name}
                    </Link>
                  </TableCell>
                  <TableCell data-label="Starts when">{triggerText(p)}</TableCell>
                  <TableCell data-label="Used by">
                    {p.scope === "shared" ? "The team" : memberName(p.owner_id ?? "")}
                  </TableCell>
                  <TableCell data-label="State">
                    <Badge tone={p.is_active ? "success" : "muted"}>{p.is_active ? "On" : "Off"}</Badge>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </div>
      )}
    </div>
  );
}
