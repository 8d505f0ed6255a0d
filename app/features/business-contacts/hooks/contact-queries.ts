/**
 * Server state of the business contacts module (TanStack Query). `contactKeys` is the module's
 * key factory: every key starts with "contacts", so one invalidation refreshes everything a
 * change may affect. Mutation errors are toasted once by the query client; the forms that show
 * errors at their fields opt out there.
 */
import {
  keepPreviousData,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from "@tanstack/react-query";
import { useCallback } from "react";
import type { ContactListQuery } from "#core/business-contacts/contact-list.ts";
import type { QuickLogOutput } from "#core/business-contacts/activity-schema.ts";
import { historyKeys } from "#app/components/records/record-history.tsx";
import { useOwnScope } from "#app/lib/module-access-queries.ts";
import { useSession } from "#app/lib/session.tsx";
import {
  deleteActivity,
  getContact,
  getLinkedRecords,
  getTimeline,
  listContacts,
  logActivity,
  mergeContacts,
  myLeads,
  TIMELINE_PAGE,
} from "../api/contacts-api.ts";

export const contactKeys = {
  all: ["contacts"] as const,
  lists: () => [...contactKeys.all, "list"] as const,
  list: (query: ContactListQuery, userId: string | null, own: string | null) =>
    [...contactKeys.lists(), query, userId, own] as const,
  detail: (id: string) => [...contactKeys.all, "detail", id] as const,
  timeline: (id: string) => [...contactKeys.all, "timeline", id] as const,
  linked: (id: string) => [...contactKeys.all, "linked", id] as const,
  allMyLeads: () => [...contactKeys.all, "my-leads"] as const,
  myLeads: (userId: string) => [...contactKeys.allMyLeads(), userId] as const,
  whatsapp: (id: string) => [...contactKeys.detail(id), "whatsapp"] as const,
};

export function useContacts(query: ContactListQuery) {
  const { user } = useSession();
  const userId = user?.id ?? null;
  const own = useOwnScope("contacts");
  return useQuery({
    queryKey: contactKeys.list(query, userId, own ?? null),
    queryFn: () => listContacts(query, userId, own ?? null),
    enabled: own !== undefined,
    placeholderData: keepPreviousData,
  });
}

export function useContact(id: string | undefined) {
  return useQuery({
    queryKey: contactKeys.detail(id ?? "new"),
    queryFn: () => getContact(id!),
    enabled: !!id,
  });
}

export function useTimeline(contactId: string) {
  return useInfiniteQuery({
    queryKey: contactKeys.timeline(contactId),
    queryFn: ({ pageParam }) => getTimeline(contactId, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => (last.length < TIMELINE_PAGE ? undefined : last.at(-1)!.occurred_at),
  });
}

export function useLinkedRecords(contactId: string) {
  return useQuery({ queryKey: contactKeys.linked(contactId), queryFn: () => getLinkedRecords(contactId) });
}

export function useMyLeads() {
  const { user } = useSession();
  return useQuery({
    queryKey: contactKeys.myLeads(user?.id ?? ""),
    queryFn: () => myLeads(user!.id),
    enabled: !!user,
  });
}

/** Refreshes everything that may show these contacts (lists, records, timelines, history). */
export function useRefreshContacts() {
  const qc = useQueryClient();
  return useCallback(
    (ids: readonly string[] = []) => {
      void qc.invalidateQueries({ queryKey: contactKeys.lists() });
      void qc.invalidateQueries({ queryKey: contactKeys.allMyLeads() });
      for (const id of ids) {
        void qc.invalidateQueries({ queryKey: contactKeys.detail(id) });
        void qc.invalidateQueries({ queryKey: contactKeys.timeline(id) });
        void qc.invalidateQueries({ queryKey: contactKeys.linked(id) });
        void qc.invalidateQueries({ queryKey: historyKeys.record("contacts", id) });
      }
    },
    [qc],
  );
}

export function useLogActivity(contactId: string) {
  const refresh = useRefreshContacts();
  const { user } = useSession();
  return useMutation({
    mutationFn: (values: QuickLogOutput) => logActivity(contactId, user!.id, values),
    meta: { errorTitle: "Not logged" },
    onSuccess: () => refresh([contactId]),
  });
}

export function useDeleteActivity(contactId: string) {
  const refresh = useRefreshContacts();
  return useMutation({
    mutationFn: deleteActivity,
    meta: { errorTitle: "Not deleted" },
    onSuccess: () => refresh([contactId]),
  });
}

export function useMergeContacts() {
  const refresh = useRefreshContacts();
  return useMutation({
    mutationFn: ({ keepId, mergeId }: { keepId: string; mergeId: string }) => mergeContacts(keepId, mergeId),
    // The merge dialog shows a refusal (with its reason) itself.
    meta: { toast: false },
    onSuccess: (_row, { keepId, mergeId }) => refresh([keepId, mergeId]),
  });
}
