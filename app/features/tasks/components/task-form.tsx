/**
 * A task's details (create and edit): title, description, status (only the moves the workflow
 * allows), priority, assignee, due date and reminder (Africa/Accra time; a reminder must lie
 * ahead), repetition, and what it is about: a property, a business contact, a deal (each picked
 * by search under the user's own RLS, so only records they may read are offered). The record kit's form: messages at each
 * field, the stale-edit check, the leave-without-saving guard.
 */
import { useMemo } from "react";
import { useWatch } from "react-hook-form";
import { displayName } from "#core/schemas/profile.ts";
import {
  TASK_CONSTRAINTS,
  TASK_FIELD_LABELS as L,
  taskFormSchema,
  taskFormValues,
  type TaskFormInput,
  type TaskFormOutput,
  type TaskRow,
} from "#core/tasks/task-schema.ts";
import {
  TASK_INITIAL_STATUSES,
  TASK_PRIORITIES,
  TASK_PRIORITY_LABELS,
  TASK_RECURRENCE_LABELS,
  TASK_RECURRENCES,
  TASK_STATUS_LABELS,
  TASK_STATUS_MOVES,
} from "#core/tasks/task-workflow.ts";
import { RecordForm } from "#app/components/records/record-form.tsx";
import { OptionsField, TextAreaField, TextField } from "#app/components/records/form-fields.tsx";
import { LookupField } from "#app/components/records/lookup-field.tsx";
import { errorOf, useRecordForm } from "#app/components/records/hooks/use-record-form.ts";
import { Field } from "#app/components/ui/field.tsx";
import { Input } from "#app/components/ui/input.tsx";
import { NativeSelect } from "#app/components/ui/native-select.tsx";
import { useTeamMembers } from "#app/lib/team-members-queries.ts";

export interface TaskFormProps {
  row: TaskRow | null;
  /** Values of a new task (e.g. linked to the contact or deal it was created from). */
  preset?: Partial<TaskFormInput>;
  save: (values: TaskFormOutput, version: string | null) => Promise<TaskRow>;
  onSaved: (row: TaskRow) => void;
  onCancel: () => void;
}

export function TaskForm({ row, preset, save, onSaved, onCancel }: TaskFormProps) {
  const schema = useMemo(() => taskFormSchema({ savedRemindAt: row?.remind_at ?? null }), [row?.remind_at]);
  const values = useMemo(() => taskFormValues(row, preset), [row, preset]);
  const rf = useRecordForm({
    schema,
    values,
    version: row?.updated_at ?? null,
    save,
    onSaved,
    constraints: TASK_CONSTRAINTS,
    fieldLabels: L,
  });
  const { register, control, formState } = rf.form;
  const team = useTeamMembers();
  const err = (name: keyof TaskFormInput) => errorOf(formState.errors, name);
  const recurrence = useWatch({ control, name: "recurrence" });
  const statuses = row ? [row.status, ...TASK_STATUS_MOVES[row.status]] : TASK_INITIAL_STATUSES;

  return (
    <RecordForm
      state={rf}
      label={row ? "Task details" : "New task"}
      submitLabel={row ? "Save changes" : "Create task"}
      onCancel={onCancel}
    >
      <TextField
        label={L.title}
        error={err("title")}
        required
        registration={register("title")}
        placeholder="e.g. Send the tenancy agreement to Mr. Quaye"
      />
      <TextAreaField
        label={L.description}
        error={err("description")}
        registration={register("description")}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <OptionsField
          label={L.status}
          error={err("status")}
          required
          registration={register("status")}
          values={statuses}
          labels={TASK_STATUS_LABELS}
        />
        <OptionsField
          label={L.priority}
          error={err("priority")}
          required
          registration={register("priority")}
          values={TASK_PRIORITIES}
          labels={TASK_PRIORITY_LABELS}
        />
        <Field
          label={L.assignee_id}
          error={err("assignee_id")}
          description="They are notified when you save."
        >
          <NativeSelect {...register("assignee_id")}>
            <option value="">Unassigned</option>
            {(team.data ?? []).map((m) => (
              <option key={m.user_id} value={m.user_id}>
                {displayName(m, m.email)}
              </option>
            ))}
          </NativeSelect>
        </Field>
        <OptionsField
          label={L.recurrence}
          error={err("recurrence")}
          registration={register("recurrence")}
          values={TASK_RECURRENCES}
          labels={TASK_RECURRENCE_LABELS}
          description={recurrence !== "none" ? "When you complete it, the next one is created." : undefined}
        />
        <Field
          label={L.due_at}
          error={err("due_at")}
          required={recurrence !== "none"}
          description="Africa/Accra time"
        >
          <Input type="datetime-local" {...register("due_at")} />
        </Field>
        <Field
          label={L.remind_at}
          error={err("remind_at")}
          description="You (or the assignee) get a notification then."
        >
          <Input type="datetime-local" {...register("remind_at")} />
        </Field>
      </div>
      <LookupField
        lookup="property"
        control={control}
        name="property_id"
        label={L.property_id}
        error={err("property_id")}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <LookupField
          lookup="contact"
          control={control}
          name="contact_id"
          label={L.contact_id}
          error={err("contact_id")}
          description="A business contact: the task shows on their page."
        />
        <LookupField
          lookup="deal"
          control={control}
          name="deal_id"
          label={L.deal_id}
          error={err("deal_id")}
        />
      </div>
    </RecordForm>
  );
}
