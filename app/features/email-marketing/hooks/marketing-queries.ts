/**
 * Server state of the email marketing screen. `marketingKeys` has one root, so an action
 * refreshes every tab (`useRefreshMarketing`).
 */
import { useQuery, useQueryClient } from "@tanstack/react-query";
import {
  audienceCounts,
  campaignFigures,
  consentedContacts,
  listCampaigns,
  listLists,
  listMembers,
  listSuppressions,
  listTemplates,
  getCampaign,
} from "../api/email-marketing-api.ts";

export const marketingKeys = {
  all: ["email-marketing"] as const,
  lists: () => [...marketingKeys.all, "lists"] as const,
  counts: (id: string) => [...marketingKeys.all, "counts", id] as const,
  members: (id: string) => [...marketingKeys.all, "members", id] as const,
  templates: () => [...marketingKeys.all, "templates"] as const,
  campaigns: () => [...marketingKeys.all, "campaigns"] as const,
  campaign: (id: string) => [...marketingKeys.all, "campaign", id] as const,
  figures: (id: string) => [...marketingKeys.all, "figures", id] as const,
  suppressions: () => [...marketingKeys.all, "suppressions"] as const,
  contacts: (term: string) => [...marketingKeys.all, "contacts", term] as const,
};

/** One campaign (its page); while it is being queued, look again. */
export const useCampaign = (id: string) =>
  useQuery({
    queryKey: marketingKeys.campaign(id),
    queryFn: () => getCampaign(id),
    refetchInterval: (q) => (q.state.data?.status === "sending" ? 2000 : false),
  });

/** Refreshes every tab; resolves when the refetch is done. */
export function useRefreshMarketing() {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: marketingKeys.all });
}

/** The campaigns; while one is being queued (the edge's job adds recipients in chunks), look again. */
export const useCampaigns = () =>
  useQuery({
    queryKey: marketingKeys.campaigns(),
    queryFn: listCampaigns,
    refetchInterval: (q) => (q.state.data?.some((c) => c.status === "sending") ? 2000 : false),
  });

/** A campaign's figures, polled while it is being queued (`queueing`) or has mail pending. */
export const useCampaignFigures = (campaignId: string, queueing: boolean) =>
  useQuery({
    queryKey: marketingKeys.figures(campaignId),
    queryFn: () => campaignFigures(campaignId),
    refetchInterval: (q) => (queueing || (q.state.data?.pending ?? 0) > 0 ? 2000 : false),
  });

export const useLists = () => useQuery({ queryKey: marketingKeys.lists(), queryFn: listLists });
export const useTemplates = () => useQuery({ queryKey: marketingKeys.templates(), queryFn: listTemplates });
export const useSuppressions = () =>
  useQuery({ queryKey: marketingKeys.suppressions(), queryFn: listSuppressions });
export const useListMembers = (listId: string) =>
  useQuery({ queryKey: marketingKeys.members(listId), queryFn: () => listMembers(listId) });
export const useConsentedContacts = (term: string) =>
  useQuery({ queryKey: marketingKeys.contacts(term), queryFn: () => consentedContacts(term) });

/** How many a list reaches (nothing is asked without a list). */
export const useAudienceCounts = (listId: string | null) =>
  useQuery({
    queryKey: marketingKeys.counts(listId ?? ""),
    queryFn: () => audienceCounts(listId!),
    enabled: !!listId,
  });
