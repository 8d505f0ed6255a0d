/**
 * /business-contacts/new and /business-contacts/:id: one contact. A new contact is its details
 * form (with the duplicate check). An existing one is a record page (the kit's engine): its
 * summary (stage, owner, phone, next step, last contact) and quick actions, then tabs — timeline
 * (quick log, the timeline, linked records), details, tasks about the contact, action plans
 * running on it, WhatsApp (opt-in, templates, messages), files, privacy (Act 843) and history.
 */
import { useNavigate, useParams } from "react-router";
import type { ContactRow } from "#core/business-contacts/contact-schema.ts";
import { PlanRunsPanel } from "#app/components/action-plans/plan-runs-panel.tsx";
import { AttachmentsPanel } from "#app/components/records/attachments-panel.tsx";
import { RecordHistory } from "#app/components/records/record-history.tsx";
import {
  defineRecordPage,
  RecordFrame,
  RecordPage,
  type RecordTabProps,
} from "#app/components/records/record-page.tsx";
import { LinkedTasks } from "#app/components/tasks/linked-tasks.tsx";
import { toast } from "#app/lib/toast.ts";
import { createContact, updateContact } from "./api/contacts-api.ts";
import { CONTACTS_PATH, contactPath } from "./components/contact-columns.tsx";
import { ContactForm } from "./components/contact-form.tsx";
import { ContactActions, ContactSummary } from "./components/contact-summary.tsx";
import { ContactTimeline } from "./components/contact-timeline.tsx";
import { LinkedRecords } from "./components/linked-records.tsx";
import { PrivacyPanel } from "./components/privacy-panel.tsx";
import { QuickLog } from "./components/quick-log.tsx";
import { WhatsAppPanel } from "./components/whatsapp-panel.tsx";
import { useContact, useRefreshContacts } from "./hooks/contact-queries.ts";

const BACK = { to: CONTACTS_PATH, label: "All contacts" };

const CONTACT_PAGE = defineRecordPage<ContactRow>({
  noun: "contact",
  back: BACK,
  useRecord: useContact,
  title: (row) => row.display_name,
  Summary: ContactSummary,
  Actions: ContactActions,
  tabs: [
    { id: "timeline", label: "Timeline", content: TimelineTab },
    { id: "details", label: "Details", content: DetailsTab },
    {
      id: "tasks",
      label: "Tasks",
      content: ({ row }) => <LinkedTasks column="contact_id" id={row.id} noun="contact" />,
    },
    {
      id: "plans",
      label: "Action plans",
      content: ({ row }) => <PlanRunsPanel contactId={row.id} noun="contact" />,
    },
    {
      id: "whatsapp",
      label: "WhatsApp",
      content: ({ row }) => <WhatsAppPanel contactId={row.id} phone={row.phone} />,
    },
    {
      id: "files",
      label: "Files",
      content: ({ row }) => <AttachmentsPanel recordType="contact" recordId={row.id} />,
    },
    { id: "privacy", label: "Privacy", content: ({ row }) => <PrivacyPanel row={row} /> },
    { id: "history", label: "History", content: HistoryTab },
  ],
});

export default function ContactPage() {
  const { id } = useParams();
  return id && id !== "new" ? <RecordPage definition={CONTACT_PAGE} id={id} /> : <NewContact />;
}

function NewContact() {
  const navigate = useNavigate();
  const refresh = useRefreshContacts();
  return (
    <RecordFrame back={BACK} title="New contact">
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
        onCancel={() => navigate(CONTACTS_PATH)}
      />
    </RecordFrame>
  );
}

function TimelineTab({ row }: RecordTabProps<ContactRow>) {
  return (
    <div className="grid gap-4 lg:grid-cols-[1fr_20rem]">
      <div className="flex min-w-0 flex-col gap-4">
        {!row.anonymised_at && <QuickLog contactId={row.id} />}
        <ContactTimeline contactId={row.id} />
      </div>
      <LinkedRecords contactId={row.id} />
    </div>
  );
}

function DetailsTab({ row, reload }: RecordTabProps<ContactRow>) {
  const navigate = useNavigate();
  const refresh = useRefreshContacts();
  return (
    <ContactForm
      row={row}
      save={(values, version) => updateContact(row.id, version ?? row.updated_at, values)}
      onSaved={() => {
        refresh([row.id]);
        toast.success("Contact saved");
      }}
      reload={reload}
      onCancel={() => navigate(CONTACTS_PATH)}
    />
  );
}

function HistoryTab({ row }: RecordTabProps<ContactRow>) {
  return (
    <div className="flex flex-col gap-2">
      <p className="text-sm text-muted-foreground">
        A change of a name, phone, e-mail or note shows who made it and when, never the values (Act 843: the
        history could never be erased); the timeline records merges and requests.
      </p>
      <RecordHistory table="contacts" recordId={row.id} />
    </div>
  );
}
