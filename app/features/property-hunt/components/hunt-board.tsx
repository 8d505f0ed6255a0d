/**
 * The pipeline board: the page's hunts in columns by stage, moved with the record kit's kanban
 * (pointer, keyboard or the card's menu). Core's rules refuse a move before anything is sent —
 * skipping a step, an offer without an amount, Rejected without a reason (given on the hunt's
 * page), Acquired other than by turning the hunt into a listing; the database refuses them again
 * (and whatever the board cannot know, such as a missing inspection) with the same sentences.
 */
import { formatDistanceToNowStrict } from "date-fns";
import { Link } from "react-router";
import type { HuntRow } from "#core/property-hunt/hunt-schema.ts";
import {
  HUNT_STAGE_LABELS,
  HUNT_STAGES,
  huntMoveError,
  type HuntStage,
} from "#core/property-hunt/hunt-workflow.ts";
import { KanbanBoard } from "#app/components/records/kanban-board.tsx";
import { useFormatters } from "#app/lib/format.ts";
import { moveHunt } from "../api/hunts-api.ts";
import { useHuntChanged } from "../hooks/hunt-queries.ts";
import { huntPath, huntPlace, huntPrice } from "./hunt-format.ts";

const COLUMNS = HUNT_STAGES.map((s) => ({ id: s, title: HUNT_STAGE_LABELS[s] }));

function boardRefusal(h: HuntRow, from: HuntStage, to: HuntStage): string | null {
  if (to === "rejected" && from !== "rejected") return "Give the reason: open the hunt and choose Reject.";
  // The board does not load inspections: the database answers for that rule.
  return huntMoveError(from, to, {
    rejectionReason: h.rejection_reason,
    offerAmount: h.offer_amount,
    inspections: 1,
  });
}

export function HuntBoard({ rows }: { rows: readonly HuntRow[] }) {
  const fmt = useFormatters();
  const changed = useHuntChanged();
  return (
    <KanbanBoard<HuntRow, HuntStage>
      label="Hunts by stage"
      columns={COLUMNS}
      items={rows}
      getId={(h) => h.id}
      getColumn={(h) => h.stage}
      itemLabel={(h) => h.title}
      canMove={boardRefusal}
      onMove={(h, to) => moveHunt(h.id, to)}
      onSettled={(h) => changed(h.id, "moved")}
      renderCard={(h) => (
        <div className="flex flex-col gap-1 text-sm">
          <Link to={huntPath(h.id)} className="line-clamp-2 font-medium hover:underline">
            {h.title}
          </Link>
          <span className="text-muted-foreground">{huntPlace(h)}</span>
          <span>{huntPrice(h, fmt)}</span>
          <span className="text-xs text-muted-foreground">
            {h.request_id ? "For a client request" : "For our stock"} ·{" "}
            {formatDistanceToNowStrict(new Date(h.stage_changed_at))} in stage
          </span>
        </div>
      )}
    />
  );
}
