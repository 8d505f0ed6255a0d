/**
 * "Convert": turns an inbox record into a business contact (the CRM de-duplicates on phone and
 * e-mail, so an existing contact is linked instead) or opens a deal for it; both write the
 * submission on the contact's timeline. Once linked, the menu links to the contact and the deal.
 * (Converting into a task waits for the tasks module: no tasks table has landed.)
 */
import { UserPlusIcon } from "lucide-react";
import { toast } from "sonner";
import type { InboxId } from "#core/inbox/inbox-model.ts";
import type { InboxRow } from "#core/inbox/inbox-schema.ts";
import { Button } from "#app/components/ui/button.tsx";
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuLabel, DropdownMenuSeparator, DropdownMenuTrigger } from "#app/components/ui/dropdown-menu.tsx";
import { useConvertInbox } from "#app/lib/inbox/inbox-queries.ts";

export function ConvertMenu({ inbox, row }: { inbox: InboxId; row: InboxRow }) {
  const { contact, deal } = useConvertInbox(inbox, row.id);
  const busy = contact.isPending || deal.isPending;
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
                  toast.success(r.created ? "Contact created" : r.visible ? "Linked to the existing contact" : "Linked to an existing contact (a colleague's)"),
              })
            }
          >
            A business contact
          </DropdownMenuItem>
        )}
        {!row.deal_id && (
          <DropdownMenuItem onSelect={() => deal.mutate(undefined, { onSuccess: (r) => toast.success(r.created ? "Deal opened" : "The deal was already open") })}>
            A deal
          </DropdownMenuItem>
        )}
        {(row.contact_id || row.deal_id) && <DropdownMenuSeparator />}
        {row.contact_id && (
          <DropdownMenuItem asChild>
            <a href={`/business-contacts?open=${row.contact_id}`}>Open the contact</a>
          </DropdownMenuItem>
        )}
        {row.deal_id && (
          <DropdownMenuItem asChild>
            <a href={`/deals?open=${row.deal_id}`}>Open the deal</a>
          </DropdownMenuItem>
        )}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
