/** Server state of goals (TanStack Query): `goalKeys`, every key under "goals". */
import { useQuery, useQueryClient } from "@tanstack/react-query";
import type { GoalRow } from "#core/goals/goal-schema.ts";
import { goalProgress, goalValues, listGoals } from "../api/goals-api.ts";

export const goalKeys = {
  all: ["goals"] as const,
  list: (day: string) => [...goalKeys.all, "list", day] as const,
  progress: (goal: Pick<GoalRow, "id" | "updated_at">) =>
    [...goalKeys.all, "progress", goal.id, goal.updated_at] as const,
};

/** The goals of the periods containing `day`, with each goal's current value. */
export const useGoals = (day: string) =>
  useQuery({
    queryKey: goalKeys.list(day),
    queryFn: async () => {
      const rows = await listGoals(day);
      return { rows, values: await goalValues(rows.map((r) => r.id)) };
    },
  });

/** A goal's daily progress (refetched when the goal itself changes). */
export const useGoalProgress = (goal: GoalRow) =>
  useQuery({ queryKey: goalKeys.progress(goal), queryFn: () => goalProgress(goal.id) });

/** Refetches every goals screen after a save or a delete. */
export function useRefreshGoals() {
  const qc = useQueryClient();
  return () => void qc.invalidateQueries({ queryKey: goalKeys.all });
}
