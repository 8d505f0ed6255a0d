/**
 * A deal's summary header: status, value (the one money formatter), stage and days in it, owner,
 * client and listing (linked), the next step and the last activity; and its quick actions — a
 * task about the deal, the stage control that follows core's move rules (a lost stage asks the
 * reason; a refused move says why and changes nothing) and delete (the owner or an admin).
 */
import { PlusIcon, Trash2Icon } from "lucide-react";
import { useState } from "react";
import { Link, useNavigate } from "react-router";
import { dealMoveError } from "#core/deals/deal-rules.ts";
import { daysInStage, type DealRow } from "#core/deals/deal-schema.ts";
import { recordPath } from "#core/records/record-links.ts";
import {
  LastActivityFact,
  NextStepFact,
  OwnerFact,
  SummaryFact,
  SummaryFacts,
} from "#app/components/records/record-summary.tsx";
import { StatusBadge } from "#app/components/records/status-badge.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Field } from "#app/components/ui/field.tsx";
import { NativeSelect } from "#app/components/ui/native-select.tsx";
import { Skeleton } from "#app/components/ui/skeleton.tsx";
import { useFormatters } from "#app/lib/format.ts";
import { toastError } from "#app/lib/query-client.ts";
import { useRecordTimeline } from "#app/lib/record-timeline.ts";
import { useSession } from "#app/lib/session.tsx";
import { toast } from "#app/lib/toast.ts";
import { deleteDeal } from "../api/deals-api.ts";
import { useInvalidateDeal, useMoveDeal, usePipelines } from "../hooks/deal-queries.ts";
import { DEAL_STATUS_BADGES } from "./deal-columns.tsx";
import { dealValue } from "./deal-money.ts";
import { LostReasonDialog } from "./lost-reason-dialog.tsx";

export const DEALS_PATH = "/deals";

/** The deal's pipeline's stages in order (an archived one only while the deal still sits in it). */
function useDealStages(row: DealRow) {
  const pipelines = usePipelines();
  const stages = (pipelines.data?.stages ?? [])
    .filter((s) => s.pipeline_id === row.pipeline_id && (!s.is_archived || s.id === row.stage_id))
    .sort((a, b) => a.position - b.position);
  return { pipelines, stages };
}

export function DealSummary({ row }: { row: DealRow }) {
  const fmt = useFormatters();
  const timeline = useRecordTimeline("deals", row.id);
  const { stages } = useDealStages(row);
  const current = stages.find((s) => s.id === row.stage_id);
  const days = daysInStage(row.stage_entered_at);
  const contactPath = recordPath("contacts", row.contact_id);
  const propertyPath = recordPath("properties", row.property_id);
  return (
    <SummaryFacts>
      <SummaryFact label="Status">
        <StatusBadge value={row.status} map={DEAL_STATUS_BADGES} />
      </SummaryFact>
      <SummaryFact label="Value">
        <span className="tabular-nums">{dealValue(row, fmt)}</span>
      </SummaryFact>
      <SummaryFact label="Stage">
        {current?.name ?? "—"}
        <span className="text-muted-foreground">
          · {days} {days === 1 ? "day" : "days"}
        </span>
      </SummaryFact>
      <OwnerFact ownerId={row.owner_id} />
      {row.contact && contactPath && (
        <SummaryFact label="Client">
          <Link to={contactPath} className="underline-offset-4 hover:underline">
            {row.contact.display_name}
          </Link>
        </SummaryFact>
      )}
      {row.property && propertyPath && (
        <SummaryFact label="Listing">
          <Link to={propertyPath} className="underline-offset-4 hover:underline">
            {row.property.title}
          </Link>
        </SummaryFact>
      )}
      <NextStepFact taskColumn="deal_id" taskId={row.id} eventColumn="contact_id" eventId={row.contact_id} />
      <LastActivityFact timeline={timeline} />
    </SummaryFacts>
  );
}

export function DealActions({ row }: { row: DealRow }) {
  const { user, role } = useSession();
  const { pipelines, stages } = useDealStages(row);
  const move = useMoveDeal();
  const invalidate = useInvalidateDeal();
  const navigate = useNavigate();
  const [askingLost, setAskingLost] = useState<string | null>(null);
  const current = stages.find((s) => s.id === row.stage_id);
  const mayDelete = role === "admin" || row.owner_id === user?.id;

  const requestMove = (stageId: string) => {
    const target = stages.find((s) => s.id === stageId);
    if (!target || !current || stageId === row.stage_id) return;
    const refused = dealMoveError({
      from: current.outcome,
      to: target.outcome,
      samePipeline: true,
      value: row.value,
      hasLostReason: true,
      isAdmin: role === "admin",
    });
    if (refused) {
      toast.error("The deal was not moved", { description: refused });
      return;
    }
    if (target.outcome === "lost") setAskingLost(stageId);
    else move.mutate({ id: row.id, stageId }, { onSuccess: () => toast.success(`Moved to ${target.name}`) });
  };

  const remove = async () => {
    if (!window.confirm(`Delete “${row.title}”? Its commission splits go with it.`)) return;
    try {
      await deleteDeal(row.id);
      invalidate(row.id, "deleted");
      toast.success("Deal deleted");
      navigate(DEALS_PATH);
    } catch (e) {
      toastError(e, { errorTitle: "Not deleted" });
    }
  };

  return (
    <>
      <Button asChild size="sm" variant="outline">
        <Link to={`/tasks?new=1&deal=${row.id}`}>
          <PlusIcon aria-hidden="true" /> Add task
        </Link>
      </Button>
      <Field label="Stage" className="w-56">
        {pipelines.isPending ? (
          <Skeleton className="h-9 w-full" />
        ) : (
          <NativeSelect
            value={row.stage_id}
            disabled={move.isPending}
            onChange={(e) => requestMove(e.target.value)}
          >
            {stages.map((s) => (
              <option key={s.id} value={s.id}>
                {s.name}
                {s.outcome === "open" ? ` (${s.probability} %)` : ""}
              </option>
            ))}
          </NativeSelect>
        )}
      </Field>
      {mayDelete && (
        <Button variant="outline" size="sm" onClick={() => void remove()}>
          <Trash2Icon aria-hidden="true" />
          Delete
        </Button>
      )}
      <LostReasonDialog
        dealTitle={row.title}
        open={askingLost !== null}
        onCancel={() => setAskingLost(null)}
        onChoose={(lost) => {
          const stageId = askingLost!;
          setAskingLost(null);
          move.mutate({ id: row.id, stageId, lost }, { onSuccess: () => toast.success("Marked lost") });
        }}
      />
    </>
  );
}
