/**
 * Server state of the team screen (TanStack Query). Every key starts with "team": a change to a
 * member, a branch or an invitation re-reads all of it (roles, branches and the two-factor policy
 * all bear on who is listed as compliant). Changes whose refusal the dialogs show next to a field
 * pass `meta: { toast: false }`; the dialogs handle their own success and error.
 */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { toast } from "#app/lib/toast.ts";
import type {
  DeactivateRequest,
  InviteRequest,
  MemberUpdate,
  TwoFactorPolicy,
} from "#core/team/team-schema.ts";
import {
  deactivateMember,
  getTwoFactorPolicy,
  inviteMember,
  listBranches,
  listMembers,
  listPendingInvitations,
  openRecordCounts,
  reactivateMember,
  removeBranch,
  resendInvitation,
  revokeInvitation,
  saveBranch,
  saveTwoFactorPolicy,
  signOutMember,
  updateMember,
} from "../api/team-api.ts";

export const teamKeys = {
  all: ["team"] as const,
  members: ["team", "members"] as const,
  branches: ["team", "branches"] as const,
  invitations: ["team", "invitations"] as const,
  openRecords: (id: string) => ["team", "open-records", id] as const,
  twoFactorPolicy: ["team", "two-factor-policy"] as const,
};

export const useMembers = () => useQuery({ queryKey: teamKeys.members, queryFn: listMembers });
export const useBranches = () => useQuery({ queryKey: teamKeys.branches, queryFn: listBranches });
export const useInvitations = () =>
  useQuery({ queryKey: teamKeys.invitations, queryFn: listPendingInvitations });
/** A member's open records per module, as a deactivation would hand them over. */
export const useOpenRecordCounts = (userId: string) =>
  useQuery({ queryKey: teamKeys.openRecords(userId), queryFn: () => openRecordCounts(userId) });

function useRefreshTeam() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: teamKeys.all });
}

export type MemberAction = "reactivate" | "sign-out" | "resend" | "revoke";

/** The one-click actions of the members and invitations tables, each confirmed by a toast. */
export function useMemberAction() {
  const refresh = useRefreshTeam();
  return useMutation({
    mutationFn: async ({ kind, id }: { kind: MemberAction; id: string }) => {
      if (kind === "reactivate") await reactivateMember(id);
      else if (kind === "sign-out") return `${(await signOutMember(id)).sessionsEnded} sessions ended`;
      else if (kind === "resend") await resendInvitation(id);
      else await revokeInvitation(id);
      return { reactivate: "Access restored", resend: "Invitation sent again", revoke: "Invitation revoked" }[
        kind
      ];
    },
    onSuccess: (message) => {
      toast.success(message);
      void refresh();
    },
  });
}

/** A change whose refusal the dialog shows next to its field; on success the team is re-read. */
function useTeamChange<V, R>(mutationFn: (vars: V) => Promise<R>) {
  const refresh = useRefreshTeam();
  return useMutation({ mutationFn, meta: { toast: false }, onSuccess: () => void refresh() });
}

export const useSaveBranch = () => useTeamChange(saveBranch);
export const useInviteMember = () => useTeamChange((body: InviteRequest) => inviteMember(body));
/** A member's role and branch (also: an existing account given back-office access). */
export const useUpdateMember = () =>
  useTeamChange(({ userId, update }: { userId: string; update: MemberUpdate }) =>
    updateMember(userId, update),
  );
export const useDeactivateMember = () =>
  useTeamChange(({ userId, request }: { userId: string; request: DeactivateRequest }) =>
    deactivateMember(userId, request),
  );

export function useRemoveBranch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeBranch,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: teamKeys.branches }),
  });
}

/** The organisation's two-factor policy: read (RLS) and changed through the edge's team API. */
export function useTwoFactorPolicy() {
  return useQuery({ queryKey: teamKeys.twoFactorPolicy, queryFn: getTwoFactorPolicy });
}

export function useSaveTwoFactorPolicy() {
  const refresh = useRefreshTeam();
  return useMutation({
    mutationFn: (policy: TwoFactorPolicy) => saveTwoFactorPolicy(policy),
    onSuccess: () => {
      toast.success("Two-factor policy saved");
      // Who is compliant depends on the policy: the member list is re-read with it.
      void refresh();
    },
  });
}
