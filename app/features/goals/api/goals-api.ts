/**
 * The only place that queries the goals module's table and functions (goals, goal_values,
 * goal_progress). RLS decides which goals come back (staff: their own and the team's; admins:
 * all); the progress functions count only for goals the caller may see.
 */
import { z } from "zod";
import {
  GOAL_ROW_COLUMNS,
  goalRowSchema,
  type GoalFormOutput,
  type GoalRow,
} from "#core/goals/goal-schema.ts";
import { supabase } from "#app/lib/supabase.ts";

/** The goals whose period contains `day` (YYYY-MM-DD), team goals first. */
export async function listGoals(day: string): Promise<GoalRow[]> {
  const { data, error } = await supabase
    .from("goals")
    .select(GOAL_ROW_COLUMNS)
    .lte("period_start", day)
    .gte("period_end", day)
    .order("user_id", { ascending: true, nullsFirst: true })
    .order("metric")
    .limit(200);
  if (error) throw error;
  return z.array(goalRowSchema).parse(data);
}

/** Progress so far per goal id. */
export async function goalValues(ids: readonly string[]): Promise<Map<string, number>> {
  if (ids.length === 0) return new Map();
  const { data, error } = await supabase.rpc("goal_values", { goal_ids: [...ids] });
  if (error) throw error;
  return new Map(
    z
      .array(z.object({ goal_id: z.string(), value: z.coerce.number() }))
      .parse(data)
      .map((v) => [v.goal_id, v.value]),
  );
}

/** One goal's cumulative progress per day of its period, up to today. */
export async function goalProgress(id: string): Promise<{ day: string; value: number }[]> {
  const { data, error } = await supabase.rpc("goal_progress", { goal_id: id });
  if (error) throw error;
  return z.array(z.object({ day: z.string(), value: z.coerce.number() })).parse(data);
}

export async function createGoal(values: GoalFormOutput): Promise<GoalRow> {
  const { data, error } = await supabase.from("goals").insert(values).select(GOAL_ROW_COLUMNS).single();
  if (error) throw error;
  return goalRowSchema.parse(data);
}

export async function deleteGoal(id: string): Promise<void> {
  const { data, error } = await supabase.from("goals").delete().eq("id", id).select("id");
  if (error) throw error;
  if (!data?.length) throw { code: "42501", message: "permission denied" };
}
