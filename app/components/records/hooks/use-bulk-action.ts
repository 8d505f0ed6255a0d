/**
 * A list's bulk action as a mutation (the call itself: ../api/bulk-api.ts). The summary toast names what changed
 * and, grouped by reason, what was refused; where the change is reversible it offers "Undo",
 * which puts the previous values back on every row nobody has edited since (bulk_undo).
 */
import { useMutation } from "@tanstack/react-query";
import { bulkSummary, describeRefusals } from "#core/records/bulk-action.ts";
import {
  type BulkChange,
  type BulkSelection,
  type BulkTarget,
  bulkChange,
  bulkUndo,
} from "../api/bulk-api.ts";
import { toastError } from "#app/lib/query-client.ts";
import { toast } from "#app/lib/toast.ts";

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

export type { BulkChange, BulkSelection, BulkTarget };
