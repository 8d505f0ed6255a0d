/** A document's status as shown (overdue derived from the due date), one map for list and page. */
import {
  DOCUMENT_STATUS_LABELS,
  documentDisplayStatus,
  type DocumentRow,
  type DocumentStatus,
} from "#core/invoices-receipts/documents.ts";
import { StatusBadge, type StatusMap } from "#app/components/records/status-badge.tsx";

export const DOCUMENT_STATUS_BADGES: StatusMap<DocumentStatus> = {
  draft: { label: DOCUMENT_STATUS_LABELS.draft, tone: "muted" },
  sent: { label: DOCUMENT_STATUS_LABELS.sent, tone: "info" },
  partially_paid: { label: DOCUMENT_STATUS_LABELS.partially_paid, tone: "warning" },
  paid: { label: DOCUMENT_STATUS_LABELS.paid, tone: "success" },
  overdue: { label: DOCUMENT_STATUS_LABELS.overdue, tone: "danger" },
  void: { label: DOCUMENT_STATUS_LABELS.void, tone: "neutral" },
  converted: { label: DOCUMENT_STATUS_LABELS.converted, tone: "accent" },
};

export function DocumentStatusBadge({ doc }: { doc: Pick<DocumentRow, "kind" | "status" | "due_date"> }) {
  return <StatusBadge value={documentDisplayStatus(doc)} map={DOCUMENT_STATUS_BADGES} />;
}
