/**
 * A document's summary header on its record page: what whoever opens an invoice needs first —
 * its status (overdue derived from the due date), what is still owed, the total, the due date,
 * the client and when it was last sent — with the one money formatter (exact in minor units);
 * and its quick actions: a draft's "Delete draft" and "Issue", an issued document's own toolbar
 * (send, record a payment, credit note, void…).
 */
import { SendIcon, Trash2Icon } from "lucide-react";
import { useNavigate } from "react-router";
import {
  DOCUMENT_KIND_LABELS,
  outstandingMinor,
  type DocumentRow,
} from "#core/invoices-receipts/documents.ts";
import { formatMinor } from "#core/money/minor-units.ts";
import { OwnerFact, SummaryFact, SummaryFacts } from "#app/components/records/record-summary.tsx";
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
import { useFormatters } from "#app/lib/format.ts";
import { toast } from "#app/lib/toast.ts";
import { useDocument, useRefreshDocuments } from "../hooks/document-queries.ts";
import { useDeleteDraft, useIssueDocument } from "../hooks/document-mutations.ts";
import { DocumentActions, publicDocumentUrl } from "./document-actions.tsx";
import { DocumentStatusBadge } from "./document-status-badge.tsx";

export const DOCUMENTS_PATH = "/invoices-receipts";

/** "Invoice INV-2026-0001", or a draft's kind — a draft credit note names the invoice it credits. */
export function DocumentTitle({ doc }: { doc: DocumentRow }) {
  const credited = useDocument(doc.credited_invoice_id ?? undefined);
  if (doc.status !== "draft") return `${DOCUMENT_KIND_LABELS[doc.kind]} ${doc.number}`;
  const creditedNumber = doc.kind === "credit_note" ? credited.data?.number : undefined;
  return `${DOCUMENT_KIND_LABELS[doc.kind]} (draft)${creditedNumber ? ` for ${creditedNumber}` : ""}`;
}

export function DocumentSummary({ row: doc }: { row: DocumentRow }) {
  const fmt = useFormatters();
  const money = (minor: number) => formatMinor(minor, doc.currency);
  return (
    <SummaryFacts>
      <SummaryFact label="Status">
        <DocumentStatusBadge doc={doc} />
      </SummaryFact>
      {doc.kind === "invoice" && doc.status !== "draft" && (
        <SummaryFact label="Amount due">
          <span className="font-medium tabular-nums">{money(outstandingMinor(doc))}</span>
        </SummaryFact>
      )}
      <SummaryFact label="Total">
        <span className="tabular-nums">{money(doc.total)}</span>
      </SummaryFact>
      <SummaryFact label={doc.kind === "quote" ? "Valid until" : "Due"}>
        {doc.due_date ? fmt.date(doc.due_date) : `${doc.payment_terms_days} days after issue`}
      </SummaryFact>
      <SummaryFact label="Client">{doc.bill_to_name}</SummaryFact>
      <OwnerFact ownerId={doc.owner_id} />
      {doc.status !== "draft" && (
        <SummaryFact label="Sent">
          {doc.last_sent_at ? (
            <span>
              Sent to {doc.last_sent_to} {fmt.dateTime(doc.last_sent_at)}
            </span>
          ) : (
            <span className="text-muted-foreground">Not yet</span>
          )}
          <a href={publicDocumentUrl(doc.id)} target="_blank" rel="noopener noreferrer" className="underline">
            Client&apos;s page
          </a>
        </SummaryFact>
      )}
    </SummaryFacts>
  );
}

export function DocumentQuickActions({ row: doc }: { row: DocumentRow }) {
  const refresh = useRefreshDocuments();
  return doc.status === "draft" ? (
    <DraftActions doc={doc} />
  ) : (
    <DocumentActions doc={doc} onChanged={() => refresh([doc.id], true)} />
  );
}

function DraftActions({ doc }: { doc: DocumentRow }) {
  const navigate = useNavigate();
  const refresh = useRefreshDocuments();
  const issue = useIssueDocument(doc.id, (number) => {
    toast.success(`${DOCUMENT_KIND_LABELS[doc.kind]} ${number} issued`);
    refresh([doc.id, ...(doc.credited_invoice_id ? [doc.credited_invoice_id] : [])], true);
  });
  const remove = useDeleteDraft(doc.id, () => {
    toast.success("Draft deleted");
    refresh();
    void navigate(DOCUMENTS_PATH);
  });
  return (
    <>
      <AlertDialog>
        <AlertDialogTrigger asChild>
          <Button variant="outline">
            <Trash2Icon aria-hidden="true" /> Delete draft
          </Button>
        </AlertDialogTrigger>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>Delete this draft?</AlertDialogTitle>
            <AlertDialogDescription>
              It has no number yet, so nothing is lost from the series.
            </AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel>Keep it</AlertDialogCancel>
            <AlertDialogAction variant="destructive" onClick={() => remove.mutate()}>
              Delete
            </AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
      <AlertDialog>
        <AlertDialogTrigger asChild>
          <Button disabled={issue.isPending || doc.total <= 0}>
            <SendIcon aria-hidden="true" /> Issue
          </Button>
        </AlertDialogTrigger>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>Issue this {DOCUMENT_KIND_LABELS[doc.kind].toLowerCase()}?</AlertDialogTitle>
            <AlertDialogDescription>
              It gets the next number of its series and today&apos;s date, with{" "}
              {formatMinor(doc.total, doc.currency)} as saved. An issued document cannot be edited:
              corrections are credit notes.
            </AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel>Not yet</AlertDialogCancel>
            <AlertDialogAction onClick={() => issue.mutate()}>Issue</AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </>
  );
}
