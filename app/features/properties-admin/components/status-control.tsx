/**
 * The listing's status, changed from its page: every status in workflow order; the moves the
 * workflow allows are offered, the others are marked and, if chosen, refused with the reason
 * (core's statusMoveError — the database would refuse them with the same words).
 */
import { ChevronDownIcon } from "lucide-react";
import { toast } from "sonner";
import { PROPERTY_STATUSES, type PropertyStatus } from "#core/content-model.ts";
import type { PropertyRow } from "#core/properties/property-schema.ts";
import { PROPERTY_STATUS_LABELS, statusMoveError } from "#core/properties/property-workflow.ts";
import { Button } from "#app/components/ui/button.tsx";
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuLabel, DropdownMenuTrigger } from "#app/components/ui/dropdown-menu.tsx";
import { useSetStatus } from "../hooks/property-queries.ts";

export function StatusControl({ row }: { row: PropertyRow }) {
  const setStatus = useSetStatus();
  const choose = (to: PropertyStatus) => {
    const why = statusMoveError(row.status, to, row.listing_type);
    if (why) {
      toast.error(`Cannot move to ${PROPERTY_STATUS_LABELS[to]}`, { description: why });
      return;
    }
    setStatus.mutate({ ids: [row.id], status: to }, { onSuccess: () => toast.success(`Status: ${PROPERTY_STATUS_LABELS[to]}`) });
  };
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="outline" size="sm" disabled={setStatus.isPending}>
          Change status
          <ChevronDownIcon aria-hidden="true" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-64">
        <DropdownMenuLabel>From {PROPERTY_STATUS_LABELS[row.status]} to…</DropdownMenuLabel>
        {PROPERTY_STATUSES.filter((s) => s !== row.status).map((s) => {
          const allowed = statusMoveError(row.status, s, row.listing_type) === null;
          return (
            <DropdownMenuItem key={s} onSelect={() => choose(s)} className={allowed ? undefined : "text-muted-foreground"}>
              {PROPERTY_STATUS_LABELS[s]}
              {!allowed && <span className="ml-auto text-xs">not allowed</span>}
            </DropdownMenuItem>
          );
        })}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
