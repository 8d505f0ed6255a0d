/** A listing's status as a badge: one tone per status, shared by the table, cards, board, history and header. */
import type { PropertyStatus } from "#core/content-model.ts";
import { PROPERTY_STATUS_LABELS } from "#core/properties/property-workflow.ts";
import { StatusBadge, type StatusMap, type StatusTone } from "#app/components/records/status-badge.tsx";

const TONES: Record<PropertyStatus, StatusTone> = {
  draft: "muted",
  coming_soon: "info",
  available: "success",
  reserved: "warning",
  under_offer: "accent",
  sold: "primary",
  let: "primary",
  withdrawn: "danger",
  archived: "neutral",
};

export const PROPERTY_STATUS_BADGES = Object.fromEntries(
  (Object.keys(TONES) as PropertyStatus[]).map((s) => [
    s,
    { label: PROPERTY_STATUS_LABELS[s], tone: TONES[s] },
  ]),
) as StatusMap<PropertyStatus>;

export function PropertyStatusBadge({ status }: { status: PropertyStatus }) {
  return <StatusBadge value={status} map={PROPERTY_STATUS_BADGES} />;
}
