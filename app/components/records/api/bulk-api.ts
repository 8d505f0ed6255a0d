/**
 * Bulk actions on the server, in one call each (bulk_change_contacts / _tasks): on the selected
 * rows, or on every row matching the list's filter; and the undo that puts the previous values
 * back on every row nobody has edited since (bulk_undo).
 */
import {
  bulkResultSchema,
  bulkUndoResultSchema,
  type BulkPrevious,
  type BulkResult,
} from "#core/records/bulk-action.ts";
import type { Json } from "#core/database.types.ts";
import { supabase } from "#app/lib/supabase.ts";

export type BulkTarget = "contacts" | "tasks";
/** The rows an action names: by id, or by the list's filter (its URL keys, `q` for the search). */
export type BulkSelection = { ids: string[] } | { filter: Record<string, unknown> };
export interface BulkChange {
  action: string;
  [value: string]: unknown;
}

export async function bulkChange(
  target: BulkTarget,
  change: BulkChange,
  selection: BulkSelection,
): Promise<BulkResult> {
  const { data, error } = await supabase.rpc(`bulk_change_${target}`, {
    change: change as Json,
    ...("ids" in selection ? { ids: selection.ids } : { filter: selection.filter as Json }),
  });
  if (error) throw error;
  return bulkResultSchema.parse(data);
}

export async function bulkUndo(target: BulkTarget, previous: BulkPrevious) {
  const { data, error } = await supabase.rpc("bulk_undo", { target, previous: previous as Json });
  if (error) throw error;
  return bulkUndoResultSchema.parse(data);
}
