/**
 * module_access as the SPA reads it: the Organisation settings switch it, and every list of
 * owned records asks it whose records to fetch (core/records/own-records.ts says why).
 */
import { useQuery } from "@tanstack/react-query";
import { z } from "zod";
import { ownScope, type OwnScope } from "#core/records/own-records.ts";
import {
  MODULE_ACCESS_COLUMNS,
  moduleAccessRowSchema,
  type ModuleAccessRow,
} from "#core/schemas/module-access.ts";
import { useSession } from "./session.tsx";
import { supabase } from "./supabase.ts";

export const moduleAccessKey = ["module_access"] as const;

export async function loadModuleAccess(): Promise<ModuleAccessRow[]> {
  const { data, error } = await supabase.from("module_access").select(MODULE_ACCESS_COLUMNS).order("label");
  if (error) throw error;
  return z.array(moduleAccessRowSchema).parse(data);
}

const moduleAccessQuery = { queryKey: moduleAccessKey, queryFn: loadModuleAccess, staleTime: 60_000 };

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
