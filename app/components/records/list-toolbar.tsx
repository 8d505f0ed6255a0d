/** The toolbar above a back-office list: search, the module's filters, "Clear filters", actions at the right. */
import type { ReactNode } from "react";
import { isFiltered, type FilterDefs } from "#core/records/list-query.ts";
import { Button } from "#app/components/ui/button.tsx";
import { SearchInput } from "./list-filters.tsx";
import type { ListState } from "./use-list-query.ts";

/**
 * The list's toolbar (search, the module's filters, "Clear filters", and `end` at the right):
 * shared by the table and by other views of the same list (cards, board).
 */
export function ListToolbar<Column extends string, Defs extends FilterDefs>({
  list,
  searchLabel,
  filters,
  end,
}: {
  list: ListState<Column, Defs>;
  searchLabel?: string;
  filters?: ReactNode;
  end?: ReactNode;
}) {
  return (
    <div className="flex flex-wrap items-start gap-2">
      {searchLabel && <SearchInput value={list.query.search} onChange={list.setSearch} label={searchLabel} />}
      {filters}
      {isFiltered(list.query) && (
        <Button variant="ghost" size="sm" onClick={list.clearFilters}>
          Clear filters
        </Button>
      )}
      {end && <div className="ml-auto flex flex-wrap items-center gap-2">{end}</div>}
    </div>
  );
}
