/**
 * The business contacts invited to an event: a contact picker (search under the user's RLS) that
 * adds each one picked, and the invited ones with a button to remove each. `value` is the ids.
 */
import { XIcon } from "lucide-react";
import { RecordPicker } from "#app/components/records/record-picker.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { contactName, searchContacts } from "#app/lib/contact-lookup-api.ts";
import { useContactName } from "../hooks/event-queries.ts";

export interface ContactAttendeesProps {
  id?: string;
  "aria-describedby"?: string;
  "aria-invalid"?: true;
  value: string[];
  onChange: (ids: string[]) => void;
}

function InvitedContact({ id, onRemove }: { id: string; onRemove: () => void }) {
  const name = useContactName(id);
  const label = name.data ?? (name.isPending ? "…" : "A contact");
  return (
    <li className="flex items-center gap-1 rounded-md border bg-accent/40 py-0.5 pl-2 text-sm">
      {label}
      <Button
        type="button"
        variant="ghost"
        size="icon"
        className="size-6"
        aria-label={`Remove ${label}`}
        onClick={onRemove}
      >
        <XIcon aria-hidden="true" />
      </Button>
    </li>
  );
}

export function ContactAttendees({ value, onChange, ...aria }: ContactAttendeesProps) {
  return (
    <div className="flex flex-col gap-2">
      <RecordPicker
        {...aria}
        value=""
        onChange={(id) => id && !value.includes(id) && onChange([...value, id])}
        search={searchContacts}
        resolve={contactName}
        noun="contact"
        placeholder="Add a contact: name, phone or e-mail"
      />
      {value.length > 0 && (
        <ul aria-label="Invited contacts" className="flex flex-wrap gap-1">
          {value.map((id) => (
            <InvitedContact key={id} id={id} onRemove={() => onChange(value.filter((x) => x !== id))} />
          ))}
        </ul>
      )}
    </div>
  );
}
