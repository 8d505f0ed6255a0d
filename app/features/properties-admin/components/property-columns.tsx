/**
 * The columns of the listings table and of its CSV export. Built per render from the agents'
 * names and the user's formatters; the title links to the listing (the row opens it too).
 */
import { Link } from "react-router";
import { originOf } from "#core/hosts.ts";
import type { CsvColumn } from "#core/records/csv.ts";
import { PUBLICATION_LABELS, publicationState } from "#core/properties/property-list.ts";
import {
  FURNISHING_LABELS,
  LISTING_TYPE_LABELS,
  PROPERTY_FIELD_LABELS as L,
  PROPERTY_TYPE_LABELS,
  RENT_PERIOD_LABELS,
} from "#core/properties/property-fields.ts";
import type { PropertyRow } from "#core/properties/property-schema.ts";
import { PROPERTY_STATUS_LABELS } from "#core/properties/property-workflow.ts";
import { timeAgo } from "#core/time-ago.ts";
import type { DataTableColumn } from "#app/components/records/data-table.tsx";
import type { Formatters } from "#app/lib/format.ts";
import { siteConfig } from "#app/lib/site-config.ts";
import { listingPrice } from "./listing-price.ts";
import { PropertyStatusBadge } from "./property-status-badge.tsx";

export const listingPath = (id: string) => `/properties-admin/${id}`;
export const publicListingUrl = (slug: string) => `${originOf("main", siteConfig.hosts)}/property/${slug}`;

/** Hidden until a user shows them (Columns menu). */
export const DEFAULT_HIDDEN_COLUMNS = ["bedrooms", "region", "created_at"];

export function propertyColumns(
  agentName: (id: string | null) => string,
  fmt: Formatters,
): DataTableColumn<PropertyRow>[] {
  return [
    {
      id: "title",
      header: "Listing",
      enableHiding: false,
      cell: ({ row }) => (
        <div className="flex max-w-80 flex-col">
          <Link to={listingPath(row.original.id)} className="truncate font-medium hover:underline">
            {row.original.title}
          </Link>
          <span className="truncate text-xs text-muted-foreground">/{row.original.slug}</span>
        </div>
      ),
    },
    {
      id: "status",
      header: L.status,
      cell: ({ row }) => <PropertyStatusBadge status={row.original.status} />,
    },
    {
      id: "type",
      header: "Type",
      cell: ({ row }) =>
        `${PROPERTY_TYPE_LABELS[row.original.property_type]} · ${row.original.listing_type === "rent" ? "rent" : "sale"}`,
    },
    {
      id: "price",
      header: L.price,
      cell: ({ row }) => listingPrice(row.original, fmt),
      meta: { className: "text-right" },
    },
    {
      id: "city",
      header: "Location",
      cell: ({ row }) => [row.original.neighbourhood, row.original.city].filter(Boolean).join(", "),
    },
    { id: "agent", header: "Agent", cell: ({ row }) => agentName(row.original.agent_id) },
    {
      id: "published_at",
      header: L.published_at,
      cell: ({ row }) => {
        const state = publicationState(row.original.published_at);
        if (state === "unpublished")
          return <span className="text-muted-foreground">{PUBLICATION_LABELS.unpublished}</span>;
        return `${state === "scheduled" ? "From " : ""}${fmt.date(row.original.published_at!)}`;
      },
    },
    {
      id: "bedrooms",
      header: L.bedrooms,
      cell: ({ row }) => row.original.bedrooms ?? "—",
      meta: { className: "text-right" },
    },
    { id: "region", header: L.region, cell: ({ row }) => row.original.region ?? "—" },
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

/** Every column a spreadsheet user needs, in words (not codes). */
export function propertyCsvColumns(agentName: (id: string | null) => string): CsvColumn<PropertyRow>[] {
  return [
    { header: L.title, value: (r) => r.title },
    { header: "Public page", value: (r) => publicListingUrl(r.slug) },
    { header: L.status, value: (r) => PROPERTY_STATUS_LABELS[r.status] },
    { header: L.property_type, value: (r) => PROPERTY_TYPE_LABELS[r.property_type] },
    { header: L.listing_type, value: (r) => LISTING_TYPE_LABELS[r.listing_type] },
    { header: L.price, value: (r) => r.price },
    { header: L.currency, value: (r) => r.currency },
    { header: L.rent_period, value: (r) => (r.rent_period ? RENT_PERIOD_LABELS[r.rent_period] : null) },
    { header: L.price_on_request, value: (r) => r.price_on_request },
    { header: L.bedrooms, value: (r) => r.bedrooms },
    { header: L.bathrooms, value: (r) => r.bathrooms },
    { header: L.floor_area_sqm, value: (r) => r.floor_area_sqm },
    { header: L.land_size_sqm, value: (r) => r.land_size_sqm },
    { header: L.plots, value: (r) => r.plots },
    { header: L.title_type, value: (r) => r.title_type },
    { header: L.furnishing, value: (r) => (r.furnishing ? FURNISHING_LABELS[r.furnishing] : null) },
    { header: L.address, value: (r) => r.address },
    { header: L.ghana_post_gps, value: (r) => r.ghana_post_gps },
    { header: L.neighbourhood, value: (r) => r.neighbourhood },
    { header: L.city, value: (r) => r.city },
    { header: L.region, value: (r) => r.region },
    { header: L.features, value: (r) => r.features },
    { header: "Agent", value: (r) => (r.agent_id ? agentName(r.agent_id) : null) },
    { header: L.published_at, value: (r) => (r.published_at ? new Date(r.published_at) : null) },
    { header: "Updated", value: (r) => new Date(r.updated_at) },
  ];
}
