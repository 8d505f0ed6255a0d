/**
 * "Change status" of an inbox record: the moves its workflow allows from the current status
 * (core/inbox/inbox-model.ts — the database refuses the others in the same words).
 */
import { ChevronDownIcon } from "lucide-react";
import { INBOXES, statusLabel, type InboxId } from "#core/inbox/inbox-model.ts";
import { Button } from "#app/components/ui/button.tsx";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuTrigger,
} from "#app/components/ui/dropdown-menu.tsx";

export function InboxStatusMenu({
  inbox,
  status,
  disabled,
  onChoose,
}: {
  inbox: InboxId;
  status: string;
  disabled?: boolean;
  onChoose: (status: string) => void;
}) {
  const moves = (INBOXES[inbox].moves[status] ?? []).filter((s) => s !== "spam");
  if (moves.length === 0) return null;
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="outline" size="sm" disabled={disabled}>
          Change status
          <ChevronDownIcon aria-hidden="true" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="start" className="w-56">
        <DropdownMenuLabel>Move to</DropdownMenuLabel>
        {moves.map((s) => (
          <DropdownMenuItem key={s} onSelect={() => onChoose(s)}>
            {statusLabel(inbox, s)}
          </DropdownMenuItem>
        ))}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
