/**
 * Action plan runs as record pages and the plans module read them: the runs on a contact, a deal
 * or of a plan (RLS: whoever may read the contact), pausing, resuming and stopping one, the plans
 * a user may apply, and applying one by hand to contacts (apply_action_plan). Shared by the
 * action-plans module and the contact and deal pages (a feature may not import another).
 */
import { z } from "zod";
import {
  PLAN_SCOPES,
  RUN_COLUMNS,
  runRowSchema,
  stepRowSchema,
  TRIGGER_KINDS,
  type RunStatus,
} from "#core/action-plans/plan-schema.ts";
import { kickJobs } from "#app/lib/kick-jobs-api.ts";
import { supabase } from "#app/lib/supabase.ts";

export type RunScope = { contactId: string } | { dealId: string } | { planId: string };

const runWithPlanSchema = runRowSchema.extend({
  action_plans: z.object({
    name: z.string(),
    action_plan_steps: z.array(stepRowSchema.pick({ position: true, kind: true, config: true })),
  }),
  contacts: z.object({ display_name: z.string() }).nullable(),
});
export type RunWithPlan = z.output<typeof runWithPlanSchema>;

/** The most runs a list shows (newest first). */
export const RUN_LIST_LIMIT = 100;

export async function listRuns(scope: RunScope): Promise<RunWithPlan[]> {
  let q = supabase
    .from("action_plan_runs")
    .select(
      `${RUN_COLUMNS}, action_plans(name, action_plan_steps(position, kind, config)), contacts(display_name)`,
    )
    .order("created_at", { ascending: false })
    .limit(RUN_LIST_LIMIT);
  if ("contactId" in scope) q = q.eq("contact_id", scope.contactId);
  else if ("dealId" in scope) q = q.eq("deal_id", scope.dealId);
  else q = q.eq("plan_id", scope.planId);
  const { data, error } = await q;
  if (error) throw error;
  return z.array(runWithPlanSchema).parse(data);
}

/** Pause, resume (active) or stop a run; the database refuses other moves with a sentence. */
export async function setRunStatus(runId: string, status: Exclude<RunStatus, "completed">): Promise<void> {
  const { data, error } = await supabase
    .from("action_plan_runs")
    .update({ status })
    .eq("id", runId)
    .select("id");
  if (error) throw error;
  if (!data?.length) throw { code: "42501", message: "permission denied" };
  if (status === "active") kickJobs();
}

const usablePlanSchema = z.object({
  id: z.string(),
  name: z.string(),
  scope: z.enum(PLAN_SCOPES),
  trigger_kind: z.enum(TRIGGER_KINDS),
});
export type UsablePlan = z.output<typeof usablePlanSchema>;

/** Switched-on plans the user may apply: shared ones and their own. */
export async function listUsablePlans(): Promise<UsablePlan[]> {
  const { data, error } = await supabase
    .from("action_plans")
    .select("id, name, scope, trigger_kind")
    .eq("is_active", true)
    .order("name")
    .limit(200);
  if (error) throw error;
  return z.array(usablePlanSchema).parse(data);
}

export const applyResultSchema = z.object({
  started: z.number(),
  running: z.number(),
  not_visible: z.number(),
});
export type ApplyResult = z.output<typeof applyResultSchema>;

export async function applyPlan(
  planId: string,
  contactIds: string[],
  dealId?: string | null,
): Promise<ApplyResult> {
  const { data, error } = await supabase.rpc("apply_action_plan", {
    plan_id: planId,
    contact_ids: contactIds,
    ...(dealId ? { deal_id: dealId } : {}),
  });
  if (error) throw error;
  const result = applyResultSchema.parse(data);
  if (result.started) kickJobs();
  return result;
}
