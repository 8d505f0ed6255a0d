/**
 * /invoices-receipts/new and /invoices-receipts/:id: one document. A new one is its form. A stored
 * one is a record page (the kit's engine): its summary (status, amount due, total, due date,
 * client, owner, when it was sent) with its quick actions — a draft's "Issue" (the database gives
 * the number) and "Delete draft", an issued document's send, record a payment, credit note, void
 * — then tabs: the document (a draft's form, or the print layout with its payments, credits and
 * reminders), its files and its history.
 */
import { useNavigate, useParams } from "react-router";
import type { DocumentFormOutput, DocumentRow } from "#core/invoices-receipts/documents.ts";
import { AttachmentsPanel } from "#app/components/records/attachments-panel.tsx";
import { RecordHistory } from "#app/components/records/record-history.tsx";
import {
  defineRecordPage,
  RecordFrame,
  RecordLoading,
  RecordPage,
} from "#app/components/records/record-page.tsx";
import { useSession } from "#app/lib/session.tsx";
import { toast } from "#app/lib/toast.ts";
import { createDraft } from "./api/documents-api.ts";
import { documentPath } from "./components/document-actions.tsx";
import { DocumentForm } from "./components/document-form.tsx";
import {
  DOCUMENTS_PATH,
  DocumentQuickActions,
  DocumentSummary,
  DocumentTitle,
} from "./components/document-summary.tsx";
import { DocumentTab } from "./components/document-tabs.tsx";
import { useDocument, useRefreshDocuments, useTaxRates } from "./hooks/document-queries.ts";

const BACK = { to: DOCUMENTS_PATH, label: "Invoices & receipts" };

const DOCUMENT_PAGE = defineRecordPage<DocumentRow>({
  noun: "document",
  back: BACK,
  useRecord: useDocument,
  title: (row) => <DocumentTitle doc={row} />,
  Summary: DocumentSummary,
  Actions: DocumentQuickActions,
  tabs: [
    { id: "document", label: "Document", content: DocumentTab },
    {
      id: "files",
      label: "Files",
      content: ({ row }) => <AttachmentsPanel recordType="invoice" recordId={row.id} />,
    },
    {
      id: "history",
      label: "History",
      content: ({ row }) => <RecordHistory table="invoices" recordId={row.id} currency={row.currency} />,
    },
  ],
});

export default function DocumentPage() {
  const { id } = useParams();
  return id ? <RecordPage definition={DOCUMENT_PAGE} id={id} /> : <NewDocument />;
}

function NewDocument() {
  const navigate = useNavigate();
  const { user } = useSession();
  const rates = useTaxRates();
  const refresh = useRefreshDocuments();
  return (
    <RecordFrame back={BACK} title="New invoice, quotation or proforma">
      {rates.data ? (
        <DocumentForm
          doc={null}
          items={[]}
          rates={rates.data}
          save={(v: DocumentFormOutput) => createDraft(v, user!.id)}
          onSaved={(doc) => {
            toast.success("Draft saved", { description: "Issue it to give it its number." });
            refresh([doc.id]);
            void navigate(documentPath(doc.id), { replace: true });
          }}
          onCancel={() => void navigate(DOCUMENTS_PATH)}
        />
      ) : (
        <RecordLoading what="the tax rates" />
      )}
    </RecordFrame>
  );
}
