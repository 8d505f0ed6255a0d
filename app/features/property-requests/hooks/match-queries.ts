/**
 * Listing matches of property requests, under the inbox's `matching` keys (one invalidation
 * refreshes every matches panel, on a request or on a listing).
 */
import { useMutation, useQuery } from "@tanstack/react-query";
import type { MutationCallbacks as After } from "#app/lib/query-client.ts";
import { inboxKeys } from "#app/domains/inbox/hooks/inbox-queries.ts";
import {
  emailedMatches,
  matchesForProperty,
  matchesForRequest,
  sendMatches,
} from "#app/domains/inbox/api/matching-api.ts";

export const useRequestMatches = (requestId: string) =>
  useQuery({
    queryKey: inboxKeys.matches("request", requestId),
    queryFn: () => matchesForRequest(requestId),
  });

export const useEmailedMatches = (requestId: string) =>
  useQuery({
    queryKey: inboxKeys.matches("emailed", requestId),
    queryFn: () => emailedMatches(requestId),
  });

export const usePropertyMatches = (propertyId: string) =>
  useQuery({
    queryKey: inboxKeys.matches("property", propertyId),
    queryFn: () => matchesForProperty(propertyId),
  });

/** E-mails the chosen listings to the requester (with an optional note). */
export const useSendMatches = (
  requestId: string,
  after: After<Awaited<ReturnType<typeof sendMatches>>, { ids: string[]; site: string; note: string | null }>,
) =>
  useMutation({
    mutationFn: (v: { ids: string[]; site: string; note: string | null }) =>
      sendMatches(requestId, v.ids, v.site, v.note),
    meta: { errorTitle: "Matches not sent" },
    ...after,
  });
