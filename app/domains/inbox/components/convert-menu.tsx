/**
 * "Convert": turns an inbox record into a business contact (the CRM de-duplicates on phone and
 * e-mail, so an existing contact is linked instead), opens a deal for it, or a task about that
 * contact (the submission's summary, for the record's assignee, due the next working day — once
 * per record: a second time opens the first); all write on the contact's timeline. Once linked,
 * the menu links to the contact and the deal.
 */
import { UserPlusIcon } from "lucide-react";
import { Link, useNavigate } from "react-router";
import { toast } from "#app/lib/toast.ts";
import type { InboxId } from "#core/inbox/inbox-model.ts";
import type { InboxRow } from "#core/inbox/inbox-schema.ts";
import { Button } from "#app/components/ui/button.tsx";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "#app/components/ui/dropdown-menu.tsx";
import { useConvertInbox } from "../hooks/inbox-queries.ts";
import { recordPath } from "#core/records/record-links.ts";

export function ConvertMenu({ inbox, row }: { inbox: InboxId; row: InboxRow }) {
  const { contact, deal, task } = useConvertInbox(inbox, row.id);
  const navigate = useNavigate();
  const busy = contact.isPending || deal.isPending || task.isPending;
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="outline" size="sm" disabled={busy}>
          <UserPlusIcon aria-hidden="true" />
          Convert
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="start" className="w-60">
        <DropdownMenuLabel>Convert into</DropdownMenuLabel>
        {!row.contact_id && (
          <DropdownMenuItem
            onSelect={() =>
              contact.mutate(undefined, {
                onSuccess: (r) =>
                  toast.success(
                    r.created
                      ? "Contact created"
                      : r.visible
                        ? "Linked to the existing contact"
                        : "Linked to an existing contact (a colleague's)",
                  ),
              })
            }
          >
            A business contact
          </DropdownMenuItem>
        )}
        {!row.deal_id && (
          <DropdownMenuItem
            onSelect={() =>
              deal.mutate(undefined, {
                onSuccess: (r) => toast.success(r.created ? "Deal opened" : "The deal was already open"),
              })
            }
          >
            A deal
          </DropdownMenuItem>
        )}
        <DropdownMenuItem
          onSelect={() =>
            task.mutate(undefined, {
              onSuccess: (r) =>
                toast.success(r.created ? "Task created" : "This record already has its task", {
                  description: r.created
                    ? "Linked to the contact, for the record's assignee, due the next working day."
                    : undefined,
                  action: {
                    label: "Open the task",
                    onClick: () => void navigate(recordPath("tasks", r.task_id)!),
                  },
                }),
            })
          }
        >
          A task
        </DropdownMenuItem>
        {(row.contact_id || row.deal_id) && <DropdownMenuSeparator />}
        {row.contact_id && (
          <DropdownMenuItem asChild>
            <Link to={recordPath("contacts", row.contact_id)!}>Open the contact</Link>
          </DropdownMenuItem>
        )}
        {row.deal_id && (
          <DropdownMenuItem asChild>
            <Link to={recordPath("deals", row.deal_id)!}>Open the deal</Link>
          </DropdownMenuItem>
        )}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
