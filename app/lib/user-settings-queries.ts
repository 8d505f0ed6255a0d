/**
 * The signed-in user's settings, shared through TanStack Query so the settings page and every
 * formatter see the same values (a missing row is created with the defaults on first read).
 */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { TEXT } from "#core/constants.ts";
import type { SettingsForm } from "#core/schemas/settings.ts";
import { useSession } from "./session.tsx";
import { loadOrCreateSettings, saveUserSettings } from "./user-settings-api.ts";

export const userSettingsKeys = {
  mine: (userId: string | undefined) => ["user_settings", userId ?? "anonymous"] as const,
};

export function useUserSettings() {
  const { user } = useSession();
  return useQuery({
    queryKey: userSettingsKeys.mine(user?.id),
    queryFn: () => loadOrCreateSettings(user!.id),
    enabled: !!user,
    staleTime: 5 * 60_000,
  });
}

export function useUpdateUserSettings() {
  const { user } = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    // A failure is toasted once by the query client, under the product's title (docs/product.md#user-settings).
    meta: { errorTitle: TEXT.failedUpdateSettings },
    mutationFn: async (values: SettingsForm) => {
      if (!user) throw new Error("Not signed in");
      return saveUserSettings(user.id, values);
    },
    onSuccess: (row) => queryClient.setQueryData(userSettingsKeys.mine(user?.id), row),
  });
}
