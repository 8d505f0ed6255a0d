/**
 * The card view of the listings list: the same page of rows as the table, each with its cover
 * photo, price, place and status. A card is one link to the listing.
 */
import { ImageOffIcon } from "lucide-react";
import { Link } from "react-router";
import { PROPERTY_TYPE_LABELS } from "#core/properties/property-fields.ts";
import type { PropertyRow } from "#core/properties/property-schema.ts";
import { Skeleton } from "#app/components/ui/skeleton.tsx";
import { useFormatters } from "#app/lib/format.ts";
import { useCovers } from "../hooks/property-queries.ts";
import { listingPrice } from "./listing-price.ts";
import { listingPath } from "./property-columns.tsx";
import { PropertyStatusBadge } from "./property-status-badge.tsx";

export function PropertyCards({ rows, loading }: { rows: readonly PropertyRow[]; loading: boolean }) {
  const covers = useCovers(rows.map((r) => r.id));
  const fmt = useFormatters();
  if (loading) {
    return (
      <div aria-busy="true" className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
        <span className="sr-only">Loading listings</span>
        {[0, 1, 2, 3, 4, 5].map((i) => (
          <Skeleton key={i} className="h-64 w-full" />
        ))}
      </div>
    );
  }
  if (rows.length === 0)
    return <p className="py-12 text-center font-medium">No listings match these filters</p>;
  return (
    <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3" aria-label="Listings">
      {rows.map((row) => {
        const cover = covers.data?.get(row.id);
        return (
          <li key={row.id}>
            <Link
              to={listingPath(row.id)}
              className="flex h-full flex-col overflow-hidden rounded-lg border bg-background shadow-xs outline-none transition-shadow hover:shadow-md focus-visible:ring-[3px] focus-visible:ring-ring/60"
            >
              <div className="relative aspect-[3/2] bg-muted">
                {cover ? (
                  <img
                    src={cover.url}
                    alt={cover.alt ?? ""}
                    loading="lazy"
                    className="size-full object-cover"
                  />
                ) : (
                  <div className="flex size-full items-center justify-center text-muted-foreground">
                    <ImageOffIcon className="size-6" aria-hidden="true" />
                    <span className="sr-only">No photo yet</span>
                  </div>
                )}
                <div className="absolute left-2 top-2">
                  <PropertyStatusBadge status={row.status} />
                </div>
              </div>
              <div className="flex flex-1 flex-col gap-1 p-3">
                <span className="line-clamp-2 font-medium">{row.title}</span>
                <span className="text-sm text-muted-foreground">
                  {PROPERTY_TYPE_LABELS[row.property_type]} ·{" "}
                  {[row.neighbourhood, row.city].filter(Boolean).join(", ")}
                </span>
                <span className="mt-auto pt-2 font-semibold">{listingPrice(row, fmt)}</span>
              </div>
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
