/**
 * Admins' pipeline settings: stages and lost reasons. A change refreshes the settings' own key and
 * every deal screen (a renamed stage or reason shows on the board and the records).
 */
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { toast } from "#app/lib/toast.ts";
import { addLostReason, addStage, reorderStages, updateLostReason, updateStage } from "../api/deals-api.ts";
import { dealKeys, useRefreshDeals } from "./deal-queries.ts";

function useReload(key: readonly unknown[]) {
  const qc = useQueryClient();
  const refresh = useRefreshDeals();
  return () => {
    void qc.invalidateQueries({ queryKey: key });
    refresh();
  };
}

export function useAddLostReason(onAdded: () => void) {
  const reload = useReload(dealKeys.lostReasons());
  return useMutation({
    mutationFn: ({ label, position }: { label: string; position: number }) => addLostReason(label, position),
    meta: { errorTitle: "Reason not added" },
    onSuccess: () => {
      toast.success("Reason added");
      onAdded();
      reload();
    },
  });
}

export function useUpdateLostReason() {
  const reload = useReload(dealKeys.lostReasons());
  return useMutation({
    mutationFn: ({ id, patch }: { id: string; patch: { label?: string; is_active?: boolean } }) =>
      updateLostReason(id, patch),
    meta: { errorTitle: "Reason not changed" },
    onSuccess: reload,
  });
}

export function useAddStage(pipelineId: string, onAdded: () => void) {
  const reload = useReload(dealKeys.pipelines());
  return useMutation({
    mutationFn: ({ name, probability }: { name: string; probability: number }) =>
      addStage(pipelineId, name, probability),
    meta: { errorTitle: "Stage not added" },
    onSuccess: () => {
      toast.success("Stage added");
      onAdded();
      reload();
    },
  });
}

export function useUpdateStage() {
  const reload = useReload(dealKeys.pipelines());
  return useMutation({
    mutationFn: ({
      id,
      patch,
    }: {
      id: string;
      patch: { name?: string; probability?: number; is_archived?: boolean };
    }) => updateStage(id, patch),
    meta: { errorTitle: "Stage not changed" },
    onSuccess: (_d, { patch }) => {
      if (patch.is_archived !== undefined)
        toast.success(patch.is_archived ? "Stage archived" : "Stage brought back");
      reload();
    },
    onError: reload,
  });
}

export function useReorderStages(pipelineId: string) {
  const reload = useReload(dealKeys.pipelines());
  return useMutation({
    mutationFn: (ids: string[]) => reorderStages(pipelineId, ids),
    meta: { errorTitle: "Stages not reordered" },
    onSettled: reload,
  });
}
