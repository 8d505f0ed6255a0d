/**
 * Bulk actions of a list, done on the server in one call (bulk_change_contacts / _tasks): on the
 * selected rows, or on every row matching the list's filter. The summary toast names what changed
 * and, grouped by reason, what was refused; where the change is reversible it offers "Undo",
 * which puts the previous values back on every row nobody has edited since (bulk_undo).
 */
import { useMutation } from "@tanstack/react-query";
import {
  bulkResultSchema,
  bulkSummary,
  bulkUndoResultSchema,
  describeRefusals,
  type BulkPrevious,
  type BulkResult,
} from "#core/records/bulk-action.ts";
import type { Json } from "#core/database.types.ts";
import { supabase } from "#app/lib/supabase.ts";
import { toastError } from "#app/lib/query-client.ts";
import { toast } from "#app/lib/toast.ts";

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

/** The list's filter for an "all matching" action: its filters and search, in the URL's keys. */
export function listFilter(
  query: { search: string; filters: object },
  search = query.search.trim(),
): Record<string, unknown> {
  return { ...query.filters, ...(search ? { q: search } : {}) };
}

const VERBS: Record<string, string> = { delete: "deleted" };

export function useBulkAction(
  target: BulkTarget,
  noun: { one: string; many: string },
  onChanged: () => void,
) {
  return useMutation({
    mutationFn: ({
      change,
      selection,
    }: {
      change: BulkChange;
      selection: BulkSelection;
      onDone?: () => void;
    }) => bulkChange(target, change, selection),
    meta: { errorTitle: `Could not change the ${noun.many}` },
    onSuccess: (result, { change, onDone }) => {
      onChanged();
      onDone?.();
      const verb = VERBS[change.action] ?? "changed";
      const refused = describeRefusals(result.refused, verb);
      const undoable = change.action !== "delete" && result.previous.length > 0;
      (result.refused.length ? toast.warning : toast.success)(bulkSummary(result, noun, verb), {
        description: refused || undefined,
        duration: undoable ? 15_000 : undefined,
        action: undoable
          ? {
              label: "Undo",
              onClick: () =>
                void bulkUndo(target, result.previous).then((undo) => {
                  onChanged();
                  const left = describeRefusals(undo.refused, "restored");
                  (undo.refused.length ? toast.warning : toast.success)(
                    `${undo.restored} ${undo.restored === 1 ? noun.one : noun.many} restored`,
                    { description: left || undefined },
                  );
                }, toastError),
            }
          : undefined,
      });
    },
  });
}
