/**
 * The plan editor: name and description, who may use it (admins keep shared plans, staff their
 * own), on or off, the trigger and its setting, respect (pause when the contact replies, quiet
 * hours in Accra), and the ordered steps. Validated whole with core's plan form schema against
 * the approved templates; the database judges it again on save (save_action_plan) and its
 * refusal shows at the top of the form.
 */
import { PlusIcon } from "lucide-react";
import { useMemo, useState } from "react";
import { useFieldArray } from "react-hook-form";
import { blankStep, planFormSchema, planFormValues } from "#core/action-plans/plan-form.ts";
import {
  STEP_KIND_LABELS,
  STEP_KINDS,
  TRIGGER_INBOX_LABELS,
  TRIGGER_INBOXES,
  TRIGGER_KINDS,
  TRIGGER_LABELS,
  type PlanRow,
  type StepKind,
  type StepRow,
} from "#core/action-plans/plan-schema.ts";
import { CONTACT_STAGE_LABELS, CONTACT_STAGES } from "#core/business-contacts/contact-schema.ts";
import type { WhatsAppTemplate } from "#core/whatsapp/whatsapp.ts";
import { CheckboxField, OptionsField, TextField } from "#app/components/records/form-fields.tsx";
import { RecordForm } from "#app/components/records/record-form.tsx";
import { errorOf, useRecordForm } from "#app/components/records/hooks/use-record-form.ts";
import { Button } from "#app/components/ui/button.tsx";
import { Field } from "#app/components/ui/field.tsx";
import { NativeSelect } from "#app/components/ui/native-select.tsx";
import { Textarea } from "#app/components/ui/textarea.tsx";
import { useSession } from "#app/lib/session.tsx";
import { savePlan, type StageOption } from "../api/action-plans-api.ts";
import { StepFields } from "./step-fields.tsx";

const LABELS = {
  name: "Plan name",
  description: "Description",
  scope: "Who may use it",
  is_active: "Switched on",
  trigger_kind: "Starts when",
  trigger_inbox: "Inbox",
  trigger_stage: "Contact stage",
  trigger_tag: "Tag",
  trigger_deal_stage_id: "Deal stage",
  trigger_days: "Days",
  pause_on_reply: "Pause when the contact replies (e-mail, WhatsApp, call or SMS logged)",
  quiet_start: "Quiet from (hour, Accra)",
  quiet_end: "Quiet until (hour, Accra)",
};

export function PlanEditor({
  plan,
  steps,
  templates,
  stages,
  onSaved,
  onCancel,
}: {
  plan: PlanRow | null;
  steps: StepRow[];
  templates: WhatsAppTemplate[];
  stages: StageOption[];
  onSaved: (row: PlanRow) => void;
  onCancel?: () => void;
}) {
  const { role } = useSession();
  const isAdmin = role === "admin";
  const schema = useMemo(() => planFormSchema(templates), [templates]);
  const rf = useRecordForm({
    schema,
    values: planFormValues(plan, steps, isAdmin),
    version: plan?.updated_at ?? null,
    save: (values) => savePlan(plan?.id ?? null, values),
    onSaved,
    fieldLabels: LABELS,
  });
  const { register, control, watch, formState } = rf.form;
  const list = useFieldArray({ control, name: "steps" });
  const [adding, setAdding] = useState<StepKind>("whatsapp");
  const err = (name: keyof typeof LABELS) => errorOf(formState.errors, name);
  const trigger = watch("trigger_kind");
  const stepsError = errorOf(formState.errors, "steps");
  const checkbox = (name: "is_active" | "pause_on_reply") => (
    <CheckboxField label={LABELS[name]} error={err(name)} control={control} name={name} />
  );

  return (
    <RecordForm
      state={rf}
      label="Action plan"
      submitLabel={plan ? "Save plan" : "Create plan"}
      onCancel={onCancel}
    >
      <fieldset className="grid gap-4 sm:grid-cols-2">
        <legend className="mb-2 font-semibold">The plan</legend>
        <TextField label={LABELS.name} error={err("name")} required registration={register("name")} />
        {isAdmin ? (
          <Field label={LABELS.scope} error={err("scope")} required>
            <NativeSelect {...register("scope")}>
              <option value="shared">Shared with the team</option>
              <option value="personal">Only me</option>
            </NativeSelect>
          </Field>
        ) : (
          <p className="self-end text-sm text-muted-foreground">
            Your own plan (admins keep the shared ones).
          </p>
        )}
        <Field label={LABELS.description} error={err("description")} className="sm:col-span-2">
          <Textarea rows={2} {...register("description")} />
        </Field>
        {checkbox("is_active")}
      </fieldset>

      <fieldset className="grid gap-4 sm:grid-cols-2">
        <legend className="mb-2 font-semibold">Trigger</legend>
        <OptionsField
          label={LABELS.trigger_kind}
          error={err("trigger_kind")}
          required
          registration={register("trigger_kind")}
          values={TRIGGER_KINDS}
          labels={TRIGGER_LABELS}
        />
        {trigger === "inbox_item" && (
          <OptionsField
            label={LABELS.trigger_inbox}
            error={err("trigger_inbox")}
            required
            registration={register("trigger_inbox")}
            values={TRIGGER_INBOXES}
            labels={TRIGGER_INBOX_LABELS}
            empty="Choose an inbox"
          />
        )}
        {trigger === "contact_stage" && (
          <OptionsField
            label={LABELS.trigger_stage}
            error={err("trigger_stage")}
            required
            registration={register("trigger_stage")}
            values={CONTACT_STAGES}
            labels={CONTACT_STAGE_LABELS}
            empty="Choose a stage"
          />
        )}
        {trigger === "contact_tag" && (
          <TextField
            label={LABELS.trigger_tag}
            error={err("trigger_tag")}
            required
            registration={register("trigger_tag")}
          />
        )}
        {trigger === "deal_stage" && (
          <Field label={LABELS.trigger_deal_stage_id} error={err("trigger_deal_stage_id")} required>
            <NativeSelect {...register("trigger_deal_stage_id")}>
              <option value="">Choose a stage</option>
              {stages.map((s) => (
                <option key={s.id} value={s.id}>
                  {s.label}
                </option>
              ))}
            </NativeSelect>
          </Field>
        )}
        {(trigger === "lease_ending" || trigger === "invoice_overdue") && (
          <TextField
            label={trigger === "lease_ending" ? "Days before the lease ends" : "Days overdue"}
            error={err("trigger_days")}
            required
            inputMode="numeric"
            registration={register("trigger_days")}
          />
        )}
      </fieldset>

      <fieldset className="grid gap-4 sm:grid-cols-2">
        <legend className="mb-2 font-semibold">Respect</legend>
        <div className="sm:col-span-2">{checkbox("pause_on_reply")}</div>
        <TextField
          label={LABELS.quiet_start}
          error={err("quiet_start")}
          description="No WhatsApp or e-mail from this hour…"
          inputMode="numeric"
          registration={register("quiet_start")}
        />
        <TextField
          label={LABELS.quiet_end}
          error={err("quiet_end")}
          description="…until this one: a message due in between waits (the same hour twice: no quiet hours)."
          inputMode="numeric"
          registration={register("quiet_end")}
        />
      </fieldset>

      <fieldset className="flex flex-col gap-3">
        <legend className="mb-2 font-semibold">Steps</legend>
        {stepsError && (
          <p className="text-sm font-medium text-destructive" role="alert">
            {stepsError}
          </p>
        )}
        {list.fields.length > 0 && (
          <ol className="flex flex-col gap-3" aria-label="Steps">
            {list.fields.map((f, i) => (
              <StepFields
                key={f.id}
                form={rf.form}
                index={i}
                count={list.fields.length}
                kind={f.kind}
                templates={templates}
                stages={stages}
                onMove={(to) => list.move(i, to)}
                onRemove={() => list.remove(i)}
              />
            ))}
          </ol>
        )}
        <div className="flex flex-wrap items-end gap-2">
          <Field label="New step" className="w-64">
            <NativeSelect value={adding} onChange={(e) => setAdding(e.target.value as StepKind)}>
              {STEP_KINDS.map((k) => (
                <option key={k} value={k}>
                  {STEP_KIND_LABELS[k]}
                </option>
              ))}
            </NativeSelect>
          </Field>
          <Button type="button" variant="outline" onClick={() => list.append(blankStep(adding))}>
            <PlusIcon aria-hidden="true" /> Add step
          </Button>
        </div>
      </fieldset>
    </RecordForm>
  );
}
