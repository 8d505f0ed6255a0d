/**
 * /action-plans/new and /action-plans/:planId: a new plan is its editor. An existing plan is a
 * record page on the kit's engine: its summary (what starts it, whether it is on, who owns it, how
 * its runs are doing and the reply rate), then tabs — its runs with pause / resume / stop, its
 * steps (the editor, for those who may edit it: admins, or the owner of a personal plan) and its
 * history; delete for the same people.
 */
import { Trash2Icon } from "lucide-react";
import { useState } from "react";
import { useNavigate, useParams } from "react-router";
import { toast } from "#app/lib/toast.ts";
import { replyRate, type PlanRow, type StepRow } from "#core/action-plans/plan-schema.ts";
import { describeDbError } from "#core/records/db-errors.ts";
import { RunList } from "#app/components/action-plans/run-list.tsx";
import { defineRecordPage, RecordFrame, RecordPage } from "#app/components/records/record-page.tsx";
import { RecordHistory } from "#app/components/records/record-history.tsx";
import { OwnerFact, SummaryFact, SummaryFacts } from "#app/components/records/record-summary.tsx";
import { Badge } from "#app/components/ui/badge.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Skeleton } from "#app/components/ui/skeleton.tsx";
import { toastError } from "#app/lib/query-client.ts";
import { useSession } from "#app/lib/session.tsx";
import { deletePlan } from "./api/action-plans-api.ts";
import { PlanEditor } from "./components/plan-editor.tsx";
import { triggerText } from "./components/trigger-text.ts";
import {
  useDealStages,
  usePlan,
  usePlanFigures,
  usePlanRuns,
  useRefreshPlans,
} from "./hooks/plan-queries.ts";
import { useWhatsAppTemplates } from "#app/lib/whatsapp-queries.ts";

const BACK = { to: "/action-plans", label: "All plans" };

/** The page's record: the plan with its steps in order, keyed by the plan's id. */
type PlanRecord = { id: string; plan: PlanRow; steps: StepRow[] };

function usePlanRecord(id: string) {
  const query = usePlan(id);
  return { ...query, data: query.data && { id, ...query.data } };
}

const PLAN_PAGE = defineRecordPage<PlanRecord>({
  noun: "plan",
  back: BACK,
  useRecord: usePlanRecord,
  title: (r) => r.plan.name,
  Summary: PlanSummary,
  Actions: PlanActions,
  tabs: [
    { id: "runs", label: "Runs", content: RunsTab },
    { id: "steps", label: "Steps", content: StepsTab },
    {
      id: "history",
      label: "History",
      content: ({ row }) => <RecordHistory table="action_plans" recordId={row.id} />,
    },
  ],
});

export default function PlanPage() {
  const { planId } = useParams();
  return planId ? <RecordPage definition={PLAN_PAGE} id={planId} /> : <NewPlan />;
}

/** The editor waits for the templates and stages it validates and offers. */
function useEditorData() {
  const templates = useWhatsAppTemplates();
  const stages = useDealStages();
  return { templates, stages, ready: !!templates.data && !!stages.data };
}

function useMayEdit(plan: PlanRow) {
  const { user, role } = useSession();
  return role === "admin" || (plan.scope === "personal" && plan.owner_id === user?.id);
}

function NewPlan() {
  const navigate = useNavigate();
  const refresh = useRefreshPlans();
  const { templates, stages, ready } = useEditorData();
  return (
    <RecordFrame back={BACK} title="New action plan">
      {!ready ? (
        <Skeleton className="h-96 w-full" />
      ) : (
        <PlanEditor
          plan={null}
          steps={[]}
          templates={templates.data!}
          stages={stages.data!}
          onSaved={(row) => {
            refresh();
            toast.success("Plan created");
            navigate(`/action-plans/${row.id}`, { replace: true });
          }}
          onCancel={() => navigate("/action-plans")}
        />
      )}
    </RecordFrame>
  );
}

function PlanSummary({ row }: { row: PlanRecord }) {
  const { plan } = row;
  const figures = usePlanFigures(row.id);
  const rate = figures.data ? replyRate(figures.data) : null;
  const count = (label: string, value: number | string | undefined) => (
    <SummaryFact key={label} label={label}>
      {figures.isPending ? (
        <Skeleton className="h-4 w-10" />
      ) : (
        <span className="font-semibold" data-testid={`figure-${label.toLowerCase().replace(" ", "-")}`}>
          {value ?? "—"}
        </span>
      )}
    </SummaryFact>
  );
  return (
    <SummaryFacts>
      <SummaryFact label="Status">
        <Badge tone={plan.is_active ? "success" : "muted"}>
          {plan.is_active ? "Switched on" : "Switched off"}
        </Badge>
      </SummaryFact>
      <SummaryFact label="Starts when">{triggerText(plan)}</SummaryFact>
      {plan.scope === "shared" ? (
        <SummaryFact label="Scope">Shared with the team</SummaryFact>
      ) : (
        <OwnerFact ownerId={plan.owner_id} />
      )}
      {count("Active", figures.data?.active)}
      {count("Paused", figures.data?.paused)}
      {count("Completed", figures.data?.completed)}
      {count("Stopped", figures.data?.stopped)}
      {count("Reply rate", figures.data && (rate === null ? "—" : `${rate} %`))}
    </SummaryFacts>
  );
}

function PlanActions({ row }: { row: PlanRecord }) {
  const mayEdit = useMayEdit(row.plan);
  const refresh = useRefreshPlans();
  const navigate = useNavigate();
  const [deleting, setDeleting] = useState(false);
  if (!mayEdit) return null;
  const remove = async () => {
    setDeleting(true);
    try {
      await deletePlan(row.id);
      refresh();
      toast.success("Plan deleted");
      navigate("/action-plans");
    } catch (e) {
      toastError(e, { errorTitle: "Not deleted" });
    } finally {
      setDeleting(false);
    }
  };
  return (
    <Button variant="outline" size="sm" disabled={deleting} onClick={() => void remove()}>
      <Trash2Icon aria-hidden="true" /> Delete plan
    </Button>
  );
}

function RunsTab({ row }: { row: PlanRecord }) {
  const runs = usePlanRuns(row.id);
  if (runs.isPending) return <Skeleton className="h-20 w-full" />;
  if (runs.isError)
    return (
      <p className="text-sm text-destructive">
        The runs cannot be loaded: {describeDbError(runs.error).message}
      </p>
    );
  if (!runs.data?.length) return <p className="text-sm text-muted-foreground">The plan has not run yet.</p>;
  return <RunList runs={runs.data} show="contact" />;
}

function StepsTab({ row }: { row: PlanRecord }) {
  const mayEdit = useMayEdit(row.plan);
  const refresh = useRefreshPlans();
  const { templates, stages, ready } = useEditorData();
  return (
    <div className="flex flex-col gap-3">
      {!mayEdit && (
        <p className="text-sm text-muted-foreground">
          Only admins (and the owner of a personal plan) change a plan.
        </p>
      )}
      {!ready ? (
        <Skeleton className="h-64 w-full" />
      ) : (
        <fieldset disabled={!mayEdit} className="contents">
          <PlanEditor
            plan={row.plan}
            steps={row.steps}
            templates={templates.data!}
            stages={stages.data!}
            onSaved={() => {
              refresh();
              toast.success("Plan saved");
            }}
          />
        </fieldset>
      )}
    </div>
  );
}
