/**
 * The plan editor's form: the plan's fields and its steps, validated whole — the trigger's
 * settings, each step's config, and the plan rules (planProblems: at least one step, loops that
 * wait, templates whose parameters fit) against the approved templates the editor loaded.
 */
import { z } from "zod";
import type { WhatsAppTemplate } from "../whatsapp/whatsapp.ts";
import { planProblems, triggerProblems } from "./plan-rules.ts";
import {
  planFieldsSchema,
  planStepSchema,
  type PlanFields,
  type PlanRow,
  type PlanStep,
  type StepKind,
  type StepRow,
} from "./plan-schema.ts";

/** A step as the form holds it (configs are checked by planStepSchema on save). */
export interface StepFormValue {
  kind: StepKind;
  config: Record<string, unknown>;
}

export type PlanFormValues = Omit<PlanFields, "trigger_days" | "quiet_start" | "quiet_end"> & {
  trigger_days: number | string | null;
  quiet_start: number | string;
  quiet_end: number | string;
  steps: StepFormValue[];
};
export type PlanFormOutput = PlanFields & { steps: PlanStep[] };

/** A new step of each kind, ready to fill in. */
export function blankStep(kind: StepKind): StepFormValue {
  switch (kind) {
    case "whatsapp":
      return { kind, config: { template: "", language: "en", params: [] } };
    case "email":
      return { kind, config: { subject: "", body: "", purpose: "transactional" } };
    case "task":
      return { kind, config: { title: "", due_in: { amount: 1, unit: "days" }, priority: "normal" } };
    case "wait":
      return { kind, config: { amount: 1, unit: "days" } };
    case "contact_stage":
      return { kind, config: { stage: "prospect" } };
    case "deal_stage":
      return { kind, config: { stage_id: "" } };
    case "notify":
      return { kind, config: { title: "", body: "" } };
    case "repeat":
      return { kind, config: { to_step: 1, times: 1 } };
  }
}

export function planFormValues(
  plan: PlanRow | null,
  steps: readonly StepRow[],
  isAdmin: boolean,
): PlanFormValues {
  return {
    name: plan?.name ?? "",
    description: plan?.description ?? "",
    scope: plan?.scope ?? (isAdmin ? "shared" : "personal"),
    is_active: plan?.is_active ?? true,
    trigger_kind: plan?.trigger_kind ?? "manual",
    trigger_inbox: plan?.trigger_inbox ?? null,
    trigger_stage: plan?.trigger_stage ?? null,
    trigger_tag: plan?.trigger_tag ?? null,
    trigger_deal_stage_id: plan?.trigger_deal_stage_id ?? null,
    trigger_days: plan?.trigger_days ?? null,
    pause_on_reply: plan?.pause_on_reply ?? true,
    quiet_start: plan?.quiet_start ?? 20,
    quiet_end: plan?.quiet_end ?? 8,
    steps: steps.map((s) => ({ kind: s.kind, config: s.config })),
  };
}

/** Only the trigger setting the chosen trigger uses is kept (the others are cleared on save). */
function keepTriggerSetting(p: PlanFields): PlanFields {
  const k = p.trigger_kind;
  return {
    ...p,
    trigger_inbox: k === "inbox_item" ? p.trigger_inbox : null,
    trigger_stage: k === "contact_stage" ? p.trigger_stage : null,
    trigger_tag: k === "contact_tag" ? p.trigger_tag || null : null,
    trigger_deal_stage_id: k === "deal_stage" ? p.trigger_deal_stage_id : null,
    trigger_days: k === "lease_ending" || k === "invoice_overdue" ? p.trigger_days : null,
  };
}

const emptyToNull = (v: unknown) => (v === "" ? null : v);

export function planFormSchema(
  templates: ReadonlyArray<Pick<WhatsAppTemplate, "name" | "language" | "param_count" | "is_active">>,
): z.ZodType<PlanFormOutput, PlanFormValues> {
  return planFieldsSchema
    .extend({
      trigger_inbox: z.preprocess(emptyToNull, planFieldsSchema.shape.trigger_inbox),
      trigger_stage: z.preprocess(emptyToNull, planFieldsSchema.shape.trigger_stage),
      trigger_tag: z.preprocess(emptyToNull, planFieldsSchema.shape.trigger_tag),
      trigger_deal_stage_id: z.preprocess(emptyToNull, planFieldsSchema.shape.trigger_deal_stage_id),
      trigger_days: z.preprocess(emptyToNull, planFieldsSchema.shape.trigger_days),
      steps: z.array(planStepSchema),
    })
    .transform((v) => ({ ...keepTriggerSetting(v), steps: v.steps }))
    .superRefine((v, ctx) => {
      for (const [field, message] of Object.entries(triggerProblems(v)))
        ctx.addIssue({ code: "custom", path: [field], message });
      for (const p of planProblems(v.steps, templates))
        ctx.addIssue({
          code: "custom",
          path: p.step === null ? ["steps"] : ["steps", p.step, "problem"],
          message: p.message,
        });
    }) as unknown as z.ZodType<PlanFormOutput, PlanFormValues>;
}
