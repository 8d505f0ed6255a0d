/**
 * The columns of the contacts table and of its CSV export (the export writes every matching
 * row of the current filter, in words, phones in E.164 so spreadsheets and other tools read them).
 */
import { Link } from "react-router";
import {
  CONSENT_STATUS_LABELS,
  CONTACT_FIELD_LABELS as L,
  CONTACT_KIND_LABELS,
  CONTACT_SOURCE_LABELS,
  CONTACT_STAGE_LABELS,
  CONTACT_TYPE_LABELS,
  type ContactRow,
} from "#core/business-contacts/contact-schema.ts";
import { formatPhone, GHANA_NETWORK_LABELS, ghanaNetwork } from "#core/business-contacts/phone.ts";
import type { CsvColumn } from "#core/records/csv.ts";
import { timeAgo } from "#core/time-ago.ts";
import type { DataTableColumn } from "#app/components/records/data-table.tsx";
import type { Formatters } from "#app/lib/format.ts";
import { StageBadge } from "./contact-badges.tsx";

export const CONTACTS_PATH = "/business-contacts";
export const contactPath = (id: string) => `${CONTACTS_PATH}/${id}`;

export const DEFAULT_HIDDEN_COLUMNS = ["source", "created_at", "tags"];

const relative = (iso: string | null, fmt: Formatters) =>
  iso ? (
    <time dateTime={iso} title={fmt.dateTime(iso)}>
      {timeAgo(iso)}
    </time>
  ) : (
    <span className="text-muted-foreground">—</span>
  );

export function contactColumns(
  memberName: (id: string | null) => string,
  fmt: Formatters,
): DataTableColumn<ContactRow>[] {
  return [
    {
      id: "display_name",
      header: "Name",
      enableHiding: false,
      cell: ({ row }) => (
        <div className="flex max-w-72 flex-col">
          <Link to={contactPath(row.original.id)} className="truncate font-medium hover:underline">
            {row.original.display_name}
          </Link>
          <span className="truncate text-xs text-muted-foreground">
            {row.original.kind === "company" ? "Company" : (row.original.company_name ?? "")}
          </span>
        </div>
      ),
    },
    {
      id: "phone",
      header: L.phone,
      cell: ({ row }) => {
        const p = row.original.phone;
        if (!p) return <span className="text-muted-foreground">—</span>;
        const n = ghanaNetwork(p);
        return (
          <span className="whitespace-nowrap">
            {formatPhone(p)}
            {n && <span className="ml-1 text-xs text-muted-foreground">{GHANA_NETWORK_LABELS[n]}</span>}
          </span>
        );
      },
    },
    {
      id: "email",
      header: L.email,
      cell: ({ row }) => row.original.email ?? <span className="text-muted-foreground">—</span>,
    },
    { id: "type", header: L.type, cell: ({ row }) => CONTACT_TYPE_LABELS[row.original.type] },
    { id: "stage", header: L.stage, cell: ({ row }) => <StageBadge stage={row.original.stage} /> },
    {
      id: "source",
      header: L.source,
      cell: ({ row }) => (row.original.source ? CONTACT_SOURCE_LABELS[row.original.source] : "—"),
    },
    { id: "tags", header: L.tags, cell: ({ row }) => row.original.tags.join(", ") || "—" },
    {
      id: "city",
      header: "Location",
      cell: ({ row }) => [row.original.neighbourhood, row.original.city].filter(Boolean).join(", ") || "—",
    },
    { id: "owner", header: L.owner_id, cell: ({ row }) => memberName(row.original.owner_id) },
    {
      id: "last_activity_at",
      header: "Last activity",
      cell: ({ row }) => relative(row.original.last_activity_at, fmt),
    },
    { id: "created_at", header: "Added", cell: ({ row }) => fmt.date(row.original.created_at) },
    { id: "updated_at", header: "Updated", cell: ({ row }) => relative(row.original.updated_at, fmt) },
  ];
}

export function contactCsvColumns(memberName: (id: string | null) => string): CsvColumn<ContactRow>[] {
  return [
    { header: "Name", value: (r) => r.display_name },
    { header: L.kind, value: (r) => CONTACT_KIND_LABELS[r.kind] },
    { header: L.first_name, value: (r) => r.first_name },
    { header: L.last_name, value: (r) => r.last_name },
    { header: L.company_name, value: (r) => r.company_name },
    { header: L.job_title, value: (r) => r.job_title },
    { header: L.type, value: (r) => CONTACT_TYPE_LABELS[r.type] },
    { header: L.stage, value: (r) => CONTACT_STAGE_LABELS[r.stage] },
    { header: L.source, value: (r) => (r.source ? CONTACT_SOURCE_LABELS[r.source] : null) },
    { header: L.tags, value: (r) => r.tags },
    { header: L.phone, value: (r) => r.phone },
    {
      header: "Network",
      value: (r) => (ghanaNetwork(r.phone) ? GHANA_NETWORK_LABELS[ghanaNetwork(r.phone)!] : null),
    },
    { header: L.alt_phone, value: (r) => r.alt_phone },
    { header: L.email, value: (r) => r.email },
    { header: L.alt_email, value: (r) => r.alt_email },
    { header: L.city, value: (r) => r.city },
    { header: L.neighbourhood, value: (r) => r.neighbourhood },
    { header: L.address, value: (r) => r.address },
    { header: L.consent_status, value: (r) => CONSENT_STATUS_LABELS[r.consent_status] },
    { header: L.consent_at, value: (r) => (r.consent_at ? new Date(r.consent_at) : null) },
    { header: L.marketing_consent, value: (r) => r.marketing_consent },
    { header: L.owner_id, value: (r) => (r.owner_id ? memberName(r.owner_id) : null) },
    { header: "Last activity", value: (r) => (r.last_activity_at ? new Date(r.last_activity_at) : null) },
    { header: "Added", value: (r) => new Date(r.created_at) },
  ];
}
