/**
 * Server state of action plan runs, shared by the action-plans module and the contact and deal
 * pages. Every key starts with "action-plans", so any change refreshes them all.
 */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { applyPlan, listRuns, listUsablePlans, setRunStatus, type RunScope } from "./runs-api.ts";

export const actionPlanKeys = {
  all: ["action-plans"] as const,
  runs: (scope: RunScope) => ["action-plans", "runs", scope] as const,
  usable: ["action-plans", "usable"] as const,
};

export const useRuns = (scope: RunScope) =>
  useQuery({ queryKey: actionPlanKeys.runs(scope), queryFn: () => listRuns(scope) });

/** Switched-on plans the user may apply (read when the picker opens). */
export const useUsablePlans = (enabled: boolean) =>
  useQuery({ queryKey: actionPlanKeys.usable, queryFn: listUsablePlans, enabled });

function useRefreshRuns() {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: actionPlanKeys.all });
}

/** Applies a plan by hand; the dialog shows a refusal next to the picker. */
export function useApplyPlan() {
  const refresh = useRefreshRuns();
  return useMutation({
    mutationFn: ({
      planId,
      contactIds,
      dealId,
    }: {
      planId: string;
      contactIds: string[];
      dealId?: string | null;
    }) => applyPlan(planId, contactIds, dealId),
    meta: { toast: false },
    onSuccess: () => void refresh(),
  });
}

/** Pauses, resumes or stops a run. */
export function useSetRunStatus() {
  const refresh = useRefreshRuns();
  return useMutation({
    mutationFn: ({ id, status }: { id: string; status: "active" | "paused" | "stopped" }) =>
      setRunStatus(id, status),
    meta: { errorTitle: "The run did not change" },
    onSettled: () => refresh(),
  });
}
