/** The columns of the deals table and of its CSV export (every deal of the current filter). */
import { Link } from "react-router";
import type { CsvColumn } from "#core/records/csv.ts";
import {
  daysInStage,
  DEAL_FIELD_LABELS as L,
  DEAL_STATUS_LABELS,
  type DealRow,
  type Stage,
} from "#core/deals/deal-schema.ts";
import { timeAgo } from "#core/time-ago.ts";
import type { DataTableColumn } from "#app/components/records/data-table.tsx";
import { StatusBadge, type StatusMap } from "#app/components/records/status-badge.tsx";
import type { Formatters } from "#app/lib/format.ts";
import { dealPath } from "../deal-path.ts";
import { dealValue } from "./deal-money.ts";

export const DEAL_STATUS_BADGES: StatusMap<DealRow["status"]> = {
  open: { label: DEAL_STATUS_LABELS.open, tone: "info" },
  won: { label: DEAL_STATUS_LABELS.won, tone: "success" },
  lost: { label: DEAL_STATUS_LABELS.lost, tone: "muted" },
};

export const DEFAULT_HIDDEN_COLUMNS = ["created_at", "closed_at"];

export function dealColumns(
  stageName: (id: string) => string,
  memberName: (id: string | null) => string,
  fmt: Formatters,
): DataTableColumn<DealRow>[] {
  return [
    {
      id: "title",
      header: L.title,
      enableHiding: false,
      cell: ({ row }) => (
        <Link to={dealPath(row.original.id)} className="block max-w-80 truncate font-medium hover:underline">
          {row.original.title}
        </Link>
      ),
    },
    { id: "stage", header: L.stage_id, cell: ({ row }) => stageName(row.original.stage_id) },
    {
      id: "status",
      header: L.status,
      cell: ({ row }) => <StatusBadge value={row.original.status} map={DEAL_STATUS_BADGES} />,
    },
    {
      id: "value",
      header: L.value,
      cell: ({ row }) => dealValue(row.original, fmt),
      meta: { className: "text-right" },
    },
    { id: "contact", header: L.contact_id, cell: ({ row }) => row.original.contact?.display_name ?? "—" },
    {
      id: "expected_close_date",
      header: L.expected_close_date,
      cell: ({ row }) =>
        row.original.expected_close_date ? fmt.date(row.original.expected_close_date) : "—",
    },
    {
      id: "stage_entered_at",
      header: "In stage",
      cell: ({ row }) => `${daysInStage(row.original.stage_entered_at)} d`,
    },
    { id: "owner", header: L.owner_id, cell: ({ row }) => memberName(row.original.owner_id) },
    {
      id: "closed_at",
      header: L.closed_at,
      cell: ({ row }) => (row.original.closed_at ? fmt.date(row.original.closed_at) : "—"),
    },
    { id: "created_at", header: "Created", cell: ({ row }) => fmt.date(row.original.created_at) },
    {
      id: "updated_at",
      header: "Updated",
      cell: ({ row }) => (
        <time dateTime={row.original.updated_at} title={fmt.dateTime(row.original.updated_at)}>
          {timeAgo(row.original.updated_at)}
        </time>
      ),
    },
  ];
}

export function dealCsvColumns(
  stages: readonly Stage[],
  pipelineName: (id: string) => string,
  memberName: (id: string | null) => string,
): CsvColumn<DealRow>[] {
  const stage = (id: string) => stages.find((s) => s.id === id);
  return [
    { header: L.title, value: (r) => r.title },
    { header: L.pipeline_id, value: (r) => pipelineName(r.pipeline_id) },
    { header: L.stage_id, value: (r) => stage(r.stage_id)?.name ?? null },
    { header: "Win probability (%)", value: (r) => stage(r.stage_id)?.probability ?? null },
    { header: L.status, value: (r) => DEAL_STATUS_LABELS[r.status] },
    { header: L.value, value: (r) => r.value },
    { header: L.currency, value: (r) => r.currency },
    { header: L.expected_close_date, value: (r) => r.expected_close_date },
    { header: L.contact_id, value: (r) => r.contact?.display_name ?? null },
    { header: L.property_id, value: (r) => r.property?.title ?? null },
    {
      header: L.commission_type,
      value: (r) =>
        r.commission_type === "percent"
          ? `${r.commission_rate ?? 0} %`
          : `${r.commission_amount ?? 0} ${r.currency}`,
    },
    { header: L.owner_id, value: (r) => (r.owner_id ? memberName(r.owner_id) : null) },
    { header: "Days in stage", value: (r) => daysInStage(r.stage_entered_at) },
    { header: L.closed_at, value: (r) => (r.closed_at ? new Date(r.closed_at) : null) },
    { header: "Updated", value: (r) => new Date(r.updated_at) },
  ];
}
