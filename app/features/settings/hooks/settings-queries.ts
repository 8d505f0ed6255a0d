/** Server state of the settings screen's own sections (the user's settings row is app/lib's). */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { ModuleAccessRow } from "#core/schemas/module-access.ts";
import { saveModuleAccessMode } from "#app/lib/module-access-api.ts";
import { moduleAccessKeys } from "#app/lib/module-access-queries.ts";
import { toast } from "#app/lib/toast.ts";
import { listMySessions, signOutOtherDevices } from "../api/settings-api.ts";

export const settingsKeys = { sessions: ["my-sessions"] as const };

export const useMySessions = () => useQuery({ queryKey: settingsKeys.sessions, queryFn: listMySessions });

export function useSignOutOtherDevices() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signOutOtherDevices,
    meta: { errorTitle: "Could not sign out the other devices" },
    onSuccess: () => toast.success("Your other devices are signed out"),
    onSettled: () => queryClient.invalidateQueries({ queryKey: settingsKeys.sessions }),
  });
}

/** Sets a module's access mode (admins); the modes are re-read whether it worked or not. */
export function useSaveModuleAccess() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: Pick<ModuleAccessRow, "module" | "mode">) => saveModuleAccessMode(change),
    onSettled: () => queryClient.invalidateQueries({ queryKey: moduleAccessKeys.all }),
  });
}
