/**
 * "This phone or e-mail is already a contact": shown while creating (or editing) a contact whose
 * phone or e-mail matches contacts the user may see. Offers to open the existing contact, to add
 * the typed details to it instead (fills its empty fields, never overwrites — the import's merge
 * rule), or to go on and create a separate contact.
 */
import { Link } from "react-router";
import type { ContactBrief } from "#core/business-contacts/contact-schema.ts";
import { formatPhone } from "#core/business-contacts/phone.ts";
import { Alert } from "#app/components/ui/alert.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { useMemberName } from "#app/lib/team-members-queries.ts";
import { contactPath } from "./contact-columns.tsx";

export function DuplicateNotice({
  duplicates,
  onAddTo,
  onCreateAnyway,
  busy,
}: {
  duplicates: readonly ContactBrief[];
  /** Absent when editing: the details cannot be moved to another contact from here. */
  onAddTo?: (c: ContactBrief) => void;
  onCreateAnyway?: () => void;
  busy?: boolean;
}) {
  const memberName = useMemberName();
  if (duplicates.length === 0) return null;
  return (
    <Alert variant="warning" data-testid="duplicate-notice">
      <div className="flex w-full flex-col gap-3">
        <p className="font-medium">
          {duplicates.length === 1
            ? "A contact with this phone or e-mail already exists."
            : `${duplicates.length} contacts with this phone or e-mail already exist.`}
        </p>
        <ul className="flex flex-col gap-2">
          {duplicates.map((c) => (
            <li key={c.id} className="flex flex-wrap items-center gap-x-3 gap-y-1">
              <span className="font-medium">{c.display_name}</span>
              <span className="text-sm text-muted-foreground">
                {[formatPhone(c.phone), c.email, `owner ${memberName(c.owner_id)}`]
                  .filter(Boolean)
                  .join(" · ")}
              </span>
              <span className="flex gap-2">
                <Button asChild variant="outline" size="sm">
                  <Link to={contactPath(c.id)}>Open {c.display_name}</Link>
                </Button>
                {onAddTo && (
                  <Button
                    type="button"
                    variant="outline"
                    size="sm"
                    disabled={busy}
                    onClick={() => onAddTo(c)}
                  >
                    Add these details to {c.display_name}
                  </Button>
                )}
              </span>
            </li>
          ))}
        </ul>
        {onCreateAnyway && (
          <Button
            type="button"
            variant="ghost"
            size="sm"
            className="self-start"
            disabled={busy}
            onClick={onCreateAnyway}
          >
            It is someone else: create a new contact
          </Button>
        )}
      </div>
    </Alert>
  );
}
