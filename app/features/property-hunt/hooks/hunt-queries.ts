/**
 * Server state of the property hunt (TanStack Query): `huntKeys` is the module's key factory —
 * every key starts with "property-hunt", so one invalidation refreshes all a change may touch.
 * After a change this tab refreshes and tells the other admins' tabs through the hub (ids only;
 * they refetch through RLS: realtime.ts). Mutation errors are toasted once by the query client.
 */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import type { HuntListQuery } from "#core/property-hunt/hunt-schema.ts";
import type { HuntStage, RejectionReason } from "#core/property-hunt/hunt-workflow.ts";
import type { RecordUpdateAction } from "#core/schemas/hub.ts";
import { historyKeys } from "#app/components/records/record-history.tsx";
import { publishDomainUpdate } from "#app/lib/realtime/index.ts";
import { titleKeys } from "#app/domains/title-checks/hooks/title-keys.ts";
import { listHuntPhotos } from "../api/hunt-photos-api.ts";
import {
  getHunt,
  listHunts,
  listInspections,
  listOpenRequests,
  moveHunt,
  stageCounts,
} from "../api/hunts-api.ts";

/** The module's name on the hub (core/schemas/hub.ts REALTIME_MODULES: admins only). */
export const HUNT_REALTIME = "property_hunt";

export const huntKeys = {
  all: ["property-hunt"] as const,
  lists: () => [...huntKeys.all, "list"] as const,
  list: (query: HuntListQuery) => [...huntKeys.lists(), query] as const,
  counts: () => [...huntKeys.all, "counts"] as const,
  detail: (id: string) => [...huntKeys.all, "detail", id] as const,
  inspections: (id: string) => [...huntKeys.all, "inspections", id] as const,
  photos: (id: string) => [...huntKeys.all, "photos", id] as const,
  requests: () => [...huntKeys.all, "requests"] as const,
  openRequests: (includeId: string | null) => [...huntKeys.requests(), includeId] as const,
};

export function useHunts(query: HuntListQuery) {
  return useQuery({
    queryKey: huntKeys.list(query),
    queryFn: () => listHunts(query),
    placeholderData: keepPreviousData,
  });
}

export function useHunt(id: string | undefined) {
  return useQuery({ queryKey: huntKeys.detail(id ?? "new"), queryFn: () => getHunt(id!), enabled: !!id });
}

export function useStageCounts() {
  return useQuery({ queryKey: huntKeys.counts(), queryFn: stageCounts });
}

export function useInspections(id: string) {
  return useQuery({ queryKey: huntKeys.inspections(id), queryFn: () => listInspections(id) });
}

export function useHuntPhotos(id: string) {
  return useQuery({
    queryKey: huntKeys.photos(id),
    queryFn: () => listHuntPhotos(id),
    staleTime: 20 * 60_000,
  });
}

export function useOpenRequests(includeId: string | null) {
  return useQuery({
    queryKey: huntKeys.openRequests(includeId),
    queryFn: () => listOpenRequests(includeId),
    staleTime: 60_000,
  });
}

/** Refreshes what shows these hunts in this tab (lists, counts, the records, their parts, history, due diligence). */
export function useRefreshHunts() {
  const qc = useQueryClient();
  return useCallback(
    (ids: readonly string[] = []) => {
      void qc.invalidateQueries({ queryKey: huntKeys.lists() });
      void qc.invalidateQueries({ queryKey: huntKeys.counts() });
      for (const id of ids) {
        void qc.invalidateQueries({ queryKey: huntKeys.detail(id) });
        void qc.invalidateQueries({ queryKey: huntKeys.inspections(id) });
        void qc.invalidateQueries({ queryKey: huntKeys.photos(id) });
        void qc.invalidateQueries({ queryKey: historyKeys.record("property_hunts", id) });
        void qc.invalidateQueries({ queryKey: titleKeys.file({ huntId: id }) });
      }
      if (ids.length) void qc.invalidateQueries({ queryKey: titleKeys.all });
    },
    [qc],
  );
}

/** After a change: this tab refreshes, the other admins' tabs hear of it (ids only). */
export function useHuntChanged() {
  const refresh = useRefreshHunts();
  return useCallback(
    (id: string, action: RecordUpdateAction = "updated") => {
      refresh([id]);
      publishDomainUpdate(HUNT_REALTIME, action, [id]);
    },
    [refresh],
  );
}

export function useMoveHunt() {
  const changed = useHuntChanged();
  return useMutation({
    mutationFn: ({
      id,
      stage,
      extra,
    }: {
      id: string;
      stage: HuntStage;
      extra?: { offer_amount?: number; rejection_reason?: RejectionReason; rejection_note?: string | null };
    }) => moveHunt(id, stage, extra),
    meta: { errorTitle: "Hunt not moved" },
    onSettled: (_d, _e, { id }) => changed(id, "moved"),
  });
}
