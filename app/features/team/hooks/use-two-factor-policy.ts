/** The organisation's two-factor policy: read (RLS) and changed through the edge's team API. */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { toast } from "#app/lib/toast.ts";
import type { TwoFactorPolicy } from "#core/team/team-schema.ts";
import { getTwoFactorPolicy, saveTwoFactorPolicy, teamKeys } from "../api/team-api.ts";

export function useTwoFactorPolicy() {
  return useQuery({ queryKey: teamKeys.twoFactorPolicy, queryFn: getTwoFactorPolicy });
}

export function useSaveTwoFactorPolicy() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (policy: TwoFactorPolicy) => saveTwoFactorPolicy(policy),
    onSuccess: () => {
      toast.success("Two-factor policy saved");
      // Who is compliant depends on the policy: the member list is re-read with it.
      void queryClient.invalidateQueries({ queryKey: ["team"] });
    },
  });
}
