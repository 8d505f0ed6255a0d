/** module_access rows: per module, whether staff see their own and assigned records, their branch's, or all. */
import { z } from "zod";

export const ACCESS_MODES = ["own", "branch", "all"] as const;
export type AccessMode = (typeof ACCESS_MODES)[number];
export const ACCESS_MODE_LABELS: Record<AccessMode, string> = {
  own: "Their own and assigned records",
  branch: "Records of everyone in their branch",
  all: "Every record",
};
export const moduleAccessRowSchema = z.object({
  module: z.string(),
  label: z.string(),
  mode: z.enum(ACCESS_MODES),
  updated_at: z.string(),
});
export type ModuleAccessRow = z.infer<typeof moduleAccessRowSchema>;
export const MODULE_ACCESS_COLUMNS = "module, label, mode, updated_at";
