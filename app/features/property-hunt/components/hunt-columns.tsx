/** The hunts table's columns: title (links to the hunt), stage, place, type, asking price, owner, purpose, who works it, updated. */
import { Link } from "react-router";
import type { HuntRow } from "#core/property-hunt/hunt-schema.ts";
import { PROPERTY_TYPE_LABELS } from "#core/properties/property-fields.ts";
import { timeAgo } from "#core/time-ago.ts";
import type { DataTableColumn } from "#app/components/records/data-table.tsx";
import type { Formatters } from "#app/lib/format.ts";
import { huntPath, huntPlace, huntPrice } from "./hunt-format.ts";
import { HuntStageBadge } from "./hunt-stage-badge.tsx";

export function huntColumns(
  memberName: (id: string | null) => string,
  fmt: Formatters,
): DataTableColumn<HuntRow>[] {
  return [
    {
      id: "title",
      header: "Hunt",
      enableHiding: false,
      cell: ({ row }) => (
        <Link to={huntPath(row.original.id)} className="block max-w-80 truncate font-medium hover:underline">
          {row.original.title}
        </Link>
      ),
    },
    { id: "stage", header: "Stage", cell: ({ row }) => <HuntStageBadge stage={row.original.stage} /> },
    { id: "city", header: "Location", cell: ({ row }) => huntPlace(row.original) },
    {
      id: "type",
      header: "Type",
      cell: ({ row }) => `${PROPERTY_TYPE_LABELS[row.original.property_type]} · ${row.original.listing_type}`,
    },
    {
      id: "asking_price",
      header: "Asking",
      cell: ({ row }) => huntPrice(row.original, fmt),
      meta: { className: "text-right" },
    },
    { id: "owner", header: "Owner", cell: ({ row }) => row.original.owner_name ?? "—" },
    {
      id: "purpose",
      header: "For",
      cell: ({ row }) => (row.original.request_id ? "Client request" : "Stock"),
    },
    {
      id: "assignee",
      header: "Working it",
      cell: ({ row }) => memberName(row.original.assignee_id ?? row.original.owner_id),
    },
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
