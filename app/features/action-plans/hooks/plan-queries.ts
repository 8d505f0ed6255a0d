/**
 * The action-plans module's server state: one key factory under "action-plans" (shared with the
 * runs the record pages show, #app/lib/action-plans/run-queries.ts), so a save refreshes both.
 */
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { actionPlanKeys, useRuns } from "#app/lib/action-plans/run-queries.ts";
import { getPlan, listDealStages, listPlans, planFigures } from "../api/action-plans-api.ts";

export const planKeys = {
  all: actionPlanKeys.all,
  list: ["action-plans", "list"] as const,
  detail: (id: string) => ["action-plans", "detail", id] as const,
  figures: (id: string) => ["action-plans", "figures", id] as const,
  stages: ["action-plans", "deal-stages"] as const,
};

export const usePlans = () => useQuery({ queryKey: planKeys.list, queryFn: listPlans });
export const usePlan = (id: string) =>
  useQuery({ queryKey: planKeys.detail(id), queryFn: () => getPlan(id) });
export const usePlanFigures = (id: string) =>
  useQuery({ queryKey: planKeys.figures(id), queryFn: () => planFigures(id) });
/** The plan's runs, under the shared runs key so a record page's pause or stop refreshes them. */
export const usePlanRuns = (planId: string) => useRuns({ planId });
export const useDealStages = () =>
  useQuery({ queryKey: planKeys.stages, queryFn: listDealStages, staleTime: 5 * 60_000 });

export function useRefreshPlans() {
  const qc = useQueryClient();
  return () => void qc.invalidateQueries({ queryKey: planKeys.all });
}
