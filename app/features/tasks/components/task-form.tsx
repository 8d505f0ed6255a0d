/**
 * A task's details (create and edit): title, description, status (only the moves the workflow
 * allows), priority, assignee, due date and reminder (Africa/Accra time; a reminder must lie
 * ahead), repetition, and what it is about: a property, a business contact, a deal (each picked
 * by search under the user's own RLS, so only records they may read are offered). The record kit's form: messages at each
 * field, the stale-edit check, the leave-without-saving guard.
 */
import { useMemo } from "react";
import { Controller, useWatch } from "react-hook-form";
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
import { RecordPicker } from "#app/components/records/record-picker.tsx";
import { errorOf, useRecordForm } from "#app/components/records/hooks/use-record-form.ts";
import { Field } from "#app/components/ui/field.tsx";
import { Input } from "#app/components/ui/input.tsx";
import { NativeSelect } from "#app/components/ui/native-select.tsx";
import { Textarea } from "#app/components/ui/textarea.tsx";
import { contactName, searchContacts } from "#app/lib/contact-lookup-api.ts";
import { dealName, searchDeals } from "#app/lib/deal-lookup-api.ts";
import { propertyName, searchProperties } from "#app/lib/property-lookup-api.ts";
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
      <Field label={L.title} error={err("title")} required>
        <Input
          {...register("title")}
          autoComplete="off"
          placeholder="e.g. Send the tenancy agreement to Mr. Quaye"
        />
      </Field>
      <Field label={L.description} error={err("description")}>
        <Textarea rows={3} {...register("description")} />
      </Field>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label={L.status} error={err("status")} required>
          <NativeSelect {...register("status")}>
            {statuses.map((s) => (
              <option key={s} value={s}>
                {TASK_STATUS_LABELS[s]}
              </option>
            ))}
          </NativeSelect>
        </Field>
        <Field label={L.priority} error={err("priority")} required>
          <NativeSelect {...register("priority")}>
            {TASK_PRIORITIES.map((p) => (
              <option key={p} value={p}>
                {TASK_PRIORITY_LABELS[p]}
              </option>
            ))}
          </NativeSelect>
        </Field>
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
        <Field
          label={L.recurrence}
          error={err("recurrence")}
          description={recurrence !== "none" ? "When you complete it, the next one is created." : undefined}
        >
          <NativeSelect {...register("recurrence")}>
            {TASK_RECURRENCES.map((r) => (
              <option key={r} value={r}>
                {TASK_RECURRENCE_LABELS[r]}
              </option>
            ))}
          </NativeSelect>
        </Field>
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
      <Field label={L.property_id} error={err("property_id")}>
        {(c) => (
          <Controller
            control={control}
            name="property_id"
            render={({ field }) => (
              <RecordPicker
                {...c}
                value={field.value}
                onChange={(v) => field.onChange(v)}
                search={searchProperties}
                resolve={propertyName}
                noun="property"
              />
            )}
          />
        )}
      </Field>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          label={L.contact_id}
          error={err("contact_id")}
          description="A business contact: the task shows on their page."
        >
          {(c) => (
            <Controller
              control={control}
              name="contact_id"
              render={({ field }) => (
                <RecordPicker
                  {...c}
                  value={field.value}
                  onChange={(v) => field.onChange(v)}
                  search={searchContacts}
                  resolve={contactName}
                  noun="contact"
                  placeholder="Name, phone or e-mail"
                />
              )}
            />
          )}
        </Field>
        <Field label={L.deal_id} error={err("deal_id")}>
          {(c) => (
            <Controller
              control={control}
              name="deal_id"
              render={({ field }) => (
                <RecordPicker
                  {...c}
                  value={field.value}
                  onChange={(v) => field.onChange(v)}
                  search={searchDeals}
                  resolve={dealName}
                  noun="deal"
                  placeholder="Deal title"
                />
              )}
            />
          )}
        </Field>
      </div>
    </RecordForm>
  );
}
