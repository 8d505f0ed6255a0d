/** A hunt's stage as a coloured badge (one map for the board, the table, the page and the history). */
import { HUNT_STAGE_LABELS, type HuntStage } from "#core/property-hunt/hunt-workflow.ts";
import { StatusBadge, type StatusMap } from "#app/components/records/status-badge.tsx";

export const HUNT_STAGE_BADGES: StatusMap<HuntStage> = {
  found: { label: HUNT_STAGE_LABELS.found, tone: "muted" },
  contacted_owner: { label: HUNT_STAGE_LABELS.contacted_owner, tone: "info" },
  inspected: { label: HUNT_STAGE_LABELS.inspected, tone: "accent" },
  due_diligence: { label: HUNT_STAGE_LABELS.due_diligence, tone: "warning" },
  offered: { label: HUNT_STAGE_LABELS.offered, tone: "primary" },
  acquired: { label: HUNT_STAGE_LABELS.acquired, tone: "success" },
  rejected: { label: HUNT_STAGE_LABELS.rejected, tone: "danger" },
};

/** Marker colours on the map, per stage. */
export const HUNT_STAGE_MAP_TONES: Record<HuntStage, string> = {
  found: "bg-slate-700",
  contacted_owner: "bg-sky-800",
  inspected: "bg-violet-800",
  due_diligence: "bg-amber-800",
  offered: "bg-emerald-800",
  acquired: "bg-emerald-950",
  rejected: "bg-red-800",
};

export function HuntStageBadge({ stage }: { stage: HuntStage }) {
  return <StatusBadge value={stage} map={HUNT_STAGE_BADGES} />;
}
