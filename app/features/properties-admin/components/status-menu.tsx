/** A "Change status" menu of listing statuses (the listing page's control and the table's bulk action). */
import { ChevronDownIcon } from "lucide-react";
import type { PropertyStatus } from "#core/content-model.ts";
import { PROPERTY_STATUS_LABELS } from "#core/properties/property-workflow.ts";
import { Button } from "#app/components/ui/button.tsx";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuTrigger,
} from "#app/components/ui/dropdown-menu.tsx";

export function StatusMenu({
  heading,
  statuses,
  refused = () => false,
  disabled,
  onChoose,
}: {
  heading: string;
  statuses: readonly PropertyStatus[];
  /** Marked "not allowed" (still chosen, so the refusal can say why). */
  refused?: (status: PropertyStatus) => boolean;
  disabled?: boolean;
  onChoose: (status: PropertyStatus) => void;
}) {
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="outline" size="sm" disabled={disabled}>
          Change status
          <ChevronDownIcon aria-hidden="true" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-64">
        <DropdownMenuLabel>{heading}</DropdownMenuLabel>
        {statuses.map((s) => (
          <DropdownMenuItem
            key={s}
            onSelect={() => onChoose(s)}
            className={refused(s) ? "text-muted-foreground" : undefined}
          >
            {PROPERTY_STATUS_LABELS[s]}
            {refused(s) && <span className="ml-auto text-xs">not allowed</span>}
          </DropdownMenuItem>
        ))}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
