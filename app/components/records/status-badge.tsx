/**
 * A record's status as a coloured badge. The module supplies the map (label and tone per status)
 * once, beside its workflow, so the table, the cards, the kanban and the history agree:
 *
 *   const PROPERTY_STATUS_BADGES: StatusMap<PropertyStatus> = { draft: { label: "Draft", tone: "muted" }, … };
 *   <StatusBadge value={row.status} map={PROPERTY_STATUS_BADGES} />
 */
import { Badge, type BadgeTone } from "#app/components/ui/badge.tsx";

export type StatusTone = BadgeTone;
export type StatusMap<S extends string> = Record<S, { label: string; tone: StatusTone }>;

export function StatusBadge<S extends string>({
  value,
  map,
  className,
}: {
  value: S;
  map: StatusMap<S>;
  className?: string;
}) {
  // An unknown value (a newer status than this build knows) still shows, neutrally.
  const entry = map[value] ?? { label: value, tone: "neutral" as const };
  return (
    <Badge tone={entry.tone} className={className} data-status={value}>
      {entry.label}
    </Badge>
  );
}
