/** The signed-in user's TOTP factors (TanStack Query), re-read with the session after a change. */
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useSession } from "#app/lib/session.tsx";
import { listTotpFactors } from "../api/two-factor-api.ts";

export const twoFactorKeys = {
  factors: (userId: string | undefined) => ["mfa_factors", userId] as const,
};

export function useTotpFactors() {
  const { user } = useSession();
  return useQuery({ queryKey: twoFactorKeys.factors(user?.id), enabled: !!user, queryFn: listTotpFactors });
}

/** Re-reads the factors and the session (its assurance level follows the factors). */
export function useReloadFactors() {
  const { user, refresh } = useSession();
  const queryClient = useQueryClient();
  return async () => {
    await queryClient.invalidateQueries({ queryKey: twoFactorKeys.factors(user?.id) });
    await refresh();
  };
}
