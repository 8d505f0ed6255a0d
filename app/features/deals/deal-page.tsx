/**
 * /deals/new and /deals/:id: one deal. A new deal is its details form (pipeline from `?pipeline=`,
 * main contact from `?contact=` when opened from a contact's page). An existing one has a header
 * (status, value, stage with days in it, owner) with a stage control that follows core's move rules
 * (a lost stage asks the reason; a refused move says why and changes nothing), and tabs (in the
 * URL, `?tab=`): details, people (the deal's contacts and their roles), commission (terms and
 * splits between agent, house and co-broker, computed by core in pesewas), tasks (those about the
 * deal), the action plans running on it, and history.
 */
import { ArrowLeftIcon, Trash2Icon } from "lucide-react";
import { useState } from "react";
import { Link, useNavigate, useParams, useSearchParams } from "react-router";
import { toast } from "#app/lib/toast.ts";
import { dealMoveError } from "#core/deals/deal-rules.ts";
import { daysInStage, type DealRow, type Stage } from "#core/deals/deal-schema.ts";
import { describeDbError } from "#core/records/db-errors.ts";
import { RecordHistory } from "#app/components/records/record-history.tsx";
import { RecordActivity } from "#app/components/records/record-timeline.tsx";
import { StatusBadge } from "#app/components/records/status-badge.tsx";
import { Alert } from "#app/components/ui/alert.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Field } from "#app/components/ui/field.tsx";
import { NativeSelect } from "#app/components/ui/native-select.tsx";
import { Skeleton } from "#app/components/ui/skeleton.tsx";
import { AttachmentsPanel } from "#app/components/records/attachments-panel.tsx";
import { PlanRunsPanel } from "#app/components/action-plans/plan-runs-panel.tsx";
import { LinkedTasks } from "#app/components/tasks/linked-tasks.tsx";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "#app/components/ui/tabs.tsx";
import { useFormatters } from "#app/lib/format.ts";
import { toastError } from "#app/lib/query-client.ts";
import { useSession } from "#app/lib/session.tsx";
import { useMemberName } from "#app/lib/team-members-queries.ts";
import { createDeal, deleteDeal, updateDeal } from "./api/deals-api.ts";
import { dealPath } from "./components/deal-board.tsx";
import { DEAL_STATUS_BADGES } from "./components/deal-columns.tsx";
import { DealForm } from "./components/deal-form.tsx";
import { dealValue } from "./components/deal-money.ts";
import { LostReasonDialog } from "./components/lost-reason-dialog.tsx";
import { useDeal, useInvalidateDeal, useMoveDeal, usePipelines } from "./hooks/deal-queries.ts";
import { DealPeople, CommissionPanel } from "./components/deal-people-commission.tsx";

const TABS = [
  { id: "details", label: "Details" },
  { id: "people", label: "People" },
  { id: "commission", label: "Commission" },
  { id: "tasks", label: "Tasks" },
  { id: "plans", label: "Action plans" },
  { id: "files", label: "Files" },
  { id: "activity", label: "Activity" },
  { id: "history", label: "History" },
] as const;
type Tab = (typeof TABS)[number]["id"];
const BACK = "/deals";

export default function DealPage() {
  const { id } = useParams();
  return id && id !== "new" ? <ExistingDeal id={id} /> : <NewDeal />;
}

function BackLink() {
  return (
    <Link
      to={BACK}
      className="inline-flex w-fit items-center gap-1 text-sm text-muted-foreground hover:text-foreground"
    >
      <ArrowLeftIcon className="size-4" aria-hidden="true" />
      All deals
    </Link>
  );
}

function Loading({ what }: { what: string }) {
  return (
    <div className="flex flex-col gap-4" aria-busy="true">
      <span className="sr-only">Loading {what}</span>
      <Skeleton className="h-8 w-2/3" />
      <Skeleton className="h-96 w-full" />
    </div>
  );
}

function NewDeal() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const pipelines = usePipelines();
  const invalidate = useInvalidateDeal();
  if (pipelines.isPending) return <Loading what="the pipelines" />;
  if (pipelines.isError)
    return (
      <Alert variant="destructive">
        Could not load the pipelines: {describeDbError(pipelines.error).message}
      </Alert>
    );
  const open = pipelines.data.pipelines.filter((p) => !p.is_archived);
  const pipelineId = open.find((p) => p.id === params.get("pipeline"))?.id ?? open[0]?.id ?? "";
  return (
    <div className="flex flex-col gap-4">
      <BackLink />
      <h1 className="text-2xl font-semibold tracking-tight">New deal</h1>
      <DealForm
        row={null}
        pipelines={open}
        stages={pipelines.data.stages}
        defaults={{ pipelineId, contactId: params.get("contact") }}
        save={(values) => createDeal(values)}
        onSaved={(row) => {
          invalidate(row.id, "created");
          toast.success("Deal created");
          navigate(dealPath(row.id), { replace: true });
        }}
        onCancel={() => navigate(BACK)}
      />
    </div>
  );
}

function ExistingDeal({ id }: { id: string }) {
  const deal = useDeal(id);
  const pipelines = usePipelines();
  const [params, setParams] = useSearchParams();
  const tab: Tab = TABS.find((t) => t.id === params.get("tab"))?.id ?? "details";
  const setTab = (t: string) => setParams(t === "details" ? {} : { tab: t }, { preventScrollReset: true });
  const invalidate = useInvalidateDeal();
  const navigate = useNavigate();

  if (deal.isPending || pipelines.isPending) return <Loading what="the deal" />;
  if (deal.isError || pipelines.isError) {
    return (
      <div className="flex flex-col gap-4">
        <BackLink />
        <Alert variant="destructive">
          <div className="flex flex-col gap-2">
            <p className="font-medium">This deal cannot be opened.</p>
            <p>{describeDbError(deal.error ?? pipelines.error).message}</p>
          </div>
        </Alert>
      </div>
    );
  }
  const row = deal.data;
  const stages = pipelines.data.stages
    .filter((s) => s.pipeline_id === row.pipeline_id && (!s.is_archived || s.id === row.stage_id))
    .sort((a, b) => a.position - b.position);
  return (
    <div className="flex flex-col gap-4">
      <BackLink />
      <DealHeader row={row} stages={stages} />
      <Tabs value={tab} onValueChange={setTab}>
        <TabsList className="h-auto flex-wrap">
          {TABS.map((t) => (
            <TabsTrigger key={t.id} value={t.id}>
              {t.label}
            </TabsTrigger>
          ))}
        </TabsList>
        <TabsContent value="details">
          <DealForm
            row={row}
            pipelines={pipelines.data.pipelines}
            stages={pipelines.data.stages}
            defaults={{ pipelineId: row.pipeline_id }}
            save={(values, version) => updateDeal(row.id, version ?? row.updated_at, values)}
            onSaved={() => {
              invalidate(row.id);
              toast.success("Deal saved");
            }}
            reload={deal.refetch}
            onCancel={() => navigate(BACK)}
          />
        </TabsContent>
        <TabsContent value="people">
          <DealPeople dealId={row.id} />
        </TabsContent>
        <TabsContent value="commission">
          <CommissionPanel row={row} />
        </TabsContent>
        <TabsContent value="tasks">
          <LinkedTasks column="deal_id" id={row.id} noun="deal" />
        </TabsContent>
        <TabsContent value="plans">
          <PlanRunsPanel contactId={row.contact_id} dealId={row.id} noun="deal" />
        </TabsContent>
        <TabsContent value="files">
          <AttachmentsPanel recordType="deal" recordId={row.id} />
        </TabsContent>
        <TabsContent value="activity">
          <RecordActivity table="deals" id={row.id} />
        </TabsContent>
        <TabsContent value="history">
          <DealHistory id={row.id} />
        </TabsContent>
      </Tabs>
    </div>
  );
}

function DealHeader({ row, stages }: { row: DealRow; stages: readonly Stage[] }) {
  const fmt = useFormatters();
  const memberName = useMemberName();
  const { user, role } = useSession();
  const move = useMoveDeal();
  const invalidate = useInvalidateDeal();
  const navigate = useNavigate();
  const [askingLost, setAskingLost] = useState<string | null>(null);
  const current = stages.find((s) => s.id === row.stage_id);
  const days = daysInStage(row.stage_entered_at);
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
      navigate(BACK);
    } catch (e) {
      toastError(e, { errorTitle: "Not deleted" });
    }
  };

  return (
    <header className="flex flex-wrap items-start gap-3">
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <h1 className="text-2xl font-semibold tracking-tight">{row.title}</h1>
        <p className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
          <StatusBadge value={row.status} map={DEAL_STATUS_BADGES} />
          <span className="tabular-nums text-foreground">{dealValue(row, fmt)}</span>
          <span>
            · {days} {days === 1 ? "day" : "days"} in {current?.name ?? "its stage"}
          </span>
          <span>· Owner {memberName(row.owner_id)}</span>
          {row.contact && <span>· {row.contact.display_name}</span>}
          {row.property && <span>· {row.property.title}</span>}
        </p>
      </div>
      <div className="flex flex-wrap items-end gap-2">
        <Field label="Stage" className="w-56">
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
        </Field>
        {mayDelete && (
          <Button variant="outline" size="sm" onClick={() => void remove()}>
            <Trash2Icon aria-hidden="true" />
            Delete
          </Button>
        )}
      </div>
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
    </header>
  );
}

function DealHistory({ id }: { id: string }) {
  return <RecordHistory table="deals" recordId={id} />;
}
