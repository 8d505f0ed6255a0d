/**
 * Bulk action of the listings table: move the selected listings to one status. Listings the
 * workflow does not allow to make that move are left out before anything is sent (and named,
 * with the reason); the others move in one statement — all of them, or none if the database
 * refuses one.
 */
import { toast } from "#app/lib/toast.ts";
import { PROPERTY_STATUSES, type PropertyStatus } from "#core/content-model.ts";
import type { PropertyRow } from "#core/properties/property-schema.ts";
import { PROPERTY_STATUS_LABELS, statusMoveError } from "#core/properties/property-workflow.ts";
import { useSetStatus } from "../hooks/property-queries.ts";
import { StatusMenu } from "./status-menu.tsx";

export function BulkStatusMenu({ rows, onDone }: { rows: PropertyRow[]; onDone: () => void }) {
  const setStatus = useSetStatus();

  const move = (to: PropertyStatus) => {
    const refused = rows.flatMap((r) => {
      const why = statusMoveError(r.status, to, r.listing_type);
      return why ? [{ row: r, why }] : [];
    });
    const movable = rows.filter((r) => r.status !== to && !refused.some((x) => x.row.id === r.id));
    const label = PROPERTY_STATUS_LABELS[to];
    const skipped = refused.length
      ? `${refused.length} stayed where they were: ${refused[0]!.row.title} — ${refused[0]!.why}${refused.length > 1 ? ` (and ${refused.length - 1} more)` : ""}`
      : undefined;
    if (movable.length === 0) {
      toast.error(`No listing can move to ${label}`, { description: skipped ?? "They are already there." });
      return;
    }
    setStatus.mutate(
      { ids: movable.map((r) => r.id), status: to },
      {
        onSuccess: () => {
          toast.success(
            `${movable.length} ${movable.length === 1 ? "listing" : "listings"} moved to ${label}`,
            { description: skipped },
          );
          onDone();
        },
      },
    );
  };

  return (
    <StatusMenu
      heading="Move the selected listings to"
      statuses={PROPERTY_STATUSES}
      disabled={setStatus.isPending}
      onChoose={move}
    />
  );
}
