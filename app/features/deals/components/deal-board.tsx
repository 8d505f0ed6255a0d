/**
 * The pipeline board: one column per stage (open stages, then won and lost), each headed by its
 * win probability, count, GHS total and weighted total; cards show the value (USD also in GHS),
 * the main contact, days in the stage and the last activity. Cards move with the record kit's
 * kanban (pointer, keyboard, or the card's menu). core/deals/deal-rules.ts refuses a forbidden
 * move before anything is sent (the card snaps back, the reason is toasted); a move to "lost"
 * asks for the reason first. The database checks every move again; colleagues' boards refetch
 * when the hub relays the move.
 *
 * The board measures its own render (from the moment its data arrived to the frame after React
 * committed it) into `data-render-ms`: the issue's "500 open deals ≤ 300 ms" is read from there.
 */
import { useLayoutEffect, useMemo, useRef, useState } from "react";
import { Link } from "react-router";
import { daysInStage, type DealRow, type Stage } from "#core/deals/deal-schema.ts";
import { dealMoveError } from "#core/deals/deal-rules.ts";
import { fromMinor } from "#core/deals/commission.ts";
import { weightedMinor } from "#core/deals/forecast.ts";
import { RecordError } from "#core/records/db-errors.ts";
import { timeAgo } from "#core/time-ago.ts";
import { KanbanBoard } from "#app/components/records/kanban-board.tsx";
import { useFormatters, type Formatters } from "#app/lib/format.ts";
import { useSession } from "#app/lib/session.tsx";
import { moveDeal } from "../api/deals-api.ts";
import { dealPath } from "../deal-path.ts";
import { BOARD_DATA_MARK, useInvalidateDeal } from "../hooks/deal-queries.ts";
import { dealGhsMinor, dealValue } from "./deal-money.ts";
import { LostReasonDialog, type LostChoice } from "./lost-reason-dialog.tsx";

export function DealBoard({ stages, rows }: { stages: readonly Stage[]; rows: readonly DealRow[] }) {
  const fmt = useFormatters();
  const { role } = useSession();
  const invalidate = useInvalidateDeal();
  const byId = useMemo(() => new Map(stages.map((s) => [s.id, s])), [stages]);
  const [asking, setAsking] = useState<{ deal: DealRow; resolve: (c: LostChoice | null) => void } | null>(
    null,
  );
  const section = useRef<HTMLDivElement>(null);

  const columns = useMemo(() => {
    const totals = new Map<string, { n: number; v: number; w: number }>();
    for (const r of rows) {
      const t = totals.get(r.stage_id) ?? { n: 0, v: 0, w: 0 };
      const v = dealGhsMinor(r);
      t.n += 1;
      t.v += v;
      t.w += weightedMinor(v, byId.get(r.stage_id)?.probability ?? 0);
      totals.set(r.stage_id, t);
    }
    return stages.map((s) => {
      const t = totals.get(s.id) ?? { n: 0, v: 0, w: 0 };
      const money = `${fmt.money(fromMinor(t.v), "GHS")}${s.outcome === "open" ? ` · weighted ${fmt.money(fromMinor(t.w), "GHS")}` : ""}`;
      return {
        id: s.id,
        title: s.name,
        summary: `${s.outcome === "open" ? `${s.probability} % · ` : ""}${money}`,
      };
    });
  }, [stages, rows, byId, fmt]);

  // Render time: data arrival (marked by the query) → the frame after this commit.
  useLayoutEffect(() => {
    const mark = performance.getEntriesByName(BOARD_DATA_MARK, "mark").at(-1);
    if (!mark) return;
    const committed = performance.now();
    requestAnimationFrame(() => {
      const painted = performance.now();
      section.current?.setAttribute("data-render-ms", String(Math.round(painted - mark.startTime)));
      section.current?.setAttribute("data-commit-ms", String(Math.round(committed - mark.startTime)));
      section.current?.setAttribute("data-cards", String(rows.length));
    });
  }, [rows]);

  const askReason = (deal: DealRow) =>
    new Promise<LostChoice | null>((resolve) => setAsking({ deal, resolve }));

  return (
    <div ref={section} data-testid="deal-board">
      <KanbanBoard<DealRow, string>
        label="Deals by stage"
        columns={columns}
        items={rows}
        getId={(r) => r.id}
        getColumn={(r) => r.stage_id}
        itemLabel={(r) => r.title}
        canMove={(r, from, to) => {
          const f = byId.get(from);
          const t = byId.get(to);
          if (!f || !t) return "That stage no longer exists: reload the board.";
          // A lost reason is asked for when the card is dropped (the dialog).
          return dealMoveError({
            from: f.outcome,
            to: t.outcome,
            samePipeline: f.pipeline_id === t.pipeline_id,
            value: r.value,
            hasLostReason: true,
            isAdmin: role === "admin",
          });
        }}
        onMove={async (r, to) => {
          const target = byId.get(to);
          if (target?.outcome === "lost" && r.status !== "lost") {
            const choice = await askReason(r);
            setAsking(null);
            if (!choice)
              throw new RecordError(
                `“${r.title}” stays where it was: no reason was chosen.`,
                "MOVE_CANCELLED",
              );
            return moveDeal(r.id, to, choice);
          }
          return moveDeal(r.id, to);
        }}
        onSettled={(r) => invalidate(r.id, "moved")}
        renderCard={(r) => <DealCard row={r} fmt={fmt} />}
      />
      <LostReasonDialog
        dealTitle={asking?.deal.title ?? ""}
        open={asking !== null}
        onChoose={(c) => asking?.resolve(c)}
        onCancel={() => asking?.resolve(null)}
      />
    </div>
  );
}

function DealCard({ row, fmt }: { row: DealRow; fmt: Formatters }) {
  const days = daysInStage(row.stage_entered_at);
  const last = row.last_activity_at ?? row.created_at;
  return (
    <div className="flex flex-col gap-1 text-sm" data-testid="deal-card">
      <Link to={dealPath(row.id)} className="line-clamp-2 font-medium hover:underline">
        {row.title}
      </Link>
      <span className="tabular-nums">{dealValue(row, fmt)}</span>
      {row.contact && <span className="truncate text-muted-foreground">{row.contact.display_name}</span>}
      <span className="flex flex-wrap gap-x-2 text-xs text-muted-foreground">
        <span>
          {days} {days === 1 ? "day" : "days"} in stage
        </span>
        <span>· last activity {timeAgo(last)}</span>
      </span>
    </div>
  );
}
