/**
 * module_access as the SPA reads it: the Organisation settings switch it, and every list of
 * owned records asks it whose records to fetch (core/records/own-records.ts says why).
 */
import { useQuery } from "@tanstack/react-query";
import { ownScope, type OwnScope } from "#core/records/own-records.ts";
import { loadModuleAccess } from "./module-access-api.ts";
import { useSession } from "./session.tsx";

export const moduleAccessKeys = { all: ["module_access"] as const };

const moduleAccessQuery = { queryKey: moduleAccessKeys.all, queryFn: loadModuleAccess, staleTime: 60_000 };

export function useModuleAccess() {
  return useQuery(moduleAccessQuery);
}

/**
 * Whose records the signed-in user's lists of `module` ask for (core's OwnScope: their id, null
 * for every record RLS shows, undefined until the role and the module's mode are known).
 */
export function useOwnScope(module: string): OwnScope {
  const { user, role } = useSession();
  const staff = role === "staff";
  const modes = useQuery({ ...moduleAccessQuery, enabled: staff });
  // If the modes cannot be read, RLS alone decides (correct, only slower).
  if (staff && modes.isError) return null;
  return ownScope(role, user?.id ?? null, modes.data, module);
}
