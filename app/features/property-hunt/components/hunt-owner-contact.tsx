/**
 * The owner contact on a hunt's page: the linked business contact (a link to its page), or a
 * picker of business contacts and "Add from the owner's details", which reuses a contact with the
 * same phone before it creates one.
 */
import { UserPlusIcon } from "lucide-react";
import { Link } from "react-router";
import { toast } from "#app/lib/toast.ts";
import type { HuntRow } from "#core/property-hunt/hunt-schema.ts";
import { RecordPicker } from "#app/components/records/record-picker.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Label } from "#app/components/ui/label.tsx";
import { contactName, searchContacts } from "#app/lib/contact-lookup-api.ts";
import {
  useLinkOwnerContact,
  useOwnerContactFromDetails,
  useOwnerContactName,
} from "../hooks/hunt-mutations.ts";

export function HuntOwnerContact({
  row,
  onChanged,
  readOnly,
}: {
  row: HuntRow;
  onChanged: () => void;
  readOnly: boolean;
}) {
  const name = useOwnerContactName(row.owner_contact_id);
  const link = useLinkOwnerContact(row.id, {
    onSuccess: onChanged,
  });
  const fromDetails = useOwnerContactFromDetails(row, {
    onSuccess: (r) => {
      toast.success(
        r.created ? "Owner added to business contacts" : "Linked to the existing contact with this phone",
      );
      onChanged();
    },
  });
  return (
    <section
      aria-label="Owner contact"
      className="flex flex-wrap items-end gap-3 rounded-lg border p-3 text-sm"
    >
      {row.owner_contact_id ? (
        <p className="min-w-0 flex-1">
          Owner contact:{" "}
          <Link className="font-medium underline" to={`/business-contacts/${row.owner_contact_id}`}>
            {name.data ?? "Open the contact"}
          </Link>
        </p>
      ) : (
        <div className="flex min-w-64 flex-1 flex-col gap-1">
          <Label htmlFor="hunt-owner-contact">Owner contact</Label>
          <RecordPicker
            id="hunt-owner-contact"
            value=""
            onChange={(id) => link.mutate(id || null)}
            search={searchContacts}
            resolve={contactName}
            noun="contact"
            placeholder="Find in business contacts…"
            disabled={readOnly || link.isPending}
          />
        </div>
      )}
      {row.owner_contact_id
        ? !readOnly && (
            <Button size="sm" variant="ghost" onClick={() => link.mutate(null)} disabled={link.isPending}>
              Unlink
            </Button>
          )
        : !readOnly &&
          row.owner_name &&
          row.owner_phone && (
            <Button
              size="sm"
              variant="outline"
              onClick={() => fromDetails.mutate()}
              disabled={fromDetails.isPending}
            >
              <UserPlusIcon aria-hidden="true" />
              Add from the owner's details
            </Button>
          )}
    </section>
  );
}
