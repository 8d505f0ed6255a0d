/**
 * One step of the plan editor: its kind's fields (a WhatsApp template and its parameters, an
 * e-mail, a task with its due offset, a wait, a stage, a notification, a repeat), the step's
 * own problems (from the plan rules), and move up / down / remove.
 */
import { ArrowDownIcon, ArrowUpIcon, Trash2Icon } from "lucide-react";
import type { UseFormReturn } from "react-hook-form";
import type { PlanFormOutput, PlanFormValues } from "#core/action-plans/plan-form.ts";
import {
  MESSAGE_PURPOSE_LABELS,
  MESSAGE_PURPOSES,
  PLAN_MERGE_FIELDS,
  STEP_KIND_LABELS,
  TIME_UNITS,
  type StepKind,
} from "#core/action-plans/plan-schema.ts";
import { CONTACT_STAGE_LABELS, CONTACT_STAGES } from "#core/business-contacts/contact-schema.ts";
import { TASK_PRIORITIES } from "#core/tasks/task-workflow.ts";
import type { WhatsAppTemplate } from "#core/whatsapp/whatsapp.ts";
import { OptionsField, TextField } from "#app/components/records/form-fields.tsx";
import { errorOf } from "#app/components/records/hooks/use-record-form.ts";
import { Button } from "#app/components/ui/button.tsx";
import { Field } from "#app/components/ui/field.tsx";
import { Input } from "#app/components/ui/input.tsx";
import { NativeSelect } from "#app/components/ui/native-select.tsx";
import { Textarea } from "#app/components/ui/textarea.tsx";
import type { StageOption } from "../api/action-plans-api.ts";

type Form = UseFormReturn<PlanFormValues, unknown, PlanFormOutput>;

export const MERGE_HINT = `Merge fields: ${PLAN_MERGE_FIELDS.map((f) => `{{${f}}}`).join(" ")}`;

export function StepFields({
  form,
  index,
  count,
  kind,
  templates,
  stages,
  onMove,
  onRemove,
}: {
  form: Form;
  index: number;
  count: number;
  kind: StepKind;
  templates: WhatsAppTemplate[];
  stages: StageOption[];
  onMove: (to: number) => void;
  onRemove: () => void;
}) {
  const { register, formState } = form;
  const at = `steps.${index}` as const;
  const err = (path: string) => errorOf(formState.errors, `${at}.${path}` as never);
  const reg = (path: string) => register(`${at}.config.${path}` as never);
  const problem = errorOf(formState.errors, `${at}.problem` as never);
  const n = index + 1;
  const label = `Step ${n}: ${STEP_KIND_LABELS[kind]}`;
  const text = (path: string, name: string, extra: { numeric?: boolean; description?: string } = {}) => (
    <TextField
      label={`Step ${n} ${name}`}
      error={err(`config.${path}`)}
      required
      description={extra.description}
      inputMode={extra.numeric ? "numeric" : undefined}
      registration={reg(path)}
    />
  );
  const options = <V extends string>(
    path: string,
    name: string,
    values: readonly V[],
    labels?: Record<V, string>,
  ) => (
    <OptionsField
      label={`Step ${n} ${name}`}
      error={err(`config.${path}`)}
      registration={reg(path)}
      values={values}
      labels={labels}
    />
  );
  const buttons = [
    { name: `Move step ${n} up`, Icon: ArrowUpIcon, disabled: index === 0, onClick: () => onMove(index - 1) },
    {
      name: `Move step ${n} down`,
      Icon: ArrowDownIcon,
      disabled: index === count - 1,
      onClick: () => onMove(index + 1),
    },
    { name: `Remove step ${n}`, Icon: Trash2Icon, disabled: false, onClick: onRemove },
  ];

  return (
    <li className="flex flex-col gap-3 rounded-lg border p-3" aria-label={label} data-testid="plan-step">
      <div className="flex flex-wrap items-center gap-2">
        <h3 className="font-medium">{label}</h3>
        <div className="ml-auto flex gap-1">
          {buttons.map(({ name, Icon, disabled, onClick }) => (
            <Button
              key={name}
              type="button"
              size="icon"
              variant="ghost"
              aria-label={name}
              disabled={disabled}
              onClick={onClick}
            >
              <Icon aria-hidden="true" />
            </Button>
          ))}
        </div>
      </div>
      {problem && (
        <p className="text-sm font-medium text-destructive" role="alert">
          {problem}
        </p>
      )}
      {kind === "whatsapp" && <WhatsAppFields form={form} index={index} templates={templates} err={err} />}
      {kind === "email" && (
        <div className="grid gap-3">
          {text("subject", "subject")}
          <Field label={`Step ${n} message`} error={err("config.body")} required description={MERGE_HINT}>
            <Textarea rows={4} {...reg("body")} />
          </Field>
          {options("purpose", "kind of e-mail", MESSAGE_PURPOSES, MESSAGE_PURPOSE_LABELS)}
        </div>
      )}
      {kind === "task" && (
        <div className="grid gap-3 sm:grid-cols-[2fr_1fr_1fr_1fr]">
          {text("title", "task title", { description: MERGE_HINT })}
          {text("due_in.amount", "due in", { numeric: true })}
          {options("due_in.unit", "due unit", TIME_UNITS)}
          {options("priority", "priority", TASK_PRIORITIES)}
        </div>
      )}
      {kind === "wait" && (
        <div className="grid gap-3 sm:grid-cols-2">
          {text("amount", "wait", { numeric: true })}
          {options("unit", "wait unit", TIME_UNITS)}
        </div>
      )}
      {kind === "contact_stage" &&
        options("stage", "new contact stage", CONTACT_STAGES, CONTACT_STAGE_LABELS)}
      {kind === "deal_stage" && (
        <Field
          label={`Step ${n} new deal stage`}
          error={err("config.stage_id")}
          required
          description="Runs without a deal skip this step."
        >
          <NativeSelect {...reg("stage_id")}>
            <option value="">Choose a stage</option>
            {stages.map((s) => (
              <option key={s.id} value={s.id}>
                {s.label}
              </option>
            ))}
          </NativeSelect>
        </Field>
      )}
      {kind === "notify" && (
        <div className="grid gap-3">
          {text("title", "notification title", { description: MERGE_HINT })}
          <Field label={`Step ${n} notification text`} error={err("config.body")}>
            <Input {...reg("body")} />
          </Field>
        </div>
      )}
      {kind === "repeat" && (
        <div className="grid gap-3 sm:grid-cols-2">
          {text("to_step", "go back to step", { numeric: true })}
          {text("times", "times", { numeric: true })}
        </div>
      )}
    </li>
  );
}

function WhatsAppFields({
  form,
  index,
  templates,
  err,
}: {
  form: Form;
  index: number;
  templates: WhatsAppTemplate[];
  err: (path: string) => string | undefined;
}) {
  const { register, watch, setValue } = form;
  const at = `steps.${index}` as const;
  const n = index + 1;
  const name = watch(`${at}.config.template` as never) as unknown as string;
  const template = templates.find((t) => t.name === name);
  const params = (watch(`${at}.config.params` as never) as unknown as string[] | undefined) ?? [];
  const choose = (value: string) => {
    const t = templates.find((x) => x.name === value);
    setValue(`${at}.config.template` as never, value as never, { shouldDirty: true });
    setValue(`${at}.config.language` as never, (t?.language ?? "en") as never);
    setValue(
      `${at}.config.params` as never,
      Array.from({ length: t?.param_count ?? 0 }, (_, i) => params[i] ?? "") as never,
      {
        shouldDirty: true,
      },
    );
  };
  return (
    <div className="grid gap-3">
      <Field
        label={`Step ${n} template`}
        error={err("config.template")}
        required
        description={
          template
            ? `${template.category === "marketing" ? "Marketing (needs marketing consent)" : "Utility"}: “${template.body}”`
            : "Only templates approved at Meta can start a conversation."
        }
      >
        <NativeSelect value={name ?? ""} onChange={(e) => choose(e.target.value)}>
          <option value="">Choose a template</option>
          {templates
            .filter((t) => t.is_active)
            .map((t) => (
              <option key={`${t.name}/${t.language}`} value={t.name}>
                {t.name} ({t.language}, {t.category})
              </option>
            ))}
        </NativeSelect>
      </Field>
      {params.length > 0 && (
        <div className="grid gap-3 sm:grid-cols-2">
          {params.map((_, i) => (
            <Field
              key={i}
              label={`Step ${n} parameter {{${i + 1}}}`}
              error={err(`config.params.${i}`)}
              description={i === 0 ? MERGE_HINT : undefined}
            >
              <Input {...register(`${at}.config.params.${i}` as never)} />
            </Field>
          ))}
        </div>
      )}
    </div>
  );
}
