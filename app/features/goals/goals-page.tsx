/**
 * /goals: the targets of a period (the month, quarter and year goals that contain the chosen day,
 * `?day=` in the URL) — each with its progress so far (computed by the database from the data,
 * never typed in), the share reached, whether it is ahead of or behind an even pace, and a chart
 * over the period. Staff see their own goals and the team's; admins see everyone's and set them.
 */
import { PlusIcon, Trash2Icon } from "lucide-react";
import { lazy, Suspense, useState } from "react";
import { useSearchParams } from "react-router";
import { toast } from "#app/lib/toast.ts";
import {
  accraToday,
  GOAL_METRIC_LABELS,
  GOAL_PERIOD_LABELS,
  periodElapsed,
  periodLabel,
  type GoalRow,
} from "#core/goals/goal-schema.ts";
import { describeDbError } from "#core/records/db-errors.ts";
import { Alert } from "#app/components/ui/alert.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Field } from "#app/components/ui/field.tsx";
import { Input } from "#app/components/ui/input.tsx";
import { Skeleton } from "#app/components/ui/skeleton.tsx";
import { useFormatters } from "#app/lib/format.ts";
import { toastError } from "#app/lib/query-client.ts";
import { useSession } from "#app/lib/session.tsx";
import { useMemberName } from "#app/lib/team-members-queries.ts";
import { cn } from "#app/lib/utils.ts";
import { deleteGoal } from "./api/goals-api.ts";
import { ProgressChart } from "./components/progress-chart.tsx";
import { useGoals, useRefreshGoals } from "./hooks/goal-queries.ts";
import { PrimaryAction } from "#app/components/records/primary-action.tsx";

// The form (react-hook-form and its resolver) loads when someone opens it, not with the page.
const GoalForm = lazy(() => import("./components/goal-form.tsx").then((m) => ({ default: m.GoalForm })));

export default function GoalsPage() {
  const [params, setParams] = useSearchParams();
  const day = /^\d{4}-\d{2}-\d{2}$/.test(params.get("day") ?? "") ? params.get("day")! : accraToday();
  const [adding, setAdding] = useState(false);
  const goals = useGoals(day);
  const refresh = useRefreshGoals();

  return (
    <div className="flex flex-col gap-4">
      <header className="flex flex-wrap items-end gap-3">
        <h1 className="text-2xl font-semibold tracking-tight">Goals</h1>
        <Field label="Goals of the periods containing" className="ml-auto w-56">
          <Input
            type="date"
            value={day}
            onChange={(e) => e.target.value && setParams({ day: e.target.value }, { replace: true })}
          />
        </Field>
        {!adding && (
          <PrimaryAction onClick={() => setAdding(true)} icon={<PlusIcon aria-hidden="true" />}>
            New goal
          </PrimaryAction>
        )}
      </header>
      {adding && (
        <Suspense fallback={<Skeleton className="h-48 w-full" />}>
          <GoalForm
            day={day}
            onSaved={() => {
              toast.success("Goal added");
              setAdding(false);
              refresh();
            }}
            onCancel={() => setAdding(false)}
          />
        </Suspense>
      )}
      {goals.isPending && <Skeleton className="h-48 w-full" />}
      {goals.isError && (
        <Alert variant="destructive">Could not load the goals: {describeDbError(goals.error).message}</Alert>
      )}
      {goals.data && goals.data.rows.length === 0 && (
        <p className="text-muted-foreground">No goals for this period yet.</p>
      )}
      {goals.data && goals.data.rows.length > 0 && (
        <ul className="grid gap-4 md:grid-cols-2 xl:grid-cols-3" aria-label="Goals">
          {goals.data.rows.map((g) => (
            <GoalCard
              key={g.id}
              goal={g}
              value={goals.data.values.get(g.id) ?? 0}
              today={accraToday()}
              onDeleted={refresh}
            />
          ))}
        </ul>
      )}
    </div>
  );
}

function GoalCard({
  goal,
  value,
  today,
  onDeleted,
}: {
  goal: GoalRow;
  value: number;
  today: string;
  onDeleted: () => void;
}) {
  const fmt = useFormatters();
  const memberName = useMemberName();
  const { user, role } = useSession();
  const who = goal.user_id ? memberName(goal.user_id) : "The whole team";
  const name = `${GOAL_METRIC_LABELS[goal.metric]} — ${who}, ${periodLabel(goal.period_type, goal.period_start)}`;
  const share = Math.min(1, value / goal.target);
  const pace = periodElapsed(goal.period_type, goal.period_start, today);
  const show = (n: number) => (goal.metric === "revenue" ? fmt.money(n, "GHS") : n.toLocaleString("en-GB"));
  const mayDelete = role === "admin" || (goal.user_id === user?.id && goal.owner_id === user?.id);

  const remove = async () => {
    try {
      await deleteGoal(goal.id);
      toast.success("Goal removed");
      onDeleted();
    } catch (e) {
      toastError(e, { errorTitle: "Not removed" });
    }
  };

  return (
    <li className="flex flex-col gap-3 rounded-lg border p-4" aria-label={name} data-testid="goal-card">
      <div className="flex items-start justify-between gap-2">
        <div>
          <h2 className="font-semibold">{GOAL_METRIC_LABELS[goal.metric]}</h2>
          <p className="text-sm text-muted-foreground">
            {who} · {GOAL_PERIOD_LABELS[goal.period_type]} {periodLabel(goal.period_type, goal.period_start)}
          </p>
        </div>
        {mayDelete && (
          <Button
            variant="ghost"
            size="icon"
            aria-label={`Remove the goal ${name}`}
            onClick={() => void remove()}
          >
            <Trash2Icon aria-hidden="true" />
          </Button>
        )}
      </div>
      <p className="text-lg tabular-nums" data-testid="goal-progress">
        <span className="font-semibold">{show(value)}</span> of {show(goal.target)} ({Math.round(share * 100)}{" "}
        %)
      </p>
      <div
        className="relative h-2 w-full rounded-full bg-muted"
        role="progressbar"
        aria-label={`${name}: progress`}
        aria-valuemin={0}
        aria-valuemax={goal.target}
        aria-valuenow={value}
      >
        <div
          className={cn("h-2 rounded-full", share >= pace ? "bg-emerald-600" : "bg-amber-500")}
          style={{ width: `${share * 100}%` }}
        />
        <div
          className="absolute -top-1 h-4 w-0.5 bg-foreground/60"
          style={{ left: `${pace * 100}%` }}
          aria-hidden="true"
        />
      </div>
      <p className="text-xs text-muted-foreground">
        {share >= 1 ? "Reached." : share >= pace ? "On or ahead of an even pace." : "Behind an even pace."}
      </p>
      <ProgressChart goal={goal} label={name} />
      {goal.notes && <p className="text-sm">{goal.notes}</p>}
    </li>
  );
}
