/**
 * A contact's summary header: stage, type and company, owner and assignee, phone (network, call,
 * WhatsApp) and e-mail, the next step and the last contact; and its quick actions — a task or a
 * deal about the contact, "Merge with…" and delete (the owner or an admin; a contact with deals
 * is anonymised instead).
 */
import { MailIcon, PlusIcon, Trash2Icon } from "lucide-react";
import { useState } from "react";
import { Link, useNavigate } from "react-router";
import { CONTACT_TYPE_LABELS, type ContactRow } from "#core/business-contacts/contact-schema.ts";
import {
  LastActivityFact,
  NextStepFact,
  OwnerFact,
  SummaryFact,
  SummaryFacts,
} from "#app/components/records/record-summary.tsx";
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from "#app/components/ui/alert-dialog.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { toastError } from "#app/lib/query-client.ts";
import { useSession } from "#app/lib/session.tsx";
import { toast } from "#app/lib/toast.ts";
import { deleteContact } from "../api/contacts-api.ts";
import { useRefreshContacts, useTimeline } from "../hooks/contact-queries.ts";
import { PhoneLinks, StageBadge } from "./contact-badges.tsx";
import { CONTACTS_PATH } from "./contact-columns.tsx";
import { MergeDialog } from "./merge-dialog.tsx";

export function ContactSummary({ row }: { row: ContactRow }) {
  const timeline = useTimeline(row.id);
  return (
    <SummaryFacts>
      <SummaryFact label="Stage">
        <StageBadge stage={row.stage} />
      </SummaryFact>
      <SummaryFact label="Type">
        {CONTACT_TYPE_LABELS[row.type]}
        {row.kind === "company" ? " · Company" : row.company_name && ` · ${row.company_name}`}
      </SummaryFact>
      <OwnerFact ownerId={row.owner_id} />
      {row.assignee_id && <OwnerFact ownerId={row.assignee_id} label="Assigned to" />}
      {row.phone && (
        <SummaryFact label="Phone">
          <PhoneLinks phone={row.phone} name={row.display_name} />
        </SummaryFact>
      )}
      {row.email && (
        <SummaryFact label="E-mail">
          <a href={`mailto:${row.email}`} className="inline-flex items-center gap-1 hover:underline">
            <MailIcon className="size-4" aria-hidden="true" />
            {row.email}
          </a>
        </SummaryFact>
      )}
      <NextStepFact taskColumn="contact_id" taskId={row.id} eventColumn="contact_id" eventId={row.id} />
      <LastActivityFact timeline={timeline} label="Last contact" />
    </SummaryFacts>
  );
}

export function ContactActions({ row }: { row: ContactRow }) {
  const { user, role } = useSession();
  const navigate = useNavigate();
  const refresh = useRefreshContacts();
  const [deleting, setDeleting] = useState(false);
  const mayDelete = role === "admin" || row.owner_id === user?.id;

  const remove = async () => {
    setDeleting(true);
    try {
      await deleteContact(row.id);
      refresh([row.id]);
      toast.success("Contact deleted");
      navigate(CONTACTS_PATH);
    } catch (e) {
      toastError(e, { errorTitle: "Not deleted" });
    } finally {
      setDeleting(false);
    }
  };

  return (
    <>
      {!row.anonymised_at && (
        <>
          <Button asChild size="sm" variant="outline">
            <Link to={`/tasks?new=1&contact=${row.id}`}>
              <PlusIcon aria-hidden="true" /> Add task
            </Link>
          </Button>
          <Button asChild size="sm" variant="outline">
            <Link to={`/deals/new?contact=${row.id}`}>
              <PlusIcon aria-hidden="true" /> Add deal
            </Link>
          </Button>
          <MergeDialog row={row} />
        </>
      )}
      {mayDelete && (
        <AlertDialog>
          <AlertDialogTrigger asChild>
            <Button variant="outline" size="sm" disabled={deleting}>
              <Trash2Icon aria-hidden="true" />
              Delete
            </Button>
          </AlertDialogTrigger>
          <AlertDialogContent>
            <AlertDialogHeader>
              <AlertDialogTitle>Delete {row.display_name}?</AlertDialogTitle>
              <AlertDialogDescription>
                Its timeline goes with it. A contact with deals cannot be deleted: anonymise it instead
                (Privacy tab).
              </AlertDialogDescription>
            </AlertDialogHeader>
            <AlertDialogFooter>
              <AlertDialogCancel>Cancel</AlertDialogCancel>
              <AlertDialogAction variant="destructive" onClick={() => void remove()}>
                Delete
              </AlertDialogAction>
            </AlertDialogFooter>
          </AlertDialogContent>
        </AlertDialog>
      )}
    </>
  );
}
