/**
 * module_access as the SPA reads and (admins) writes it: each module's record-level access mode
 * (RLS enforces it through private.access_scope; this only reads and sets the mode).
 */
import { z } from "zod";
import {
  MODULE_ACCESS_COLUMNS,
  moduleAccessRowSchema,
  type ModuleAccessRow,
} from "#core/schemas/module-access.ts";
import { supabase } from "./supabase.ts";

export async function loadModuleAccess(): Promise<ModuleAccessRow[]> {
  const { data, error } = await supabase.from("module_access").select(MODULE_ACCESS_COLUMNS).order("label");
  if (error) throw error;
  return z.array(moduleAccessRowSchema).parse(data);
}

/** Sets a module's mode; a row left unchanged (RLS: only admins update) is refused by name. */
export async function saveModuleAccessMode({
  module,
  mode,
}: Pick<ModuleAccessRow, "module" | "mode">): Promise<void> {
  const { data, error } = await supabase
    .from("module_access")
    .update({ mode })
    .eq("module", module)
    .select("module");
  if (error) throw error;
  if (!data?.length) throw new Error("Only admins may change access modes");
}
