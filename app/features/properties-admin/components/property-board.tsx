/**
 * The board view: the page's listings in columns by status, moved with the record kit's kanban
 * (pointer, keyboard, or the card's menu). The workflow in core refuses illegal moves with its
 * sentence before anything is sent; the database's trigger would refuse them again.
 */
import { Link } from "react-router";
import { PROPERTY_STATUSES, type PropertyStatus } from "#core/content-model.ts";
import type { PropertyRow } from "#core/properties/property-schema.ts";
import { PROPERTY_STATUS_LABELS, statusMoveError } from "#core/properties/property-workflow.ts";
import { KanbanBoard } from "#app/components/records/kanban-board.tsx";
import { useFormatters } from "#app/lib/format.ts";
import { setStatus } from "../api/properties-api.ts";
import { useInvalidateProperty } from "../hooks/property-queries.ts";
import { listingPrice } from "./listing-price.ts";
import { listingPath } from "./property-columns.tsx";

const COLUMNS = PROPERTY_STATUSES.map((s) => ({ id: s, title: PROPERTY_STATUS_LABELS[s] }));

export function PropertyBoard({ rows }: { rows: readonly PropertyRow[] }) {
  const fmt = useFormatters();
  const invalidate = useInvalidateProperty();
  return (
    <KanbanBoard<PropertyRow, PropertyStatus>
      label="Listings by status"
      columns={COLUMNS}
      items={rows}
      getId={(r) => r.id}
      getColumn={(r) => r.status}
      itemLabel={(r) => r.title}
      canMove={(r, from, to) => statusMoveError(from, to, r.listing_type)}
      onMove={(r, to) => setStatus([r.id], to)}
      onSettled={(r) => invalidate(r.id, "moved")}
      renderCard={(r) => (
        <div className="flex flex-col gap-1 text-sm">
          <Link to={listingPath(r.id)} className="line-clamp-2 font-medium hover:underline">
            {r.title}
          </Link>
          <span className="text-muted-foreground">
            {[r.neighbourhood, r.city].filter(Boolean).join(", ")}
          </span>
          <span>{listingPrice(r, fmt)}</span>
        </div>
      )}
    />
  );
}
