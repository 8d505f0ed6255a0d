/**
 * Server state of collaboration management. `partnerKeys` is the module's key factory: every key
 * starts with "collaboration", so a partner's save refreshes the list, the partner and its tabs.
 */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { agreementPdfFileName, agreementPdfPath } from "#core/collaboration-management/agreement-document.ts";
import { downloadText } from "#app/lib/download.ts";
import { edgeFile } from "#app/lib/edge-api.ts";
import type { AgreementRow, RegistrationDecision } from "#core/collaboration-management/partner-schema.ts";
import { toast } from "#app/lib/toast.ts";
import {
  agreementDocumentUrl,
  attachAgreementDocument,
  decideRegistration,
  getPartner,
  inviteMember,
  listAgreements,
  listDeals,
  listListingOptions,
  listMembers,
  listMessages,
  listPartners,
  listRegistrations,
  listShares,
  stopSharing,
} from "../api/partners-api.ts";

export const partnerKeys = {
  all: ["collaboration"] as const,
  partners: () => [...partnerKeys.all, "partners"] as const,
  partner: (id: string) => [...partnerKeys.all, "partner", id] as const,
  members: (id: string) => [...partnerKeys.all, "members", id] as const,
  shares: (id: string) => [...partnerKeys.all, "shares", id] as const,
  listingOptions: () => [...partnerKeys.all, "listing-options"] as const,
  buyers: (id: string) => [...partnerKeys.all, "buyers", id] as const,
  deals: (id: string) => [...partnerKeys.all, "deals", id] as const,
  agreements: (id: string) => [...partnerKeys.all, "agreements", id] as const,
  messages: (id: string) => [...partnerKeys.all, "messages", id] as const,
};

/** Refetches what a key covers (a partner's tab, or `partnerKeys.all` for everything). */
export function useRefreshPartners() {
  const qc = useQueryClient();
  return (queryKey: readonly unknown[] = partnerKeys.all) => qc.invalidateQueries({ queryKey });
}

export const usePartners = () => useQuery({ queryKey: partnerKeys.partners(), queryFn: listPartners });
export const usePartner = (id: string) =>
  useQuery({ queryKey: partnerKeys.partner(id), queryFn: () => getPartner(id) });
export const useMembers = (partnerId: string) =>
  useQuery({ queryKey: partnerKeys.members(partnerId), queryFn: () => listMembers(partnerId) });
export const useShares = (partnerId: string) =>
  useQuery({ queryKey: partnerKeys.shares(partnerId), queryFn: () => listShares(partnerId) });
export const useListingOptions = () =>
  useQuery({ queryKey: partnerKeys.listingOptions(), queryFn: listListingOptions, staleTime: 60_000 });
export const useRegistrations = (partnerId: string) =>
  useQuery({ queryKey: partnerKeys.buyers(partnerId), queryFn: () => listRegistrations(partnerId) });
export const usePartnerDeals = (partnerId: string) =>
  useQuery({ queryKey: partnerKeys.deals(partnerId), queryFn: () => listDeals(partnerId) });
export const useAgreements = (partnerId: string) =>
  useQuery({ queryKey: partnerKeys.agreements(partnerId), queryFn: () => listAgreements(partnerId) });
export const usePartnerMessages = (partnerId: string) =>
  useQuery({ queryKey: partnerKeys.messages(partnerId), queryFn: () => listMessages(partnerId) });

export function useInviteMember(partnerId: string) {
  const refresh = useRefreshPartners();
  return useMutation({
    mutationFn: (memberId: string) => inviteMember(memberId),
    meta: { errorTitle: "Invitation not sent" },
    onSuccess: (a) =>
      toast.success(a.resent ? `Invitation sent again to ${a.email}` : `Invitation sent to ${a.email}`),
    onSettled: () => void refresh(partnerKeys.members(partnerId)),
  });
}

export function useStopSharing(partnerId: string) {
  const refresh = useRefreshPartners();
  return useMutation({
    mutationFn: (shareId: string) => stopSharing(shareId),
    meta: { errorTitle: "Still shared" },
    onSuccess: () => toast.success("No longer shared"),
    onSettled: () => void refresh(partnerKeys.shares(partnerId)),
  });
}

export function useDecideRegistration(
  row: { id: string; buyer_name: string },
  partnerId: string,
  onDecided: () => void,
) {
  const refresh = useRefreshPartners();
  return useMutation({
    mutationFn: (d: RegistrationDecision) => decideRegistration(row.id, d),
    meta: { errorTitle: "Answer not saved" },
    onSuccess: (_, d) => {
      toast.success(d.status === "accepted" ? `${row.buyer_name} accepted` : `${row.buyer_name} declined`);
      onDecided();
    },
    onSettled: () => void refresh(partnerKeys.buyers(partnerId)),
  });
}

export function useAttachAgreementDocument(
  agreement: Parameters<typeof attachAgreementDocument>[0],
  onChanged: () => unknown,
) {
  return useMutation({
    mutationFn: (file: File) => attachAgreementDocument(agreement, file),
    meta: { errorTitle: "Document not attached" },
    onSuccess: () => toast.success("Signed document attached"),
    onSettled: () => void onChanged(),
  });
}

export function useOpenAgreementDocument() {
  return useMutation({
    mutationFn: (path: string) => agreementDocumentUrl(path),
    meta: { errorTitle: "The document cannot be opened" },
    onSuccess: (url) => window.open(url, "_blank", "noopener"),
  });
}

/** The agreement as the edge's PDF (the same document the partner downloads in the portal). */
export function useDownloadAgreementPdf() {
  return useMutation({
    mutationFn: async (a: AgreementRow) => {
      downloadText(
        await edgeFile(agreementPdfPath(a.id)),
        agreementPdfFileName(a.title, a.starts_on),
        "application/pdf",
      );
    },
    meta: { errorTitle: "The agreement's PDF could not be made" },
  });
}
