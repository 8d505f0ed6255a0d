/**
 * The data table itself (the types and the lazy door: data-table.tsx): TanStack Table over the
 * table primitives, the toolbar with the column menu and CSV export, the bulk-action bar, the
 * desktop rows or a phone's cards, and paging.
 */
import {
  flexRender,
  getCoreRowModel,
  useReactTable,
  type RowSelectionState,
  type SortingState,
  type Updater,
} from "@tanstack/react-table";
import { ArrowDownIcon, ArrowUpDownIcon, ArrowUpIcon, Columns3Icon } from "lucide-react";
import { lazy, Suspense, useEffect, useId, useMemo, useState } from "react";
import { describeDbError } from "#core/records/db-errors.ts";
import { isFiltered, pageCount, type FilterDefs } from "#core/records/list-query.ts";
import { Alert } from "#app/components/ui/alert.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Checkbox } from "#app/components/ui/checkbox.tsx";
import {
  DropdownMenu,
  DropdownMenuCheckboxItem,
  DropdownMenuContent,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "#app/components/ui/dropdown-menu.tsx";
import { Skeleton } from "#app/components/ui/skeleton.tsx";
import {
  Table,
  TableBody,
  TableCaption,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from "#app/components/ui/table.tsx";
import { cn } from "#app/lib/utils.ts";
import { CsvExportButton } from "./csv-export-button.tsx";
import type { DataCards as DataCardsType } from "./data-cards.tsx";
import type { FiltersSheet as FiltersSheetType } from "./filters-sheet.tsx";
import { ListPagination } from "./list-pagination.tsx";
import { ListEmpty, ListLoadError } from "./list-states.tsx";
import { ListToolbar } from "./list-toolbar.tsx";
import { useColumnVisibility } from "./use-column-visibility.ts";
import { usePhoneLayout } from "./use-phone-layout.ts";
import { useRowNavigation } from "./use-row-navigation.ts";
import type { DataTableColumn, DataTableProps } from "./data-table.tsx";

// A phone's cards and filter sheet: loaded only where the screen is that narrow.
// (`lazy` drops the components' generics: the casts give them back.)
const DataCards = lazy(() =>
  import("./data-cards.tsx").then((m) => ({ default: m.DataCards })),
) as unknown as typeof DataCardsType;
const DataCardsSkeleton = lazy(() =>
  import("./data-cards.tsx").then((m) => ({ default: m.DataCardsSkeleton })),
);
const FiltersSheet = lazy(() =>
  import("./filters-sheet.tsx").then((m) => ({ default: m.FiltersSheet })),
) as unknown as typeof FiltersSheetType;

const SORT_ICON = { asc: ArrowUpIcon, desc: ArrowDownIcon } as const;
const SKELETON_ROWS = 8;

export function DataTableView<Row, Column extends string, Defs extends FilterDefs>(
  props: DataTableProps<Row, Column, Defs>,
) {
  const {
    label,
    tableId,
    columns,
    defaultHidden,
    list,
    result,
    getRowId,
    rowLabel,
    onOpenRow,
    bulkActions,
    exportCsv,
    searchLabel,
    filters,
    actions,
    empty,
  } = props;
  const { query, def } = list;
  const rows = useMemo(() => result.data?.rows ?? [], [result.data]);
  const total = result.data?.total ?? rows.length;
  const pages = pageCount(total, query.pageSize);
  const hintId = useId();
  const phone = usePhoneLayout();

  const hiddenDefaults = useMemo(
    () => Object.fromEntries((defaultHidden ?? []).map((id) => [id, false])),
    [defaultHidden],
  );
  const [columnVisibility, setColumnVisibility] = useColumnVisibility(tableId, hiddenDefaults);

  // Selection belongs to one view of the list: a new page, sort or filter starts empty, so a
  // bulk action never touches rows the user can no longer see.
  const viewKey = JSON.stringify(query);
  const [selection, setSelection] = useState<{ view: string; rows: RowSelectionState; all?: boolean }>({
    view: viewKey,
    rows: {},
  });
  const rowSelection = selection.view === viewKey ? selection.rows : {};
  const setRowSelection = (u: Updater<RowSelectionState>) =>
    setSelection({ view: viewKey, rows: typeof u === "function" ? u(rowSelection) : u });

  const sorting: SortingState = query.sort
    ? [{ id: query.sort.column, desc: query.sort.direction === "desc" }]
    : [];

  const allColumns = useMemo<DataTableColumn<Row>[]>(() => {
    if (!bulkActions) return columns;
    const select: DataTableColumn<Row> = {
      id: "select",
      enableHiding: false,
      enableSorting: false,
      header: ({ table }) => (
        <Checkbox
          aria-label="Select all rows on this page"
          checked={
            table.getIsAllPageRowsSelected()
              ? true
              : table.getIsSomePageRowsSelected()
                ? "indeterminate"
                : false
          }
          onCheckedChange={(on) => table.toggleAllPageRowsSelected(on === true)}
        />
      ),
      cell: ({ row }) => (
        <Checkbox
          aria-label={`Select ${rowLabel(row.original)}`}
          checked={row.getIsSelected()}
          onCheckedChange={(on) => row.toggleSelected(on === true)}
        />
      ),
      meta: { className: "w-8" },
    };
    return [select, ...columns];
  }, [columns, bulkActions, rowLabel]);

  const table = useReactTable({
    data: rows,
    columns: allColumns,
    getRowId: (row) => getRowId(row),
    getCoreRowModel: getCoreRowModel(),
    manualPagination: true,
    manualSorting: true,
    manualFiltering: true,
    rowCount: total,
    enableRowSelection: !!bulkActions,
    enableSortingRemoval: false,
    state: {
      sorting,
      rowSelection,
      columnVisibility,
      pagination: { pageIndex: query.page - 1, pageSize: query.pageSize },
    },
    onRowSelectionChange: setRowSelection,
    onColumnVisibilityChange: setColumnVisibility,
  });

  // A page past the end (rows deleted, or an old link): go to the last page.
  const { setPage } = list;
  useEffect(() => {
    if (result.data && rows.length === 0 && query.page > pages) setPage(pages);
  }, [result.data, rows.length, query.page, pages, setPage]);

  const { rowRefs, tabbableRow, setActiveRow, onRowKeyDown, onRowClick } = useRowNavigation(
    rows.length,
    onOpenRow,
    !!bulkActions,
  );

  const selectedRows = table.getSelectedRowModel().rows.map((r) => r.original);
  // "All matching" lasts while every row of the page stays selected.
  const allMatching =
    selection.view === viewKey && !!selection.all && rows.length > 0 && selectedRows.length === rows.length;
  const visibleColumns = table.getVisibleLeafColumns();
  const filtered = isFiltered(query);
  const hideable = table.getAllLeafColumns().filter((c) => c.getCanHide());

  const toggleSort = (id: string) => {
    const current = query.sort?.column === id ? query.sort.direction : null;
    if (current === null) list.setSort({ column: id as Column, direction: "asc" });
    else if (current === "asc") list.setSort({ column: id as Column, direction: "desc" });
    else
      list.setSort(
        def.defaultSort && def.defaultSort.column !== id
          ? def.defaultSort
          : { column: id as Column, direction: "asc" },
      );
  };

  const loadError = <ListLoadError label={label} result={result} />;
  const emptyState = (
    <ListEmpty label={label} filtered={filtered} empty={empty} onClear={list.clearFilters} />
  );

  return (
    <div className="flex flex-col gap-3" data-slot="data-table">
      <ListToolbar
        list={list}
        searchLabel={searchLabel}
        filters={
          phone && filters ? (
            <Suspense fallback={<Skeleton className="h-11 w-28" />}>
              <FiltersSheet list={list} label={label} total={result.data ? total : undefined}>
                {filters}
              </FiltersSheet>
            </Suspense>
          ) : (
            filters
          )
        }
        end={
          <>
            {hideable.length > 0 && !phone && (
              <DropdownMenu>
                <DropdownMenuTrigger asChild>
                  <Button variant="outline" size="sm">
                    <Columns3Icon aria-hidden="true" />
                    Columns
                  </Button>
                </DropdownMenuTrigger>
                <DropdownMenuContent align="end" className="w-52">
                  <DropdownMenuLabel>Show columns</DropdownMenuLabel>
                  <DropdownMenuSeparator />
                  {hideable.map((c) => (
                    <DropdownMenuCheckboxItem
                      key={c.id}
                      checked={c.getIsVisible()}
                      onCheckedChange={(on) => c.toggleVisibility(on === true)}
                      onSelect={(e) => e.preventDefault()}
                    >
                      {c.columnDef.meta?.label ??
                        (typeof c.columnDef.header === "string" ? c.columnDef.header : c.id)}
                    </DropdownMenuCheckboxItem>
                  ))}
                </DropdownMenuContent>
              </DropdownMenu>
            )}
            {exportCsv && <CsvExportButton {...exportCsv} />}
            {actions}
          </>
        }
      />

      {bulkActions && selectedRows.length > 0 && (
        <div
          role="region"
          aria-label="Bulk actions"
          className="flex flex-wrap items-center gap-2 rounded-md border bg-accent/60 px-3 py-2 text-sm"
        >
          <span className="font-medium">
            {allMatching ? `All ${total} matching selected` : `${selectedRows.length} selected`}
          </span>
          {!allMatching && total > rows.length && selectedRows.length === rows.length && (
            <Button
              variant="link"
              size="sm"
              className="h-auto p-0"
              onClick={() => setSelection({ view: viewKey, rows: rowSelection, all: true })}
            >
              Select all {total} matching
            </Button>
          )}
          {bulkActions(selectedRows, () => setRowSelection({}), {
            allMatching,
            count: allMatching ? total : selectedRows.length,
          })}
          <Button variant="ghost" size="sm" className="ml-auto" onClick={() => setRowSelection({})}>
            Clear selection
          </Button>
        </div>
      )}

      {result.isError && result.data && (
        <Alert variant="destructive">
          <span>Could not refresh the list: {describeDbError(result.error).message}</span>
          <Button variant="link" className="ml-auto h-auto p-0" onClick={() => void result.refetch()}>
            Try again
          </Button>
        </Alert>
      )}

      {phone ? (
        <Suspense fallback={<Skeleton className="h-24 w-full" />}>
          {result.isPending ? (
            <DataCardsSkeleton count={Math.min(query.pageSize, SKELETON_ROWS)} />
          ) : result.isError && !result.data ? (
            loadError
          ) : rows.length === 0 ? (
            <div className="rounded-lg border py-10 text-center">{emptyState}</div>
          ) : (
            <DataCards
              label={label}
              rows={table.getRowModel().rows}
              rowLabel={rowLabel}
              onOpenRow={onOpenRow}
              selectable={!!bulkActions}
              busy={result.isFetching}
            />
          )}
        </Suspense>
      ) : (
        <div className="rounded-md border bg-background">
          {onOpenRow && (
            <p id={hintId} className="sr-only">
              Use the arrow keys to move between rows, Enter to open one
              {bulkActions ? ", Space to select it" : ""}.
            </p>
          )}
          <Table
            aria-describedby={onOpenRow ? hintId : undefined}
            aria-busy={result.isFetching || undefined}
            className={cn(result.isFetching && !result.isPending && "opacity-70 transition-opacity")}
          >
            <TableCaption className="sr-only">{label}</TableCaption>
            <TableHeader>
              {table.getHeaderGroups().map((group) => (
                <TableRow key={group.id} className="hover:bg-transparent">
                  {group.headers.map((header) => {
                    const id = header.column.id;
                    const sortable = def.sortable.includes(id as Column);
                    const dir = query.sort?.column === id ? query.sort.direction : null;
                    const Icon = dir ? SORT_ICON[dir] : ArrowUpDownIcon;
                    const content = header.isPlaceholder
                      ? null
                      : flexRender(header.column.columnDef.header, header.getContext());
                    return (
                      <TableHead
                        key={header.id}
                        scope="col"
                        aria-sort={
                          sortable
                            ? dir === "asc"
                              ? "ascending"
                              : dir === "desc"
                                ? "descending"
                                : "none"
                            : undefined
                        }
                        className={header.column.columnDef.meta?.className}
                      >
                        {sortable ? (
                          <Button
                            variant="ghost"
                            size="sm"
                            className="-ml-3 h-8 px-3"
                            onClick={() => toggleSort(id)}
                          >
                            {content}
                            <Icon className={cn(!dir && "opacity-40")} aria-hidden="true" />
                          </Button>
                        ) : (
                          content
                        )}
                      </TableHead>
                    );
                  })}
                </TableRow>
              ))}
            </TableHeader>
            <TableBody>
              {result.isPending ? (
                Array.from({ length: Math.min(query.pageSize, SKELETON_ROWS) }, (_, i) => (
                  <TableRow key={`skeleton-${i}`} className="hover:bg-transparent" data-testid="skeleton-row">
                    {visibleColumns.map((c) => (
                      <TableCell key={c.id}>
                        <Skeleton className={cn("h-4", c.id === "select" ? "w-4" : "w-full max-w-40")} />
                      </TableCell>
                    ))}
                  </TableRow>
                ))
              ) : result.isError && !result.data ? (
                <TableRow className="hover:bg-transparent">
                  <TableCell colSpan={visibleColumns.length} className="whitespace-normal p-6">
                    {loadError}
                  </TableCell>
                </TableRow>
              ) : rows.length === 0 ? (
                <TableRow className="hover:bg-transparent">
                  <TableCell colSpan={visibleColumns.length} className="whitespace-normal py-12 text-center">
                    {emptyState}
                  </TableCell>
                </TableRow>
              ) : (
                table.getRowModel().rows.map((row, i) => (
                  <TableRow
                    key={row.id}
                    ref={(el) => {
                      rowRefs.current[i] = el;
                    }}
                    tabIndex={i === tabbableRow ? 0 : -1}
                    data-state={row.getIsSelected() ? "selected" : undefined}
                    data-row-id={row.id}
                    className={cn(
                      "outline-none focus-visible:bg-accent focus-visible:ring-2 focus-visible:ring-inset focus-visible:ring-ring",
                      onOpenRow && "cursor-pointer",
                    )}
                    onFocus={(e) => {
                      if (e.target === e.currentTarget) setActiveRow(i);
                    }}
                    onKeyDown={(e) => onRowKeyDown(e, i, row.original, () => row.toggleSelected())}
                    onClick={(e) => onRowClick(e, row.original)}
                  >
                    {row.getVisibleCells().map((cell) => (
                      <TableCell key={cell.id} className={cell.column.columnDef.meta?.className}>
                        {flexRender(cell.column.columnDef.cell, cell.getContext())}
                      </TableCell>
                    ))}
                  </TableRow>
                ))
              )}
            </TableBody>
          </Table>
        </div>
      )}

      <ListPagination list={list} total={total} loading={result.isPending} />
    </div>
  );
}
