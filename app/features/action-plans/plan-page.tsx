/**
 * /action-plans/new and /action-plans/:planId: a new plan is its editor. An existing plan shows
 * how its runs are doing (active, paused, completed, stopped, the reply rate), its runs with
 * pause / resume / stop, and the editor (for those who may edit it: admins, or the owner of a
 * personal plan); delete for the same people.
 */
import { ArrowLeftIcon, Trash2Icon } from "lucide-react";
import { useState } from "react";
import { Link, useNavigate, useParams } from "react-router";
import { toast } from "#app/lib/toast.ts";
import { replyRate, type PlanFigures } from "#core/action-plans/plan-schema.ts";
import { describeDbError } from "#core/records/db-errors.ts";
import { RunList } from "#app/components/action-plans/run-list.tsx";
import { Alert } from "#app/components/ui/alert.tsx";
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

function BackLink() {
  return (
    <Link
      to="/action-plans"
      className="inline-flex w-fit items-center gap-1 text-sm text-muted-foreground hover:text-foreground"
    >
      <ArrowLeftIcon className="size-4" aria-hidden="true" /> All plans
    </Link>
  );
}

export default function PlanPage() {
  const { planId } = useParams();
  return planId ? <ExistingPlan id={planId} /> : <NewPlan />;
}

/** The editor waits for the templates and stages it validates and offers. */
function useEditorData() {
  const templates = useWhatsAppTemplates();
  const stages = useDealStages();
  return { templates, stages, ready: !!templates.data && !!stages.data };
}

function NewPlan() {
  const navigate = useNavigate();
  const refresh = useRefreshPlans();
  const { templates, stages, ready } = useEditorData();
  return (
    <div className="flex flex-col gap-4">
      <BackLink />
      <h1 className="text-2xl font-semibold tracking-tight">New action plan</h1>
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
    </div>
  );
}

function Figures({ figures }: { figures: PlanFigures }) {
  const rate = replyRate(figures);
  const items = [
    ["Active", figures.active],
    ["Paused", figures.paused],
    ["Completed", figures.completed],
    ["Stopped", figures.stopped],
    ["Reply rate", rate === null ? "—" : `${rate} %`],
  ] as const;
  return (
    <dl className="grid grid-cols-2 gap-3 sm:grid-cols-5" aria-label="How the plan is doing">
      {items.map(([label, value]) => (
        <div key={label} className="rounded-lg border p-3">
          <dt className="text-sm text-muted-foreground">{label}</dt>
          <dd
            className="text-2xl font-semibold"
            data-testid={`figure-${label.toLowerCase().replace(" ", "-")}`}
          >
            {value}
          </dd>
        </div>
      ))}
    </dl>
  );
}

function ExistingPlan({ id }: { id: string }) {
  const plan = usePlan(id);
  const figures = usePlanFigures(id);
  const runs = usePlanRuns(id);
  const { templates, stages, ready } = useEditorData();
  const { user, role } = useSession();
  const refresh = useRefreshPlans();
  const navigate = useNavigate();
  const [deleting, setDeleting] = useState(false);

  if (plan.isPending) return <Skeleton className="h-96 w-full" />;
  if (plan.isError)
    return (
      <div className="flex flex-col gap-4">
        <BackLink />
        <Alert variant="destructive">This plan cannot be opened: {describeDbError(plan.error).message}</Alert>
      </div>
    );
  const { plan: row, steps } = plan.data;
  const mayEdit = role === "admin" || (row.scope === "personal" && row.owner_id === user?.id);
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
    <div className="flex flex-col gap-6">
      <BackLink />
      <header className="flex flex-wrap items-start gap-3">
        <div className="min-w-0 flex-1">
          <h1 className="text-2xl font-semibold tracking-tight">{row.name}</h1>
          <p className="text-sm text-muted-foreground">
            {triggerText(row)} · {row.is_active ? "Switched on" : "Switched off"} ·{" "}
            {row.scope === "shared" ? "Shared with the team" : "Personal"}
          </p>
        </div>
        {mayEdit && (
          <Button variant="outline" size="sm" disabled={deleting} onClick={() => void remove()}>
            <Trash2Icon aria-hidden="true" /> Delete plan
          </Button>
        )}
      </header>
      {figures.data ? <Figures figures={figures.data} /> : <Skeleton className="h-20 w-full" />}
      <section aria-labelledby="runs-h" className="flex flex-col gap-3">
        <h2 id="runs-h" className="font-semibold">
          Runs
        </h2>
        {runs.isPending && <Skeleton className="h-20 w-full" />}
        {runs.data?.length === 0 && (
          <p className="text-sm text-muted-foreground">The plan has not run yet.</p>
        )}
        {runs.data && runs.data.length > 0 && <RunList runs={runs.data} show="contact" />}
      </section>
      <section aria-labelledby="edit-h" className="flex flex-col gap-3">
        <h2 id="edit-h" className="font-semibold">
          {mayEdit ? "Edit the plan" : "Steps"}
        </h2>
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
              plan={row}
              steps={steps}
              templates={templates.data!}
              stages={stages.data!}
              onSaved={() => {
                refresh();
                toast.success("Plan saved");
              }}
            />
          </fieldset>
        )}
      </section>
    </div>
  );
}
