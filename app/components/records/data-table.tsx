/**
 * The back-office list: a TanStack Table (v8, headless) over the table primitives, driven by the
 * server. The page, sort, search and filters live in the URL (use-list-query.ts) and the module
 * fetches exactly that page (`{ rows, total }` from its API, `count: "exact"`); the table only
 * renders it (data-table-view.tsx). Also: column visibility remembered per user, row selection
 * with bulk actions, CSV export of every matching row, loading skeleton / empty / error-with-retry
 * states, and a keyboard path (use-row-navigation.ts).
 *
 * This file holds the table's types and a lazy door to it: the table's code (TanStack Table and
 * the toolbar, paging and selection around it) loads while the page's first rows are fetched,
 * so a list page's first download stays small.
 */
import type { ColumnDef, RowData } from "@tanstack/react-table";
import { lazy, Suspense, type ReactNode } from "react";
import type { RowsPage } from "#core/records/fetch-all-pages.ts";
import type { FilterDefs } from "#core/records/list-query.ts";
import { Skeleton } from "#app/components/ui/skeleton.tsx";
import type { CsvExportOptions } from "./csv-export-button.tsx";
import type { CardRole } from "./data-cards.tsx";
import type { DataTableView as DataTableViewType } from "./data-table-view.tsx";
import type { ListState } from "./use-list-query.ts";

declare module "@tanstack/react-table" {
  // eslint-disable-next-line @typescript-eslint/no-unused-vars -- the generics must match TanStack's declaration
  interface ColumnMeta<TData extends RowData, TValue> {
    /** The column's name in the Columns menu (needed when `header` is not a plain string). */
    label?: string;
    /** Classes for the column's header and cells (e.g. "text-right" for amounts). */
    className?: string;
    /** Where the column shows on a phone's card (data-cards.tsx); unmarked: by position. */
    card?: CardRole;
  }
}

/**
 * A column of a data table. Columns of one table have different value types, which TanStack
 * types as `any` (its documented pattern; a ColumnDef is not assignable across value types).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type DataTableColumn<Row> = ColumnDef<Row, any>;

/** What the table needs of a TanStack Query result for one page. */
export interface PageResult<Row> {
  data: RowsPage<Row> | undefined;
  isPending: boolean;
  isFetching: boolean;
  isError: boolean;
  error: unknown;
  refetch: () => unknown;
}

export interface DataTableProps<Row, Column extends string, Defs extends FilterDefs> {
  /** The table's accessible name ("Properties"). */
  label: string;
  /** Key under which the column choice is remembered (per user). */
  tableId: string;
  columns: DataTableColumn<Row>[];
  /** Column ids hidden until the user shows them. */
  defaultHidden?: string[];
  list: ListState<Column, Defs>;
  result: PageResult<Row>;
  getRowId: (row: Row) => string;
  /** Names a row for screen readers ("Select <name>"). */
  rowLabel: (row: Row) => string;
  /** Enter on a focused row, or a click on it (not on a control inside it). */
  onOpenRow?: (row: Row) => void;
  /**
   * With this, rows get checkboxes; the bar shows these actions for the selected rows. With every
   * row of the page selected the bar offers "Select all N matching": `scope.allMatching` then asks
   * the action to apply to the list's whole filter on the server.
   */
  bulkActions?: (rows: Row[], clearSelection: () => void, scope: BulkScope) => ReactNode;
  exportCsv?: CsvExportOptions<Row>;
  /** Shows a search box writing the list's `q`. */
  searchLabel?: string;
  /** The module's filter controls (list-filters.tsx). */
  filters?: ReactNode;
  /** Module actions at the right of the toolbar ("New listing"). */
  actions?: ReactNode;
  empty?: { title: string; description?: string; action?: ReactNode };
}

/** What a bulk action applies to: the selected rows, or every row matching the list's filter. */
export interface BulkScope {
  allMatching: boolean;
  /** How many rows the action names. */
  count: number;
}

// (`lazy` drops the component's generics: the cast gives them back.)
const DataTableView = lazy(() =>
  import("./data-table-view.tsx").then((m) => ({ default: m.DataTableView })),
) as unknown as typeof DataTableViewType;

export function DataTable<Row, Column extends string, Defs extends FilterDefs>(
  props: DataTableProps<Row, Column, Defs>,
) {
  return (
    <Suspense fallback={<DataTableLoading label={props.label} />}>
      <DataTableView {...props} />
    </Suspense>
  );
}

/** The table's place while its code loads: the toolbar's and the rows' outline. */
function DataTableLoading({ label }: { label: string }) {
  return (
    <div className="flex flex-col gap-3" role="status">
      <span className="sr-only">Loading {label}…</span>
      <Skeleton className="h-9 w-full max-w-md" />
      <Skeleton className="h-72 w-full" />
    </div>
  );
}
