/**
 * Server state of the deals module (TanStack Query). `dealKeys` is the module's key factory:
 * every key starts with "deals", so one invalidation — ours after a save, or a colleague's move
 * relayed by the hub (realtime.ts) — refreshes the board, the table, the forecast and the record.
 */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import type { RecordUpdateAction } from "#core/schemas/hub.ts";
import type { DealListQuery } from "#core/deals/deal-list.ts";
import { historyKeys } from "#app/components/records/record-history.tsx";
import { publishDomainUpdate } from "#app/lib/realtime/index.ts";
import { useSession } from "#app/lib/session.tsx";
import {
  getDeal,
  getForecast,
  listBoardDeals,
  listDealContacts,
  listDeals,
  listLostReasons,
  listPipelines,
  listSplits,
  moveDeal,
} from "../api/deals-api.ts";

/** The module's name on the hub (core/schemas/hub.ts REALTIME_MODULES; frame `deal_update`). */
export const DEALS_REALTIME = "deals";
/** Marked when the board's deals arrive; the board measures its render from it. */
export const BOARD_DATA_MARK = "deals-board:data";

export const dealKeys = {
  all: ["deals"] as const,
  pipelines: () => [...dealKeys.all, "pipelines"] as const,
  lostReasons: () => [...dealKeys.all, "lost-reasons"] as const,
  lists: () => [...dealKeys.all, "list"] as const,
  list: (query: DealListQuery, userId: string | null) => [...dealKeys.lists(), query, userId] as const,
  board: (pipelineId: string, search: string, owner: string | undefined) =>
    [...dealKeys.all, "board", pipelineId, search, owner] as const,
  forecast: (pipelineId: string | null, ownerId: string | null) =>
    [...dealKeys.all, "forecast", pipelineId, ownerId] as const,
  detail: (id: string) => [...dealKeys.all, "detail", id] as const,
  contacts: (id: string) => [...dealKeys.all, "contacts", id] as const,
  splits: (id: string) => [...dealKeys.all, "splits", id] as const,
};

export function usePipelines() {
  return useQuery({ queryKey: dealKeys.pipelines(), queryFn: listPipelines, staleTime: 5 * 60_000 });
}

export function useLostReasons() {
  return useQuery({ queryKey: dealKeys.lostReasons(), queryFn: listLostReasons, staleTime: 5 * 60_000 });
}

export function useDealList(query: DealListQuery) {
  const { user } = useSession();
  const userId = user?.id ?? null;
  return useQuery({
    queryKey: dealKeys.list(query, userId),
    queryFn: () => listDeals(query, userId),
    placeholderData: keepPreviousData,
  });
}

export function useBoardDeals(pipelineId: string | undefined, search: string, owner: string | undefined) {
  const { user } = useSession();
  return useQuery({
    queryKey: dealKeys.board(pipelineId ?? "", search, owner),
    queryFn: async () => {
      const result = await listBoardDeals(pipelineId!, { search, owner, userId: user?.id ?? null });
      performance.mark(BOARD_DATA_MARK);
      return result;
    },
    enabled: !!pipelineId,
    placeholderData: keepPreviousData,
  });
}

export function useForecast(pipelineId: string | null, ownerId: string | null) {
  return useQuery({
    queryKey: dealKeys.forecast(pipelineId, ownerId),
    queryFn: () => getForecast(pipelineId, ownerId),
  });
}

export function useDeal(id: string | undefined) {
  return useQuery({ queryKey: dealKeys.detail(id ?? "new"), queryFn: () => getDeal(id!), enabled: !!id });
}

export function useDealContacts(id: string) {
  return useQuery({ queryKey: dealKeys.contacts(id), queryFn: () => listDealContacts(id) });
}

export function useSplits(id: string) {
  return useQuery({ queryKey: dealKeys.splits(id), queryFn: () => listSplits(id) });
}

/** Refreshes this tab's deal queries (and the records' histories). */
export function useRefreshDeals() {
  const qc = useQueryClient();
  return useCallback(
    (ids: readonly string[] = []) => {
      void qc.invalidateQueries({
        queryKey: dealKeys.all,
        predicate: (q) => !["pipelines", "lost-reasons"].includes(String(q.queryKey[1])),
      });
      for (const id of ids) void qc.invalidateQueries({ queryKey: historyKeys.record("deals", id) });
    },
    [qc],
  );
}

/** After a change: refresh this tab and tell colleagues' boards (ids only; they refetch through RLS). */
export function useInvalidateDeal() {
  const refresh = useRefreshDeals();
  return useCallback(
    (id?: string, action: RecordUpdateAction = "updated") => {
      refresh(id ? [id] : []);
      if (id) publishDomainUpdate(DEALS_REALTIME, action, [id]);
    },
    [refresh],
  );
}

export function useMoveDeal() {
  const invalidate = useInvalidateDeal();
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({
      id,
      stageId,
      lost,
    }: {
      id: string;
      stageId: string;
      lost?: { reasonId: string; note: string | null };
    }) => moveDeal(id, stageId, lost),
    meta: { errorTitle: "The deal was not moved" },
    // The stored row at once: the page's next move is checked against it, not against the row
    // as it was before this move (the refetch below can lag on a slow connection).
    onSuccess: (row) => qc.setQueryData(dealKeys.detail(row.id), row),
    onSettled: (_row, _err, { id }) => invalidate(id, "moved"),
  });
}
