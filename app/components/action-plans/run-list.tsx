/**
 * Action plan runs as a list: the plan (or the contact), the status, the step it is at and when
 * that step is due (or why it is paused), the last thing it did, and Pause / Resume / Stop. Used
 * by the contact and deal pages (plan-runs-panel.tsx) and by a plan's page.
 */
import { PauseIcon, PlayIcon, SquareIcon } from "lucide-react";
import { Link } from "react-router";
import { describeStep } from "#core/action-plans/plan-rules.ts";
import {
  PAUSE_REASON_LABELS,
  planStepSchema,
  RUN_STATUS_LABELS,
  type RunStatus,
} from "#core/action-plans/plan-schema.ts";
import { Badge } from "#app/components/ui/badge.tsx";
import { Button } from "#app/components/ui/button.tsx";
import type { RunWithPlan } from "#app/lib/action-plans/runs-api.ts";
import { useSetRunStatus } from "#app/lib/action-plans/run-queries.ts";
import { useFormatters } from "#app/lib/format.ts";

const TONES: Record<RunStatus, "success" | "warning" | "muted" | "info"> = {
  active: "success",
  paused: "warning",
  completed: "info",
  stopped: "muted",
};

/** "Next: WhatsApp template … at 08:00 on …", or why nothing is next. */
function nextStep(run: RunWithPlan, dateTime: (iso: string) => string): string {
  if (run.status === "completed") return "All steps done";
  if (run.status === "stopped") return "Stopped";
  const raw = run.action_plans.action_plan_steps.find((s) => s.position === run.position);
  const step = raw ? planStepSchema.safeParse(raw) : null;
  const what = step?.success ? describeStep(step.data) : `Step ${run.position + 1}`;
  if (run.status === "paused")
    return `Paused (${run.paused_reason ? PAUSE_REASON_LABELS[run.paused_reason] : "by hand"}) before: ${what}`;
  const when =
    run.next_step_at && Date.parse(run.next_step_at) > Date.now() ? dateTime(run.next_step_at) : "now";
  return `Next: ${what} — ${when}`;
}

export function RunList({ runs, show }: { runs: RunWithPlan[]; show: "plan" | "contact" }) {
  const fmt = useFormatters();
  const change = useSetRunStatus();
  const busy = (id: string) => change.isPending && change.variables?.id === id;

  return (
    <ul className="flex flex-col divide-y rounded-lg border" data-testid="plan-runs">
      {runs.map((run) => {
        const title = show === "plan" ? run.action_plans.name : (run.contacts?.display_name ?? "A contact");
        return (
          <li
            key={run.id}
            className="flex flex-wrap items-start gap-2 px-3 py-2 text-sm"
            aria-label={`${title}: ${RUN_STATUS_LABELS[run.status]}`}
          >
            <div className="flex min-w-0 flex-1 flex-col gap-0.5">
              <div className="flex flex-wrap items-center gap-2">
                {show === "plan" ? (
                  <Link to={`/action-plans/${run.plan_id}`} className="font-medium hover:underline">
                    {title}
                  </Link>
                ) : (
                  <Link to={`/business-contacts/${run.contact_id}`} className="font-medium hover:underline">
                    {title}
                  </Link>
                )}
                <Badge tone={TONES[run.status]}>{RUN_STATUS_LABELS[run.status]}</Badge>
                {run.replied_at && <Badge tone="info">Replied {fmt.dateTime(run.replied_at)}</Badge>}
              </div>
              <p className="text-muted-foreground" data-testid="run-next">
                {nextStep(run, fmt.dateTime)}
              </p>
              {run.last_event && (
                <p className="text-xs text-muted-foreground">
                  Last: {run.last_event}
                  {run.last_event_at ? ` · ${fmt.dateTime(run.last_event_at)}` : ""}
                </p>
              )}
            </div>
            <div className="flex flex-wrap gap-1">
              {run.status === "active" && (
                <Button
                  size="sm"
                  variant="outline"
                  disabled={busy(run.id)}
                  onClick={() => change.mutate({ id: run.id, status: "paused" })}
                >
                  <PauseIcon aria-hidden="true" /> Pause
                </Button>
              )}
              {run.status === "paused" && (
                <Button
                  size="sm"
                  variant="outline"
                  disabled={busy(run.id)}
                  onClick={() => change.mutate({ id: run.id, status: "active" })}
                >
                  <PlayIcon aria-hidden="true" /> Resume
                </Button>
              )}
              {(run.status === "active" || run.status === "paused") && (
                <Button
                  size="sm"
                  variant="outline"
                  disabled={busy(run.id)}
                  onClick={() => change.mutate({ id: run.id, status: "stopped" })}
                >
                  <SquareIcon aria-hidden="true" /> Stop
                </Button>
              )}
            </div>
          </li>
        );
      })}
    </ul>
  );
}
