/**
 * /business-contacts/new and /business-contacts/:id: one contact. A new contact is its details
 * form (with the duplicate check). An existing one has a header (stage, type, phone with network,
 * call and WhatsApp links, e-mail, owner), the "Merge with…" and delete actions, and tabs (in the
 * URL, `?tab=`): timeline (quick log, the timeline, linked records), details, tasks (those about
 * the contact), action plans running on it, WhatsApp (opt-in, templates, messages), privacy
 * (Act 843) and history.
 */
import { ArrowLeftIcon, MailIcon, Trash2Icon } from "lucide-react";
import { useState } from "react";
import { Link, useNavigate, useParams, useSearchParams } from "react-router";
import { toast } from "#app/lib/toast.ts";
import { CONTACT_TYPE_LABELS, type ContactRow } from "#core/contacts/contact-schema.ts";
import { describeDbError } from "#core/records/db-errors.ts";
import { RecordHistory } from "#app/components/records/record-history.tsx";
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
import { Alert } from "#app/components/ui/alert.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { PlanRunsPanel } from "#app/components/action-plans/plan-runs-panel.tsx";
import { AttachmentsPanel } from "#app/components/records/attachments-panel.tsx";
import { LinkedTasks } from "#app/components/tasks/linked-tasks.tsx";
import { Skeleton } from "#app/components/ui/skeleton.tsx";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "#app/components/ui/tabs.tsx";
import { toastError } from "#app/lib/query-client.ts";
import { useSession } from "#app/lib/session.tsx";
import { useMemberName } from "#app/lib/team-members-queries.ts";
import { createContact, deleteContact, updateContact } from "./api/contacts-api.ts";
import { PhoneLinks, StageBadge } from "./components/contact-badges.tsx";
import { contactPath } from "./components/contact-columns.tsx";
import { ContactForm } from "./components/contact-form.tsx";
import { ContactTimeline } from "./components/contact-timeline.tsx";
import { LinkedRecords } from "./components/linked-records.tsx";
import { MergeDialog } from "./components/merge-dialog.tsx";
import { PrivacyPanel } from "./components/privacy-panel.tsx";
import { QuickLog } from "./components/quick-log.tsx";
import { WhatsAppPanel } from "./components/whatsapp-panel.tsx";
import { useContact, useRefreshContacts } from "./hooks/contact-queries.ts";

const TABS = [
  { id: "timeline", label: "Timeline" },
  { id: "details", label: "Details" },
  { id: "tasks", label: "Tasks" },
  { id: "plans", label: "Action plans" },
  { id: "whatsapp", label: "WhatsApp" },
  { id: "files", label: "Files" },
  { id: "privacy", label: "Privacy" },
  { id: "history", label: "History" },
] as const;
type Tab = (typeof TABS)[number]["id"];
const BACK = "/business-contacts";

export default function ContactPage() {
  const { id } = useParams();
  return id && id !== "new" ? <ExistingContact id={id} /> : <NewContact />;
}

function BackLink() {
  return (
    <Link
      to={BACK}
      className="inline-flex w-fit items-center gap-1 text-sm text-muted-foreground hover:text-foreground"
    >
      <ArrowLeftIcon className="size-4" aria-hidden="true" />
      All contacts
    </Link>
  );
}

function NewContact() {
  const navigate = useNavigate();
  const refresh = useRefreshContacts();
  return (
    <div className="flex flex-col gap-4">
      <BackLink />
      <h1 className="text-2xl font-semibold tracking-tight">New contact</h1>
      <ContactForm
        row={null}
        save={(values) => createContact(values)}
        onSaved={(row) => {
          refresh([row.id]);
          toast.success("Contact created");
          navigate(contactPath(row.id), { replace: true });
        }}
        onAddedTo={(id) => {
          refresh([id]);
          navigate(contactPath(id), { replace: true });
        }}
        onCancel={() => navigate(BACK)}
      />
    </div>
  );
}

function ExistingContact({ id }: { id: string }) {
  const contact = useContact(id);
  const [params, setParams] = useSearchParams();
  const tab: Tab = TABS.find((t) => t.id === params.get("tab"))?.id ?? "timeline";
  const setTab = (t: string) => setParams(t === "timeline" ? {} : { tab: t }, { preventScrollReset: true });
  const refresh = useRefreshContacts();
  const navigate = useNavigate();

  if (contact.isPending) {
    return (
      <div className="flex flex-col gap-4" aria-busy="true">
        <span className="sr-only">Loading the contact</span>
        <Skeleton className="h-8 w-2/3" />
        <Skeleton className="h-96 w-full" />
      </div>
    );
  }
  if (contact.isError) {
    return (
      <div className="flex flex-col gap-4">
        <BackLink />
        <Alert variant="destructive">
          <div className="flex flex-col gap-2">
            <p className="font-medium">This contact cannot be opened.</p>
            <p>{describeDbError(contact.error).message}</p>
          </div>
        </Alert>
      </div>
    );
  }
  const row = contact.data;
  return (
    <div className="flex flex-col gap-4">
      <BackLink />
      <ContactHeader row={row} />
      <Tabs value={tab} onValueChange={setTab}>
        <TabsList className="h-auto flex-wrap">
          {TABS.map((t) => (
            <TabsTrigger key={t.id} value={t.id}>
              {t.label}
            </TabsTrigger>
          ))}
        </TabsList>
        <TabsContent value="timeline">
          <div className="grid gap-4 lg:grid-cols-[1fr_20rem]">
            <div className="flex flex-col gap-4">
              {!row.anonymised_at && <QuickLog contactId={row.id} />}
              <ContactTimeline contactId={row.id} />
            </div>
            <LinkedRecords contactId={row.id} />
          </div>
        </TabsContent>
        <TabsContent value="details">
          <ContactForm
            row={row}
            save={(values, version) => updateContact(row.id, version ?? row.updated_at, values)}
            onSaved={() => {
              refresh([row.id]);
              toast.success("Contact saved");
            }}
            reload={contact.refetch}
            onCancel={() => navigate(BACK)}
          />
        </TabsContent>
        <TabsContent value="tasks">
          <LinkedTasks column="contact_id" id={row.id} noun="contact" />
        </TabsContent>
        <TabsContent value="plans">
          <PlanRunsPanel contactId={row.id} noun="contact" />
        </TabsContent>
        <TabsContent value="whatsapp">
          <WhatsAppPanel contactId={row.id} phone={row.phone} />
        </TabsContent>
        <TabsContent value="files">
          <AttachmentsPanel recordType="contact" recordId={row.id} />
        </TabsContent>
        <TabsContent value="privacy">
          <PrivacyPanel row={row} />
        </TabsContent>
        <TabsContent value="history">
          <HistoryTab id={row.id} />
        </TabsContent>
      </Tabs>
    </div>
  );
}

function HistoryTab({ id }: { id: string }) {
  return (
    <div className="flex flex-col gap-2">
      <p className="text-sm text-muted-foreground">
        A change of a name, phone, e-mail or note shows who made it and when, never the values (Act 843: the
        history could never be erased); the timeline records merges and requests.
      </p>
      <RecordHistory table="contacts" recordId={id} />
    </div>
  );
}

function ContactHeader({ row }: { row: ContactRow }) {
  const memberName = useMemberName();
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
      navigate(BACK);
    } catch (e) {
      toastError(e, { errorTitle: "Not deleted" });
    } finally {
      setDeleting(false);
    }
  };

  return (
    <header className="flex flex-wrap items-start gap-3">
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <h1 className="text-2xl font-semibold tracking-tight">{row.display_name}</h1>
        <p className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
          <StageBadge stage={row.stage} />
          <span>{CONTACT_TYPE_LABELS[row.type]}</span>
          {row.kind === "company" ? (
            <span>· Company</span>
          ) : (
            row.company_name && <span>· {row.company_name}</span>
          )}
          <span>· Owner {memberName(row.owner_id)}</span>
          {row.assignee_id && <span>· Assigned to {memberName(row.assignee_id)}</span>}
        </p>
        <div className="flex flex-wrap items-center gap-4 text-sm">
          {row.phone && <PhoneLinks phone={row.phone} name={row.display_name} />}
          {row.email && (
            <a href={`mailto:${row.email}`} className="inline-flex items-center gap-1 hover:underline">
              <MailIcon className="size-4" aria-hidden="true" />
              {row.email}
            </a>
          )}
        </div>
      </div>
      <div className="flex flex-wrap items-center gap-2">
        {!row.anonymised_at && <MergeDialog row={row} />}
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
      </div>
    </header>
  );
}
