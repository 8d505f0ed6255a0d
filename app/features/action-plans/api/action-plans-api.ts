/**
 * The only place that queries the action-plans module's tables and functions: plans with their
 * steps (RLS: shared plans and the user's own; admins all), saving a plan whole
 * (save_action_plan: the database judges it again and refuses with the reason), a plan's
 * figures and the deal stages the editor offers (templates: #app/lib/whatsapp-api.ts). Runs go
 * through #app/lib/action-plans/runs-api.ts, which the record pages share.
 */
import { z } from "zod";
import type { PlanFormOutput } from "#core/action-plans/plan-form.ts";
import {
  PLAN_COLUMNS,
  planFiguresSchema,
  planRowSchema,
  stepRowSchema,
  type PlanFigures,
  type PlanRow,
  type StepRow,
} from "#core/action-plans/plan-schema.ts";
import { supabase } from "#app/lib/supabase.ts";

export async function listPlans(): Promise<PlanRow[]> {
  const { data, error } = await supabase
    .from("action_plans")
    .select(PLAN_COLUMNS)
    .order("is_active", { ascending: false })
    .order("name")
    .limit(500);
  if (error) throw error;
  return z.array(planRowSchema).parse(data);
}

export async function getPlan(id: string): Promise<{ plan: PlanRow; steps: StepRow[] }> {
  const { data, error } = await supabase
    .from("action_plans")
    .select(`${PLAN_COLUMNS}, action_plan_steps(id, plan_id, position, kind, config)`)
    .eq("id", id)
    .single();
  if (error) throw error;
  const parsed = planRowSchema.extend({ action_plan_steps: z.array(stepRowSchema) }).parse(data);
  const { action_plan_steps, ...plan } = parsed;
  return { plan, steps: [...action_plan_steps].sort((a, b) => a.position - b.position) };
}

/** Creates (id null) or replaces a plan with all its steps in one transaction. */
export async function savePlan(id: string | null, values: PlanFormOutput): Promise<PlanRow> {
  const { steps, ...fields } = values;
  const { data, error } = await supabase.rpc("save_action_plan", {
    ...(id ? { plan_id: id } : { plan_id: null as unknown as string }),
    fields,
    steps: steps.map((s) => ({ kind: s.kind, config: s.config })),
  });
  if (error) throw error;
  return (await getPlan(z.string().parse(data))).plan;
}

export async function deletePlan(id: string): Promise<void> {
  const { data, error } = await supabase.from("action_plans").delete().eq("id", id).select("id");
  if (error) throw error;
  if (!data?.length) throw { code: "42501", message: "permission denied" };
}

export async function planFigures(id: string): Promise<PlanFigures> {
  const { data, error } = await supabase.rpc("action_plan_figures", { plan_id: id });
  if (error) throw error;
  return planFiguresSchema.parse(z.array(z.unknown()).parse(data)[0]);
}

const stageSchema = z.object({
  id: z.string(),
  name: z.string(),
  position: z.number(),
  deal_pipelines: z.object({ name: z.string(), position: z.number() }),
});
export type StageOption = { id: string; label: string };

/** Every deal stage, as "Pipeline · Stage", in pipeline and stage order. */
export async function listDealStages(): Promise<StageOption[]> {
  const { data, error } = await supabase
    .from("deal_stages")
    .select("id, name, position, deal_pipelines(name, position)")
    .limit(200);
  if (error) throw error;
  return z
    .array(stageSchema)
    .parse(data)
    .sort((a, b) => a.deal_pipelines.position - b.deal_pipelines.position || a.position - b.position)
    .map((s) => ({ id: s.id, label: `${s.deal_pipelines.name} · ${s.name}` }));
}
