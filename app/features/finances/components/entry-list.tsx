/** The finance entries' list parts: columns, CSV columns, the admin's approval and the filters. */
import { useDecideEntries } from "../hooks/finance-mutations.ts";
import { CheckIcon, XIcon } from "lucide-react";
import { useState } from "react";
import {
  ENTRY_STATUS_LABELS,
  ENTRY_STATUSES,
  type entryListQuery,
  type EntryRow,
} from "#core/finances/finances.ts";
import { minorToDecimal } from "#core/money/minor-units.ts";
import { type CsvColumn } from "#core/records/csv.ts";
import { Money } from "#app/components/money/money-text.tsx";
import type { DataTableColumn } from "#app/components/records/data-table.tsx";
import { FilterMultiSelect, FilterSelect } from "#app/components/records/list-filters.tsx";
import type { ListState } from "#app/components/records/use-list-query.ts";
import { Badge } from "#app/components/ui/badge.tsx";
import { Button } from "#app/components/ui/button.tsx";
import type { Formatters } from "#app/lib/format.ts";
import { useReceipts } from "../hooks/finance-queries.ts";

const STATUS_TONE = { pending: "warning", approved: "success", rejected: "danger" } as const;

export function entryColumns(
  fmt: Formatters,
  member: (id: string | null) => string,
  category: (id: string) => string,
  account: (id: string | null) => string,
): DataTableColumn<EntryRow>[] {
  return [
    { id: "entry_date", header: "Date", cell: ({ row }) => fmt.date(row.original.entry_date) },
    {
      id: "description",
      header: "Description",
      enableHiding: false,
      cell: ({ row }) => <EntryDescription entry={row.original} />,
    },
    { id: "category", header: "Category", cell: ({ row }) => category(row.original.category_id) },
    { id: "account", header: "Account", cell: ({ row }) => account(row.original.account_id) },
    {
      id: "status",
      header: "Status",
      cell: ({ row }) => (
        <Badge tone={STATUS_TONE[row.original.status]}>{ENTRY_STATUS_LABELS[row.original.status]}</Badge>
      ),
    },
    {
      id: "amount_ghs",
      header: "Amount (GHS)",
      cell: ({ row }) => (
        <Money
          minor={row.original.kind === "expense" ? -row.original.amount_ghs : row.original.amount_ghs}
          currency="GHS"
        />
      ),
      meta: { className: "text-right" },
    },
    {
      id: "owner",
      header: "Recorded by",
      cell: ({ row }) => (row.original.payment_id ? "Payment" : member(row.original.owner_id)),
    },
  ];
}

function EntryDescription({ entry }: { entry: EntryRow }) {
  const count = entry.finance_attachments?.length ?? 0;
  const [open, setOpen] = useState(false);
  const receipts = useReceipts(open ? entry.id : null);
  return (
    <div className="flex flex-col">
      <span>{entry.description}</span>
      {entry.counterparty && <span className="text-xs text-muted-foreground">{entry.counterparty}</span>}
      {entry.rejection_reason && (
        <span className="text-xs text-red-800">Rejected: {entry.rejection_reason}</span>
      )}
      {count > 0 && (
        <button
          type="button"
          className="self-start text-xs underline"
          onClick={(e) => (e.stopPropagation(), setOpen(true))}
        >
          {count} receipt{count === 1 ? "" : "s"}
        </button>
      )}
      {open &&
        receipts.data?.map((r) =>
          r.url ? (
            <a
              key={r.id}
              href={r.url}
              target="_blank"
              rel="noopener noreferrer"
              className="text-xs underline"
            >
              {r.file_name}
            </a>
          ) : null,
        )}
    </div>
  );
}

export function entryCsvColumns(
  member: (id: string | null) => string,
  category: (id: string) => string,
  account: (id: string | null) => string,
): CsvColumn<EntryRow>[] {
  return [
    { header: "Date", value: (r) => r.entry_date },
    { header: "Kind", value: (r) => r.kind },
    { header: "Status", value: (r) => ENTRY_STATUS_LABELS[r.status] },
    { header: "Description", value: (r) => r.description },
    { header: "Counterparty", value: (r) => r.counterparty ?? "" },
    { header: "Category", value: (r) => category(r.category_id) },
    { header: "Account", value: (r) => account(r.account_id) },
    { header: "Currency", value: (r) => r.currency },
    { header: "Amount", value: (r) => minorToDecimal(r.amount) },
    { header: "Rate", value: (r) => r.exchange_rate },
    { header: "Amount GHS", value: (r) => minorToDecimal(r.amount_ghs) },
    { header: "VAT included", value: (r) => minorToDecimal(r.vat_amount) },
    { header: "Reference", value: (r) => r.reference ?? "" },
    { header: "Recorded by", value: (r) => (r.payment_id ? "Payment" : member(r.owner_id)) },
  ];
}

/** The admin's decision on the selected entries (only the pending ones change). */
export function EntryApproval({ rows, clear }: { rows: EntryRow[]; clear: () => void }) {
  const decide = useDecideEntries();
  const pending = rows.filter((r) => r.status === "pending").map((r) => r.id);
  return (
    <>
      <Button
        size="sm"
        disabled={!pending.length}
        onClick={() => (decide.mutate({ ids: pending, status: "approved", reason: null }), clear())}
      >
        <CheckIcon aria-hidden="true" /> Approve
      </Button>
      <Button
        size="sm"
        variant="outline"
        disabled={!pending.length}
        onClick={() => {
          const reason = window.prompt("Why are they rejected?");
          if (reason && reason.trim().length >= 3)
            decide.mutate({ ids: pending, status: "rejected", reason: reason.trim() });
          clear();
        }}
      >
        <XIcon aria-hidden="true" /> Reject
      </Button>
    </>
  );
}

export function EntryFilters({
  list,
  accounts,
}: {
  list: ListState<(typeof entryListQuery.sortable)[number], typeof entryListQuery.filters>;
  accounts: { id: string; name: string }[];
}) {
  const f = list.query.filters;
  return (
    <>
      <FilterSelect
        label="Kind"
        options={[
          { value: "income", label: "Income" },
          { value: "expense", label: "Expenses" },
        ]}
        value={f.kind}
        onChange={(v) => list.setFilter("kind", v)}
      />
      <FilterMultiSelect
        label="Status"
        options={ENTRY_STATUSES.map((s) => ({ value: s, label: ENTRY_STATUS_LABELS[s] }))}
        value={f.status}
        onChange={(v) => list.setFilter("status", v)}
      />
      <FilterSelect
        label="Account"
        options={accounts.map((a) => ({ value: a.id, label: a.name }))}
        value={f.account}
        onChange={(v) => list.setFilter("account", v)}
      />
    </>
  );
}
