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
import { CONTACT_STAGE_LABELS, CONTACT_STAGES } from "#core/contacts/contact-schema.ts";
import { TASK_PRIORITIES } from "#core/tasks/task-workflow.ts";
import type { WhatsAppTemplate } from "#core/whatsapp/whatsapp.ts";
import { errorOf } from "#app/components/records/use-record-form.ts";
import { Button } from "#app/components/ui/button.tsx";
import { Field } from "#app/components/ui/field.tsx";
import { Input } from "#app/components/ui/input.tsx";
import { NativeSelect } from "#app/components/ui/native-select.tsx";
import { Textarea } from "#app/components/ui/textarea.tsx";
import type { StageOption } from "../api/action-plans-api.ts";

type Form = UseFormReturn<PlanFormValues, unknown, PlanFormOutput>;

export const MERGE_HINT = `Merge fields: ${PLAN_MERGE_FIELDS.map((f) => `{{${f}}}`).join(" ")}`;

function Options({ values, labels }: { values: readonly string[]; labels?: Record<string, string> }) {
  return (
    <>
      {values.map((v) => (
        <option key={v} value={v}>
          {labels?.[v] ?? v.replaceAll("_", " ")}
        </option>
      ))}
    </>
  );
}

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
  const problem = errorOf(formState.errors, `${at}.problem` as never);
  const n = index + 1;
  const label = `Step ${n}: ${STEP_KIND_LABELS[kind]}`;

  return (
    <li className="flex flex-col gap-3 rounded-lg border p-3" aria-label={label} data-testid="plan-step">
      <div className="flex flex-wrap items-center gap-2">
        <h3 className="font-medium">{label}</h3>
        <div className="ml-auto flex gap-1">
          <Button
            type="button"
            size="icon"
            variant="ghost"
            aria-label={`Move step ${n} up`}
            disabled={index === 0}
            onClick={() => onMove(index - 1)}
          >
            <ArrowUpIcon aria-hidden="true" />
          </Button>
          <Button
            type="button"
            size="icon"
            variant="ghost"
            aria-label={`Move step ${n} down`}
            disabled={index === count - 1}
            onClick={() => onMove(index + 1)}
          >
            <ArrowDownIcon aria-hidden="true" />
          </Button>
          <Button
            type="button"
            size="icon"
            variant="ghost"
            aria-label={`Remove step ${n}`}
            onClick={onRemove}
          >
            <Trash2Icon aria-hidden="true" />
          </Button>
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
          <Field label={`Step ${n} subject`} error={err("config.subject")} required>
            <Input {...register(`${at}.config.subject` as never)} />
          </Field>
          <Field label={`Step ${n} message`} error={err("config.body")} required description={MERGE_HINT}>
            <Textarea rows={4} {...register(`${at}.config.body` as never)} />
          </Field>
          <Field label={`Step ${n} kind of e-mail`} error={err("config.purpose")} required>
            <NativeSelect {...register(`${at}.config.purpose` as never)}>
              <Options values={MESSAGE_PURPOSES} labels={MESSAGE_PURPOSE_LABELS} />
            </NativeSelect>
          </Field>
        </div>
      )}
      {kind === "task" && (
        <div className="grid gap-3 sm:grid-cols-[2fr_1fr_1fr_1fr]">
          <Field label={`Step ${n} task title`} error={err("config.title")} required>
            <Input {...register(`${at}.config.title` as never)} />
          </Field>
          <Field label={`Step ${n} due in`} error={err("config.due_in.amount")} required>
            <Input
              type="number"
              min={0}
              inputMode="numeric"
              {...register(`${at}.config.due_in.amount` as never)}
            />
          </Field>
          <Field label={`Step ${n} due unit`} error={err("config.due_in.unit")}>
            <NativeSelect {...register(`${at}.config.due_in.unit` as never)}>
              <Options values={TIME_UNITS} />
            </NativeSelect>
          </Field>
          <Field label={`Step ${n} priority`} error={err("config.priority")}>
            <NativeSelect {...register(`${at}.config.priority` as never)}>
              <Options values={TASK_PRIORITIES} />
            </NativeSelect>
          </Field>
        </div>
      )}
      {kind === "wait" && (
        <div className="grid gap-3 sm:grid-cols-2">
          <Field label={`Step ${n} wait`} error={err("config.amount")} required>
            <Input type="number" min={1} inputMode="numeric" {...register(`${at}.config.amount` as never)} />
          </Field>
          <Field label={`Step ${n} wait unit`} error={err("config.unit")}>
            <NativeSelect {...register(`${at}.config.unit` as never)}>
              <Options values={TIME_UNITS} />
            </NativeSelect>
          </Field>
        </div>
      )}
      {kind === "contact_stage" && (
        <Field label={`Step ${n} new contact stage`} error={err("config.stage")} required>
          <NativeSelect {...register(`${at}.config.stage` as never)}>
            <Options values={CONTACT_STAGES} labels={CONTACT_STAGE_LABELS} />
          </NativeSelect>
        </Field>
      )}
      {kind === "deal_stage" && (
        <Field
          label={`Step ${n} new deal stage`}
          error={err("config.stage_id")}
          required
          description="Runs without a deal skip this step."
        >
          <NativeSelect {...register(`${at}.config.stage_id` as never)}>
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
          <Field
            label={`Step ${n} notification title`}
            error={err("config.title")}
            required
            description={MERGE_HINT}
          >
            <Input {...register(`${at}.config.title` as never)} />
          </Field>
          <Field label={`Step ${n} notification text`} error={err("config.body")}>
            <Input {...register(`${at}.config.body` as never)} />
          </Field>
        </div>
      )}
      {kind === "repeat" && (
        <div className="grid gap-3 sm:grid-cols-2">
          <Field label={`Step ${n} go back to step`} error={err("config.to_step")} required>
            <Input
              type="number"
              min={1}
              max={Math.max(1, index)}
              inputMode="numeric"
              {...register(`${at}.config.to_step` as never)}
            />
          </Field>
          <Field label={`Step ${n} times`} error={err("config.times")} required>
            <Input
              type="number"
              min={1}
              max={12}
              inputMode="numeric"
              {...register(`${at}.config.times` as never)}
            />
          </Field>
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
