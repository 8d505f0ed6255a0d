/**
 * /invoices-receipts: invoices, quotations, proformas and credit notes in one list (kind in the
 * URL as a filter, status including the derived "overdue"), searched by number, client, e-mail
 * or phone through the trigram index, paged and sorted by the server under the user's
 * record-level access; CSV export for the accountant; the way to a new document.
 */
import { useMemo } from "react";
import { Link, useNavigate } from "react-router";
import { CURRENCIES } from "#core/content-model.ts";
import {
  DOCUMENT_KIND_LABELS,
  DOCUMENT_KINDS,
  DOCUMENT_STATUS_FILTERS,
  DOCUMENT_STATUS_LABELS,
  documentDisplayStatus,
  documentListQuery,
  outstandingMinor,
  type DocumentRow,
} from "#core/invoices-receipts/documents.ts";
import { minorToDecimal } from "#core/money/minor-units.ts";
import type { CsvColumn } from "#core/records/csv.ts";
import { Money, MoneyPerCurrency } from "#app/components/money/money-text.tsx";
import type { DataTableColumn } from "#app/components/records/data-table.tsx";
import { useListSavedViews } from "#app/components/records/hooks/use-list-saved-views.ts";
import { FilterMultiSelect, FilterSelect } from "#app/components/records/list-filters.tsx";
import {
  defineListScreen,
  EmptyAction,
  ListScreen,
  useListScreen,
} from "#app/components/records/list-screen.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { useFormatters, type Formatters } from "#app/lib/format.ts";
import { useOwnScope } from "#app/lib/module-access-queries.ts";
import { useMemberName } from "#app/lib/team-members-queries.ts";
import { listDocuments } from "./api/documents-api.ts";
import { documentPath } from "./components/document-actions.tsx";
import { DocumentStatusBadge } from "./components/document-status-badge.tsx";
import { useDocuments, useReceivables } from "./hooks/document-queries.ts";

const DOCUMENTS = defineListScreen({
  title: "Invoices & Receipts",
  query: documentListQuery,
  noun: "documents",
  filterLabels: {
    kind: "Kind",
    status: "Status",
    currency: "Currency",
    owner: "Owner",
    from: "Issued from",
    to: "Issued to",
  },
  table: {
    id: "invoices",
    label: "Invoices and other documents",
    defaultHidden: ["owner", "updated_at"],
    searchLabel: "Search by number, client, e-mail or phone",
    rowId: (r: DocumentRow) => r.id,
    rowLabel: (r) => `${r.number ?? "Draft"} ${r.bill_to_name}`,
  },
  savedViews: { listKey: "invoices" },
});

function columns(fmt: Formatters, owner: (id: string | null) => string): DataTableColumn<DocumentRow>[] {
  return [
    {
      id: "number",
      header: "Number",
      enableHiding: false,
      cell: ({ row }) => (
        <Link to={documentPath(row.original.id)} className="font-mono font-medium hover:underline">
          {row.original.number ?? "Draft"}
        </Link>
      ),
    },
    { id: "kind", header: "Kind", cell: ({ row }) => DOCUMENT_KIND_LABELS[row.original.kind] },
    { id: "bill_to_name", header: "Client", cell: ({ row }) => row.original.bill_to_name },
    { id: "status", header: "Status", cell: ({ row }) => <DocumentStatusBadge doc={row.original} /> },
    {
      id: "issue_date",
      header: "Issued",
      cell: ({ row }) =>
        row.original.issue_date && row.original.status !== "draft" ? fmt.date(row.original.issue_date) : "—",
    },
    {
      id: "due_date",
      header: "Due",
      cell: ({ row }) => (row.original.due_date ? fmt.date(row.original.due_date) : "—"),
    },
    {
      id: "total",
      header: "Total",
      cell: ({ row }) => <Money minor={row.original.total} currency={row.original.currency} />,
      meta: { className: "text-right" },
    },
    {
      id: "outstanding",
      header: "Balance",
      cell: ({ row }) =>
        row.original.kind === "invoice" && row.original.status !== "draft" ? (
          <Money minor={outstandingMinor(row.original)} currency={row.original.currency} />
        ) : (
          "—"
        ),
      meta: { className: "text-right" },
    },
    { id: "owner", header: "Owner", cell: ({ row }) => owner(row.original.owner_id) },
    { id: "updated_at", header: "Updated", cell: ({ row }) => fmt.dateTime(row.original.updated_at) },
  ];
}

const csvColumns = (owner: (id: string | null) => string): CsvColumn<DocumentRow>[] => [
  { header: "Number", value: (r) => r.number ?? "Draft" },
  { header: "Kind", value: (r) => DOCUMENT_KIND_LABELS[r.kind] },
  { header: "Status", value: (r) => DOCUMENT_STATUS_LABELS[documentDisplayStatus(r)] },
  { header: "Client", value: (r) => r.bill_to_name },
  { header: "Client e-mail", value: (r) => r.bill_to_email ?? "" },
  { header: "Issue date", value: (r) => (r.status === "draft" ? "" : (r.issue_date ?? "")) },
  { header: "Due date", value: (r) => r.due_date ?? "" },
  { header: "Currency", value: (r) => r.currency },
  { header: "Subtotal", value: (r) => minorToDecimal(r.subtotal) },
  { header: "Tax", value: (r) => minorToDecimal(r.tax_total) },
  { header: "Total", value: (r) => minorToDecimal(r.total) },
  { header: "Paid", value: (r) => minorToDecimal(r.amount_paid) },
  { header: "Credited", value: (r) => minorToDecimal(r.amount_credited) },
  { header: "Balance", value: (r) => minorToDecimal(outstandingMinor(r)) },
  { header: "USD→GHS rate", value: (r) => r.exchange_rate ?? "" },
  { header: "GRA invoice id", value: (r) => r.gra_invoice_id ?? "" },
  { header: "Owner", value: (r) => owner(r.owner_id) },
];

export default function DocumentsPage() {
  const screen = useListScreen(DOCUMENTS);
  const { list } = screen;
  const own = useOwnScope("invoices");
  const result = useDocuments(list.query, own);
  const fmt = useFormatters();
  const memberName = useMemberName();
  const navigate = useNavigate();
  const cols = useMemo(() => columns(fmt, memberName), [fmt, memberName]);
  const views = useListSavedViews(DOCUMENTS, cols);
  const f = list.query.filters;
  const filters = (
    <>
      <FilterSelect
        label="Kind"
        options={DOCUMENT_KINDS.map((k) => ({ value: k, label: DOCUMENT_KIND_LABELS[k] }))}
        value={f.kind}
        onChange={(v) => list.setFilter("kind", v)}
      />
      <FilterMultiSelect
        label="Status"
        options={DOCUMENT_STATUS_FILTERS.map((s) => ({ value: s, label: DOCUMENT_STATUS_LABELS[s] }))}
        value={f.status}
        onChange={(v) => list.setFilter("status", v)}
      />
      <FilterSelect
        label="Currency"
        options={CURRENCIES.map((c) => ({ value: c, label: c }))}
        value={f.currency}
        onChange={(v) => list.setFilter("currency", v)}
      />
    </>
  );
  const receivables = useReceivables();
  return (
    <ListScreen
      definition={DOCUMENTS}
      screen={screen}
      columns={cols}
      result={result}
      savedViews={views}
      onOpenRow={(r) => void navigate(documentPath(r.id))}
      exportCsv={{
        fileName: "invoices",
        columns: csvColumns(memberName),
        fetchPage: (range) => listDocuments(list.query, own ?? null, range),
      }}
      filters={filters}
      headerInfo={
        receivables.data ? (
          <p className="text-sm text-muted-foreground" data-testid="invoices-outstanding">
            Outstanding{own ? " (your records)" : ""}:{" "}
            <MoneyPerCurrency sums={receivables.data.outstanding} /> · overdue:{" "}
            <MoneyPerCurrency sums={receivables.data.overdue} />
          </p>
        ) : null
      }
      headerActions={
        <Button asChild variant="outline">
          <Link to="/payments">Receipts and payments</Link>
        </Button>
      }
      primary={{ label: "New invoice", to: "/invoices-receipts/new" }}
      empty={{
        title: "No documents yet",
        description: "Create the first invoice to see it here.",
        action: <EmptyAction to="/invoices-receipts/new">New invoice</EmptyAction>,
      }}
    />
  );
}
