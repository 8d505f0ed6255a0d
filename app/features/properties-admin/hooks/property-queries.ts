/**
 * Server state of the properties module (TanStack Query). `propertyKeys` is the module's query
 * key factory: every key starts with "properties", so one invalidation refreshes everything a
 * change may affect. Mutation errors are toasted once by the query client (app/lib/query-client.ts);
 * forms that show errors at their fields opt out there.
 */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import type { RecordUpdateAction } from "#core/schemas/hub.ts";
import type { PropertyStatus } from "#core/content-model.ts";
import type { PropertyListQuery } from "#core/properties/property-list.ts";
import { historyKeys } from "#app/components/records/record-history.tsx";
import { publishDomainUpdate } from "#app/lib/realtime/index.ts";
import {
  countByStatus,
  countViewings,
  getOwnerContact,
  getProperty,
  listProperties,
  setStatus,
} from "../api/properties-api.ts";
import { listDocuments } from "../api/documents-api.ts";
import { coverUrls, listPhotos } from "../api/photos-api.ts";

/** The module's name on the hub (core/schemas/hub.ts REALTIME_MODULES). */
export const LISTINGS_REALTIME = "listings";

export const propertyKeys = {
  all: ["properties"] as const,
  lists: () => [...propertyKeys.all, "list"] as const,
  list: (query: PropertyListQuery) => [...propertyKeys.lists(), query] as const,
  statusCounts: () => [...propertyKeys.all, "status-counts"] as const,
  details: () => [...propertyKeys.all, "detail"] as const,
  detail: (id: string) => [...propertyKeys.details(), id] as const,
  photos: (id: string) => [...propertyKeys.all, "photos", id] as const,
  covers: (ids: readonly string[]) => [...propertyKeys.all, "covers", ids] as const,
  documents: (id: string) => [...propertyKeys.all, "documents", id] as const,
  owner: (id: string) => [...propertyKeys.all, "owner", id] as const,
  viewings: (id: string) => [...propertyKeys.all, "viewings", id] as const,
};

export function useProperties(query: PropertyListQuery) {
  // The previous page stays on screen while the next loads (no flash of skeletons).
  return useQuery({
    queryKey: propertyKeys.list(query),
    queryFn: () => listProperties(query),
    placeholderData: keepPreviousData,
  });
}

export function useProperty(id: string | undefined) {
  return useQuery({
    queryKey: propertyKeys.detail(id ?? "new"),
    queryFn: () => getProperty(id!),
    enabled: !!id,
  });
}

/** How many viewings the listing has had and has coming (its page's summary). */
export function useViewingCount(id: string) {
  return useQuery({ queryKey: propertyKeys.viewings(id), queryFn: () => countViewings(id, new Date()) });
}

export function useStatusCounts() {
  return useQuery({ queryKey: propertyKeys.statusCounts(), queryFn: countByStatus });
}

export function usePhotos(id: string) {
  // Signed preview URLs last an hour: refetch well within it.
  return useQuery({
    queryKey: propertyKeys.photos(id),
    queryFn: () => listPhotos(id),
    staleTime: 20 * 60_000,
  });
}

export function useCovers(ids: readonly string[]) {
  return useQuery({
    queryKey: propertyKeys.covers(ids),
    queryFn: () => coverUrls(ids),
    staleTime: 20 * 60_000,
    enabled: ids.length > 0,
  });
}

export function useDocuments(id: string) {
  return useQuery({ queryKey: propertyKeys.documents(id), queryFn: () => listDocuments(id) });
}

export function useOwnerContact(id: string) {
  return useQuery({ queryKey: propertyKeys.owner(id), queryFn: () => getOwnerContact(id) });
}

/** Refreshes this tab's queries that show a listing (lists, counts, the record, its photos, its history). */
export function useRefreshListings() {
  const qc = useQueryClient();
  return useCallback(
    (ids: readonly string[] = []) => {
      void qc.invalidateQueries({ queryKey: propertyKeys.lists() });
      void qc.invalidateQueries({ queryKey: propertyKeys.statusCounts() });
      for (const id of ids) {
        void qc.invalidateQueries({ queryKey: propertyKeys.detail(id) });
        void qc.invalidateQueries({ queryKey: propertyKeys.photos(id) });
        void qc.invalidateQueries({ queryKey: propertyKeys.documents(id) });
        void qc.invalidateQueries({ queryKey: historyKeys.record("properties", id) });
      }
    },
    [qc],
  );
}

/**
 * After a change to listings: refresh this tab, and tell colleagues' tabs through the hub (ids
 * only; they refetch through RLS — realtime.ts).
 */
export function useInvalidateProperty() {
  const refresh = useRefreshListings();
  return useCallback(
    (id?: string, action: RecordUpdateAction = "updated") => {
      refresh(id ? [id] : []);
      if (id) publishDomainUpdate(LISTINGS_REALTIME, action, [id]);
    },
    [refresh],
  );
}

/** One status for several listings (bulk action): one statement, all or none. */
export function useSetStatus() {
  const refresh = useRefreshListings();
  return useMutation({
    mutationFn: ({ ids, status }: { ids: string[]; status: PropertyStatus }) => setStatus(ids, status),
    meta: { errorTitle: "Status not changed" },
    onSettled: (_rows, _err, { ids }) => {
      refresh(ids);
      publishDomainUpdate(LISTINGS_REALTIME, "moved", ids);
    },
  });
}
