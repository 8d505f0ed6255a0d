/** module_access rows: per module, whether staff see only their own and assigned records or all. */
import { z } from "zod";

export const ACCESS_MODES = ["own", "all"] as const;
export const moduleAccessRowSchema = z.object({
  module: z.string(),
  label: z.string(),
  mode: z.enum(ACCESS_MODES),
  updated_at: z.string(),
});
export type ModuleAccessRow = z.infer<typeof moduleAccessRowSchema>;
export const MODULE_ACCESS_COLUMNS = "module, label, mode, updated_at";
