/**
 * /payments: every payment and refund with its receipt number, filtered by kind, method, online
 * or not and dates, searched by receipt, payer or reference; CSV for the accountant; the way to
 * record a payment.
 */
import { useMemo } from "react";
import { Link, useNavigate } from "react-router";
import { minorToDecimal } from "#core/money/minor-units.ts";
import {
  methodLabel,
  PAYMENT_METHOD_LABELS,
  PAYMENT_METHODS,
  paymentListQuery,
  type PaymentRow,
} from "#core/payments/payments.ts";
import type { CsvColumn } from "#core/records/csv.ts";
import { Money } from "#app/components/money/money-text.tsx";
import type { DataTableColumn } from "#app/components/records/data-table.tsx";
import { FilterMultiSelect, FilterSelect } from "#app/components/records/list-filters.tsx";
import { defineListScreen, ListScreen, useListScreen } from "#app/components/records/list-screen.tsx";
import { Badge } from "#app/components/ui/badge.tsx";
import { useFormatters, type Formatters } from "#app/lib/format.ts";
import { useOwnScope } from "#app/lib/module-access-queries.ts";
import { useMemberName } from "#app/lib/team-members-queries.ts";
import { listPayments } from "./api/payments-api.ts";
import { usePayments } from "./hooks/payment-queries.ts";

const PAYMENTS = defineListScreen({
  title: "Payments",
  query: paymentListQuery,
  noun: "payments",
  filterLabels: { kind: "Kind", method: "Method", online: "Online", from: "From", to: "To" },
  table: {
    id: "payments",
    label: "Payments and refunds",
    searchLabel: "Search by receipt, payer or reference",
    rowId: (r: PaymentRow) => r.id,
    rowLabel: (r) => `${r.number} ${r.payer_name}`,
  },
});

function columns(fmt: Formatters, member: (id: string | null) => string): DataTableColumn<PaymentRow>[] {
  return [
    {
      id: "number",
      header: "Receipt",
      enableHiding: false,
      cell: ({ row }) => (
        <Link to={`/payments/${row.original.id}`} className="font-mono font-medium hover:underline">
          {row.original.number}
        </Link>
      ),
    },
    { id: "paid_on", header: "Paid on", cell: ({ row }) => fmt.date(row.original.paid_on) },
    { id: "payer_name", header: "Payer", cell: ({ row }) => row.original.payer_name },
    {
      id: "method",
      header: "Method",
      cell: ({ row }) => (
        <span className="flex items-center gap-1">
          {methodLabel(row.original.method, row.original.momo_network)}
          {row.original.gateway && <Badge tone="accent">Online</Badge>}
          {row.original.kind === "refund" && <Badge tone="warning">Refund</Badge>}
        </span>
      ),
    },
    { id: "reference", header: "Reference", cell: ({ row }) => row.original.reference ?? "—" },
    {
      id: "amount",
      header: "Amount",
      cell: ({ row }) => <Money minor={row.original.amount} currency={row.original.currency} />,
      meta: { className: "text-right" },
    },
    {
      id: "recorded_by",
      header: "Recorded by",
      cell: ({ row }) => (row.original.recorded_by ? member(row.original.recorded_by) : "Online payment"),
    },
  ];
}

const csv = (member: (id: string | null) => string): CsvColumn<PaymentRow>[] => [
  { header: "Receipt", value: (r) => r.number },
  { header: "Kind", value: (r) => (r.kind === "refund" ? "Refund" : "Payment") },
  { header: "Paid on", value: (r) => r.paid_on },
  { header: "Payer", value: (r) => r.payer_name },
  { header: "Method", value: (r) => methodLabel(r.method, r.momo_network) },
  { header: "Reference", value: (r) => r.reference ?? "" },
  { header: "Currency", value: (r) => r.currency },
  { header: "Amount", value: (r) => minorToDecimal(r.amount) },
  { header: "Online reference", value: (r) => r.gateway_reference ?? "" },
  { header: "Refund reason", value: (r) => r.refund_reason ?? "" },
  { header: "Recorded by", value: (r) => (r.recorded_by ? member(r.recorded_by) : "Online payment") },
];

export default function PaymentsPage() {
  const screen = useListScreen(PAYMENTS);
  const { list } = screen;
  const own = useOwnScope("payments");
  const result = usePayments(list.query, own);
  const fmt = useFormatters();
  const member = useMemberName();
  const navigate = useNavigate();
  const cols = useMemo(() => columns(fmt, member), [fmt, member]);
  const f = list.query.filters;
  return (
    <ListScreen
      definition={PAYMENTS}
      screen={screen}
      columns={cols}
      result={result}
      onOpenRow={(r) => void navigate(`/payments/${r.id}`)}
      primary={{ label: "Record a payment", to: "/payments/new" }}
      exportCsv={{
        fileName: "payments",
        columns: csv(member),
        fetchPage: (range) => listPayments(list.query, own ?? null, range),
      }}
      filters={
        <>
          <FilterSelect
            label="Kind"
            options={[
              { value: "payment", label: "Payments" },
              { value: "refund", label: "Refunds" },
            ]}
            value={f.kind}
            onChange={(v) => list.setFilter("kind", v)}
          />
          <FilterMultiSelect
            label="Method"
            options={PAYMENT_METHODS.map((m) => ({ value: m, label: PAYMENT_METHOD_LABELS[m] }))}
            value={f.method}
            onChange={(v) => list.setFilter("method", v)}
          />
          <FilterSelect
            label="Online"
            options={[
              { value: "true", label: "Paid online" },
              { value: "false", label: "Recorded by staff" },
            ]}
            value={f.online}
            onChange={(v) => list.setFilter("online", v)}
          />
        </>
      }
      empty={{
        title: "No payments yet",
        description: "Record a payment against an invoice to issue its receipt.",
      }}
    />
  );
}
