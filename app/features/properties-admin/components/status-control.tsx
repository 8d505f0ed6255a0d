/**
 * The listing's status, changed from its page: every status in workflow order; the moves the
 * workflow allows are offered, the others are marked and, if chosen, refused with the reason
 * (core's statusMoveError — the database would refuse them with the same words).
 */
import { toast } from "#app/lib/toast.ts";
import { PROPERTY_STATUSES, type PropertyStatus } from "#core/content-model.ts";
import type { PropertyRow } from "#core/properties/property-schema.ts";
import { PROPERTY_STATUS_LABELS, statusMoveError } from "#core/properties/property-workflow.ts";
import { useSetStatus } from "../hooks/property-queries.ts";
import { StatusMenu } from "./status-menu.tsx";

export function StatusControl({ row }: { row: PropertyRow }) {
  const setStatus = useSetStatus();
  const choose = (to: PropertyStatus) => {
    const why = statusMoveError(row.status, to, row.listing_type);
    if (why) {
      toast.error(`Cannot move to ${PROPERTY_STATUS_LABELS[to]}`, { description: why });
      return;
    }
    setStatus.mutate(
      { ids: [row.id], status: to },
      { onSuccess: () => toast.success(`Status: ${PROPERTY_STATUS_LABELS[to]}`) },
    );
  };
  return (
    <StatusMenu
      heading={`From ${PROPERTY_STATUS_LABELS[row.status]} to…`}
      statuses={PROPERTY_STATUSES.filter((s) => s !== row.status)}
      refused={(s) => statusMoveError(row.status, s, row.listing_type) !== null}
      disabled={setStatus.isPending}
      onChoose={choose}
    />
  );
}
