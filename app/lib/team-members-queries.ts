/**
 * The back-office team (staff and admins) for owner/assignee pickers, names on records and
 * presence: one cached query of profiles with a back-office role (staff may read all profiles).
 */
import { useQuery } from "@tanstack/react-query";
import { displayName } from "#core/schemas/profile.ts";
import { useSession } from "./session.tsx";
import { loadTeamMembers } from "./team-members-api.ts";

export const teamMemberKeys = { all: ["team-members"] as const };

export function useTeamMembers() {
  const { role } = useSession();
  return useQuery({
    queryKey: teamMemberKeys.all,
    queryFn: loadTeamMembers,
    enabled: role === "admin" || role === "staff",
    staleTime: 5 * 60_000,
  });
}

/** The display name of a team member by id ("Former colleague" once they have left). */
export function useMemberName(): (userId: string | null | undefined) => string {
  const team = useTeamMembers();
  return (userId) => {
    if (!userId) return "—";
    const p = team.data?.find((m) => m.user_id === userId);
    return p ? displayName(p, p.email) : "Former colleague";
  };
}
