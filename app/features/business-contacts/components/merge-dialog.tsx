/**
 * "Merge with another contact…": pick the duplicate, see what happens, confirm. The database
 * (public.merge_contacts) keeps this contact, moves every linked record of the other one (timeline,
 * deals, tasks, invoices… of every module) to it and deletes the other — or refuses with the
 * reason when something would be lost (e.g. three different phone numbers), changing nothing.
 */
import { MergeIcon } from "lucide-react";
import { useCallback, useState } from "react";
import { toast } from "#app/lib/toast.ts";
import type { ContactRow } from "#core/business-contacts/contact-schema.ts";
import { RecordPicker } from "#app/components/records/record-picker.tsx";
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
import { contactName, searchContacts } from "#app/lib/contact-lookup-api.ts";
import { useMergeContacts } from "../hooks/contact-queries.ts";

export function MergeDialog({ row }: { row: ContactRow }) {
  const [open, setOpen] = useState(false);
  const [otherId, setOtherId] = useState("");
  // Stable, so the picker does not search again on every render; never offers this contact itself.
  const searchOthers = useCallback(
    (term: string, signal: AbortSignal) =>
      searchContacts(term, signal).then((hits) => hits.filter((h) => h.id !== row.id)),
    [row.id],
  );
  const merge = useMergeContacts();
  const [refusal, setRefusal] = useState<string | null>(null);

  const run = () => {
    setRefusal(null);
    merge.mutate(
      { keepId: row.id, mergeId: otherId },
      {
        onSuccess: () => {
          toast.success("Contacts merged", {
            description: `Everything linked to the other contact now belongs to ${row.display_name}.`,
          });
          setOpen(false);
          setOtherId("");
        },
        onError: (e) =>
          setRefusal(
            e instanceof Error ? e.message : String((e as { message?: unknown }).message ?? "Not merged"),
          ),
      },
    );
  };

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="outline" size="sm">
          <MergeIcon aria-hidden="true" />
          Merge with…
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Merge a duplicate into {row.display_name}</DialogTitle>
          <DialogDescription>
            {row.display_name} is kept. The other contact's timeline, deals and every other linked record move
            here; its empty-here details fill in, tags are added, and it is then deleted. If something would
            be lost, nothing changes and you are told why.
          </DialogDescription>
        </DialogHeader>
        <Field label="The duplicate">
          {(control) => (
            <RecordPicker
              {...control}
              value={otherId}
              onChange={setOtherId}
              search={searchOthers}
              resolve={contactName}
              noun="contact"
            />
          )}
        </Field>
        {refusal && (
          <p role="alert" className="text-sm text-destructive">
            {refusal}
          </p>
        )}
        <DialogFooter>
          <Button variant="outline" onClick={() => setOpen(false)}>
            Cancel
          </Button>
          <Button disabled={!otherId || merge.isPending} onClick={run}>
            Merge into {row.display_name}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
