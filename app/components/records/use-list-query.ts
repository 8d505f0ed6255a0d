/**
 * A back-office list's state (page, size, sort, search, filters) read from and written to the
 * URL through the pure codec in core/records/list-query.ts. Changing a filter, the search or the
 * sort goes back to page 1; the page and filters push history entries (Back undoes them), the
 * search box replaces the current one (no entry per keystroke).
 */
import { useCallback, useMemo } from "react";
import { useSearchParams } from "react-router";
import {
  readListQuery,
  writeListQuery,
  type FilterDefs,
  type FiltersOf,
  type ListQuery,
  type ListQueryDef,
  type ListQueryIssue,
  type SortState,
} from "#core/records/list-query.ts";

export interface ListState<Column extends string = string, Defs extends FilterDefs = FilterDefs> {
  def: ListQueryDef<Column, Defs>;
  query: ListQuery<Column, FiltersOf<Defs>>;
  /** URL values that were ignored, with the reason (shown beside the filters). */
  issues: ListQueryIssue[];
  setQuery: (next: ListQuery<Column, FiltersOf<Defs>>, options?: { replace?: boolean }) => void;
  setPage: (page: number) => void;
  setPageSize: (size: number) => void;
  setSort: (sort: SortState<Column> | null) => void;
  setSearch: (search: string) => void;
  setFilter: <K extends keyof Defs & string>(key: K, value: FiltersOf<Defs>[K] | undefined) => void;
  /** Clears the search and every filter (keeps sort and size). */
  clearFilters: () => void;
}

export function useListQuery<Column extends string, Defs extends FilterDefs>(
  def: ListQueryDef<Column, Defs>,
): ListState<Column, Defs> {
  const [params, setParams] = useSearchParams();
  const key = params.toString();
  // Parsed once per distinct URL: the query object is stable between renders (a query key).
  const { query, issues } = useMemo(() => readListQuery(def, new URLSearchParams(key)), [def, key]);

  const setQuery = useCallback(
    (next: ListQuery<Column, FiltersOf<Defs>>, options?: { replace?: boolean }) => {
      setParams((current) => writeListQuery(def, next, current), {
        replace: options?.replace ?? false,
        preventScrollReset: true,
      });
    },
    [def, setParams],
  );

  return useMemo(
    () => ({
      def,
      query,
      issues,
      setQuery,
      setPage: (page) => setQuery({ ...query, page }),
      setPageSize: (pageSize) => setQuery({ ...query, pageSize, page: 1 }),
      setSort: (sort) => setQuery({ ...query, sort, page: 1 }),
      setSearch: (search) => setQuery({ ...query, search, page: 1 }, { replace: true }),
      setFilter: (k, value) => {
        const filters = { ...query.filters } as Record<string, unknown>;
        if (value === undefined || (Array.isArray(value) && value.length === 0)) delete filters[k];
        else filters[k] = value;
        setQuery({ ...query, filters: filters as FiltersOf<Defs>, page: 1 });
      },
      clearFilters: () => setQuery({ ...query, search: "", filters: {} as FiltersOf<Defs>, page: 1 }),
    }),
    [def, query, issues, setQuery],
  );
}
