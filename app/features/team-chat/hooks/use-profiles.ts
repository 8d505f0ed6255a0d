/** Profiles of the people online (names and avatars), kept a few minutes. */
import { useQuery } from "@tanstack/react-query";
import { loadProfiles } from "../api/team-chat-api.ts";

export const profilesKey = (ids: readonly string[]) => ["team_chat_profiles", ids] as const;

export const useProfiles = (ids: string[]) =>
  useQuery({
    queryKey: profilesKey(ids),
    queryFn: () => loadProfiles(ids),
    enabled: ids.length > 0,
    staleTime: 5 * 60_000,
    placeholderData: (prev) => prev,
  });
