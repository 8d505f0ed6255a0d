/**
 * "New goal": what to count, the target, the period (any day of it; saved as its first day) and
 * whose goal it is — admins choose anyone or the whole team, staff set goals for themselves (the
 * table's RLS says the same). The form is core's goal schema; a second goal for the same person,
 * metric and period is refused by the database and shown on the field.
 */
import type { Path } from "react-hook-form";
import {
  accraToday,
  GOAL_METRIC_HINTS,
  GOAL_METRIC_LABELS,
  GOAL_METRICS,
  GOAL_PERIOD_LABELS,
  GOAL_PERIODS,
  goalFormSchema,
  TEAM,
  type GoalFormInput,
  type GoalRow,
} from "#core/goals/goal-schema.ts";
import type { ConstraintHint } from "#core/records/db-errors.ts";
import { displayName } from "#core/schemas/profile.ts";
import { RecordForm } from "#app/components/records/record-form.tsx";
import { errorOf, useRecordForm } from "#app/components/records/hooks/use-record-form.ts";
import { Field } from "#app/components/ui/field.tsx";
import { Input } from "#app/components/ui/input.tsx";
import { NativeSelect } from "#app/components/ui/native-select.tsx";
import { Textarea } from "#app/components/ui/textarea.tsx";
import { useSession } from "#app/lib/session.tsx";
import { useTeamMembers } from "#app/lib/team-members-queries.ts";
import { createGoal } from "../api/goals-api.ts";

const LABELS = {
  metric: "What to count",
  target: "Target",
  period_type: "Period",
  period_day: "Any day of the period",
  who: "Whose goal",
  notes: "Note",
};
const CONSTRAINTS: Record<string, ConstraintHint> = {
  goals_one_per_period_idx: {
    field: "metric",
    message:
      "This goal already exists for that person and period: change its target instead of adding another",
  },
};

export function GoalForm({
  day,
  onSaved,
  onCancel,
}: {
  day: string;
  onSaved: (row: GoalRow) => void;
  onCancel: () => void;
}) {
  const { user, role } = useSession();
  const team = useTeamMembers();
  const rf = useRecordForm({
    schema: goalFormSchema,
    values: {
      metric: "deals_won",
      target: "",
      period_type: "month",
      period_day: day || accraToday(),
      who: user?.id ?? "",
      notes: "",
    } satisfies GoalFormInput,
    version: null,
    save: (values) => createGoal(values),
    onSaved,
    constraints: CONSTRAINTS,
    fieldLabels: LABELS,
  });
  const { register, watch, formState } = rf.form;
  const err = (name: Path<GoalFormInput>) => errorOf(formState.errors, name);
  const metric = watch("metric");

  return (
    <RecordForm state={rf} label="New goal" submitLabel="Add goal" onCancel={onCancel}>
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        <Field label={LABELS.metric} error={err("metric")} required description={GOAL_METRIC_HINTS[metric]}>
          <NativeSelect {...register("metric")}>
            {GOAL_METRICS.map((m) => (
              <option key={m} value={m}>
                {GOAL_METRIC_LABELS[m]}
              </option>
            ))}
          </NativeSelect>
        </Field>
        <Field label={LABELS.target} error={err("target")} required>
          <Input {...register("target")} inputMode="decimal" autoComplete="off" />
        </Field>
        <Field label={LABELS.who} error={err("who")} required>
          <NativeSelect {...register("who")}>
            {role === "admin" ? (
              <>
                <option value={TEAM}>The whole team</option>
                {(team.data ?? []).map((m) => (
                  <option key={m.user_id} value={m.user_id}>
                    {displayName(m, m.email)}
                  </option>
                ))}
              </>
            ) : (
              <option value={user?.id ?? ""}>Me</option>
            )}
          </NativeSelect>
        </Field>
        <Field label={LABELS.period_type} error={err("period_type")} required>
          <NativeSelect {...register("period_type")}>
            {GOAL_PERIODS.map((p) => (
              <option key={p} value={p}>
                {GOAL_PERIOD_LABELS[p]}
              </option>
            ))}
          </NativeSelect>
        </Field>
        <Field label={LABELS.period_day} error={err("period_day")} required>
          <Input {...register("period_day")} type="date" />
        </Field>
      </div>
      <Field label={LABELS.notes} error={err("notes")}>
        <Textarea {...register("notes")} rows={2} />
      </Field>
    </RecordForm>
  );
}
