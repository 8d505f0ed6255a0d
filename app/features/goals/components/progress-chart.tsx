/**
 * A goal's progress over its period as a small line chart (SVG, no chart library): the cumulative
 * value day by day from public.goal_progress, the target as a dashed line and an even pace as a
 * dotted diagonal. The numbers are also given as text for screen readers.
 */
import { periodEnd, type GoalRow } from "#core/goals/goal-schema.ts";
import { Skeleton } from "#app/components/ui/skeleton.tsx";
import { useGoalProgress } from "../hooks/goal-queries.ts";

const W = 320;
const H = 96;

export function ProgressChart({ goal, label }: { goal: GoalRow; label: string }) {
  const progress = useGoalProgress(goal);
  if (progress.isPending) return <Skeleton className="h-24 w-full" />;
  if (progress.isError) return <p className="text-sm text-destructive">The chart could not be loaded.</p>;
  const points = progress.data;
  const days =
    Math.round(
      (Date.parse(periodEnd(goal.period_type, goal.period_start)) - Date.parse(goal.period_start)) /
        86_400_000,
    ) + 1;
  const top = Math.max(goal.target, ...points.map((p) => p.value)) * 1.1 || 1;
  const x = (i: number) => (i / Math.max(1, days - 1)) * W;
  const y = (v: number) => H - (v / top) * H;
  const line = points.map((p, i) => `${x(i).toFixed(1)},${y(p.value).toFixed(1)}`).join(" ");
  const last = points.at(-1);
  return (
    <figure className="flex flex-col gap-1">
      <svg
        viewBox={`0 0 ${W} ${H}`}
        className="h-24 w-full overflow-visible"
        role="img"
        aria-label={`${label}: ${last?.value ?? 0} of ${goal.target} after ${points.length} of ${days} days`}
        data-testid="goal-chart"
      >
        <line
          x1={0}
          x2={W}
          y1={y(goal.target)}
          y2={y(goal.target)}
          className="stroke-muted-foreground"
          strokeDasharray="4 3"
          strokeWidth={1}
        />
        <line
          x1={0}
          y1={H}
          x2={W}
          y2={y(goal.target)}
          className="stroke-muted-foreground/50"
          strokeDasharray="1 3"
          strokeWidth={1}
        />
        {points.length > 0 && (
          <polyline points={line} fill="none" className="stroke-primary" strokeWidth={2} />
        )}
      </svg>
      <figcaption className="text-xs text-muted-foreground">
        Dashed: the target · dotted: an even pace.
      </figcaption>
    </figure>
  );
}
