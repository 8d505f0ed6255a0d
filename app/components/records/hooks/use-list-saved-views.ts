/** The saved views of a list screen: `useSavedViews` with what its definition already says. */
import type { FilterDefs } from "#core/records/list-query.ts";
import { listLabels, type ListScreenDefinition } from "../list-screen.tsx";
import { columnIdsOf, useSavedViews, type SavedViewsState } from "./use-saved-views.ts";

export function useListSavedViews<Row, Column extends string, Defs extends FilterDefs, V extends string>(
  definition: ListScreenDefinition<Row, Column, Defs, V>,
  columns: readonly { id?: string; accessorKey?: unknown }[],
): SavedViewsState {
  return useSavedViews({
    listKey: definition.savedViews?.listKey ?? definition.table.id,
    def: definition.query,
    tableId: definition.table.id,
    columns: columnIdsOf(columns),
    layouts: definition.savedViews?.layouts,
    labels: listLabels(definition),
  });
}
