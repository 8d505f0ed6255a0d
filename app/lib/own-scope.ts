/**
 * The signed-in user's id when a module shows them only their own records (staff, module in
 * "own" mode: module_access), else null; undefined while that is not known yet. Lists repeat the
 * policy's owner/assignee test as an explicit filter with this id as a literal: the database's
 * RLS still decides, but a literal filter can use the owner/assignee indexes where the policy's
 * `scope = 'all' OR owner_id = auth.uid()` cannot (the figures: scripts/bench/backoffice).
 */
import { useQuery } from "@tanstack/react-query";
import { z } from "zod";
import { ACCESS_MODES } from "#core/schemas/module-access.ts";
import { useSession } from "./session.tsx";
import { supabase } from "./supabase.ts";

async function accessMode(module: string): Promise<(typeof ACCESS_MODES)[number]> {
  const { data, error } = await supabase.from("module_access").select("mode").eq("module", module).maybeSingle();
  if (error) throw error;
  // No row: private.access_scope's default for staff.
  return data ? z.enum(ACCESS_MODES).parse(data.mode) : "own";
}

export function useOwnScope(module: string): string | null | undefined {
  const { user, role } = useSession();
  const staff = role === "staff";
  const mode = useQuery({ queryKey: ["module_access", "mode", module], queryFn: () => accessMode(module), enabled: staff, staleTime: 5 * 60_000 });
  if (!user || !role) return undefined;
  if (!staff) return null;
  if (mode.isError) return null; // RLS decides anyway; only the index hint is lost
  if (!mode.data) return undefined;
  return mode.data === "own" ? user.id : null;
}
