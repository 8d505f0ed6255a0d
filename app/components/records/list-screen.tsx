/**
 * The one list screen of the back-office. A module declares its list once — title, query
 * definition (filters, sorts, default sort: core's `defineListQuery`), table id and names, the
 * views it offers (table, cards, board, map, calendar…), saved views — and this engine renders
 * the frame every list shares: the heading with the view switch (`?view=`; the first view is the
 * default and keeps the URL clean), the header's actions and its one primary action, the notes
 * on ignored URL values, then the open view. The table view is the record kit's `<DataTable>`
 * (loading / empty / error states, selection with "select all N matching", phone cards and the
 * filter sheet, paging); any other view gets the same toolbar, its load error with "Try again",
 * a skeleton while it loads, its body (usually lazy: a board's drag and drop, a map's Leaflet
 * load only where the view is open) and, when paged, the pagination.
 *
 *   const LISTINGS = defineListScreen({ title: "Properties", query: propertyListQuery, noun: "listings",
 *     table: { id: "properties", label: "Listings", searchLabel: "Search listings", … }, views: […] });
 *   const screen = useListScreen(LISTINGS);  // list state (URL) + the open view
 *   <ListScreen definition={LISTINGS} screen={screen} columns={…} result={…} views={{ board: {…} }} />
 */
import type { LucideIcon } from "lucide-react";
import { PlusIcon, TableIcon } from "lucide-react";
import { lazy, Suspense, useCallback, type ReactNode } from "react";
import { Link, useSearchParams } from "react-router";
import type { FilterDefs, ListQueryDef } from "#core/records/list-query.ts";
import { Button } from "#app/components/ui/button.tsx";
import { Skeleton } from "#app/components/ui/skeleton.tsx";
import { cn } from "#app/lib/utils.ts";
import { CsvExportButton, type CsvExportOptions } from "./csv-export-button.tsx";
import { DataTable, type DataTableProps } from "./data-table.tsx";
import type { SavedViewsState } from "./hooks/use-saved-views.ts";
import { ListIssues } from "./list-filters.tsx";
import { ListPagination } from "./list-pagination.tsx";
import { ListToolbar } from "./list-toolbar.tsx";
import { PrimaryAction } from "./primary-action.tsx";
import { useListQuery, type ListState } from "./use-list-query.ts";

// The views other than the table (with their toolbar and paging) load where a list has them.
const OtherView = lazy(() => import("./list-screen-view.tsx").then((m) => ({ default: m.OtherView })));
// The saved views' menu loads with the first list that offers them.
const SavedViewsMenu = lazy(() =>
  import("./saved-views-menu.tsx").then((m) => ({ default: m.SavedViewsMenu })),
);

export interface ListViewOption<V extends string> {
  id: V;
  label: string;
  icon: LucideIcon;
}

export interface ListScreenDefinition<Row, Column extends string, Defs extends FilterDefs, V extends string> {
  /** The page's heading ("Properties"). */
  title: string;
  query: ListQueryDef<Column, Defs>;
  /** The rows in words, plural ("listings"): "Could not load the listings". */
  noun: string;
  /** The module's filters by name, for the notes on ignored URL values and saved views. */
  filterLabels: Readonly<Record<string, string>>;
  table: {
    /** Key of the remembered column choice (per user). */
    id: string;
    /** The table's accessible name ("Listings"). */
    label: string;
    defaultHidden?: string[];
    searchLabel?: string;
    rowId: (row: Row) => string;
    /** Names a row for screen readers and a phone's card. */
    rowLabel: (row: Row) => string;
  };
  /** The views offered, the default first; without, the table alone. */
  views?: readonly ListViewOption<V>[];
  /** Which view is the table (default "table"). */
  tableView?: V;
  /** Saved views of this list: its key in saved_views and the layout parameters a view keeps. */
  savedViews?: { listKey: string; layouts?: Record<string, string[]> };
}

/** Types a definition in place (the row type flows into the table's props). */
export function defineListScreen<
  Row,
  Column extends string,
  Defs extends FilterDefs,
  V extends string = "table",
>(definition: ListScreenDefinition<Row, Column, Defs, V>): ListScreenDefinition<Row, Column, Defs, V> {
  return definition;
}

/** The names of a list's URL parameters: the module's filters and the kit's own. */
export function listLabels(definition: { filterLabels: Readonly<Record<string, string>> }) {
  return { ...definition.filterLabels, q: "Search", page: "Page", size: "Rows per page", sort: "Sort" };
}

export interface ListScreenState<Column extends string, Defs extends FilterDefs, V extends string> {
  list: ListState<Column, Defs>;
  view: V;
  setView: (view: V) => void;
}

const TABLE_ONLY = [{ id: "table", label: "Table", icon: TableIcon }] as const;

/** The list's URL state and the open view (`?view=`, absent for the default). */
export function useListScreen<Row, Column extends string, Defs extends FilterDefs, V extends string>(
  definition: ListScreenDefinition<Row, Column, Defs, V>,
): ListScreenState<Column, Defs, V> {
  const list = useListQuery(definition.query);
  const [params, setParams] = useSearchParams();
  const views = (definition.views ?? TABLE_ONLY) as readonly ListViewOption<V>[];
  const view = views.find((v) => v.id === params.get("view"))?.id ?? views[0]!.id;
  const first = views[0]!.id;
  const setView = useCallback(
    (next: V) =>
      setParams(
        (p) => {
          const out = new URLSearchParams(p);
          if (next === first) out.delete("view");
          else out.set("view", next);
          return out;
        },
        { preventScrollReset: true },
      ),
    [first, setParams],
  );
  return { list, view, setView };
}

/** What a view other than the table needs of its query. */
export interface ViewStatus {
  isPending: boolean;
  isError: boolean;
  error: unknown;
  refetch: () => unknown;
}

export interface ListScreenView {
  body: ReactNode;
  /** Its query (default: the table's): its error shows above, its loading as a skeleton. */
  status?: ViewStatus | null;
  /** Overrides the status' loading (a view that shows its own, or waits for more than its query). */
  pending?: boolean;
  /** Without the list's toolbar (search, filters). */
  toolbar?: false;
  /** The CSV export in the toolbar. */
  exportCsv?: boolean;
  /** The list's pagination below (a view of one page of rows). */
  paged?: boolean;
  /** A sentence above the body ("The board shows the listings of this page…"). */
  note?: string;
}

type TableProps<Row, Column extends string, Defs extends FilterDefs> = Pick<
  DataTableProps<Row, Column, Defs>,
  "columns" | "result" | "onOpenRow" | "bulkActions" | "filters" | "empty"
>;

export interface ListScreenProps<Row, Column extends string, Defs extends FilterDefs, V extends string>
  extends TableProps<Row, Column, Defs> {
  definition: ListScreenDefinition<Row, Column, Defs, V>;
  screen: ListScreenState<Column, Defs, V>;
  exportCsv?: CsvExportOptions<Row>;
  savedViews?: SavedViewsState;
  /** The list's one main action ("New listing"); on a phone it floats in reach. */
  primary?: { label: string; to?: string; onClick?: () => void };
  /** Beside the heading (a summary line). */
  headerInfo?: ReactNode;
  /** Other actions of the header, before the primary one. */
  headerActions?: ReactNode;
  /** Between the header and the list (a pipeline switch). */
  intro?: ReactNode;
  /** The bodies of the views other than the table. */
  views?: Partial<Record<V, ListScreenView>>;
}

export function ListScreen<Row, Column extends string, Defs extends FilterDefs, V extends string>(
  props: ListScreenProps<Row, Column, Defs, V>,
) {
  const { definition, screen, savedViews, primary, exportCsv } = props;
  const { list, view, setView } = screen;
  const tableView = definition.tableView ?? ("table" as V);
  const menu = savedViews ? (
    <Suspense fallback={<Skeleton className="h-9 w-20" />}>
      <SavedViewsMenu views={savedViews} />
    </Suspense>
  ) : undefined;
  const other = view === tableView ? undefined : props.views?.[view];

  return (
    <div className="flex flex-col gap-4">
      <header className="flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-semibold tracking-tight">{definition.title}</h1>
        {definition.views && definition.views.length > 1 && (
          <div role="group" aria-label="View" className="inline-flex rounded-md border bg-background p-0.5">
            {definition.views.map(({ id, label, icon: Icon }) => (
              <Button
                key={id}
                variant="ghost"
                size="sm"
                aria-pressed={view === id}
                className={cn("h-8", view === id && "bg-accent font-semibold")}
                onClick={() => setView(id)}
              >
                <Icon aria-hidden="true" />
                {label}
              </Button>
            ))}
          </div>
        )}
        {props.headerInfo}
        <div className="ml-auto flex flex-wrap gap-2">
          {props.headerActions}
          {primary && (
            <PrimaryAction to={primary.to} onClick={primary.onClick} icon={<PlusIcon aria-hidden="true" />}>
              {primary.label}
            </PrimaryAction>
          )}
        </div>
      </header>
      {props.intro}
      <ListIssues issues={list.issues} labels={listLabels(definition)} />

      {view === tableView ? (
        <DataTable<Row, Column, Defs>
          label={definition.table.label}
          tableId={definition.table.id}
          columns={props.columns}
          defaultHidden={definition.table.defaultHidden}
          list={list}
          result={props.result}
          getRowId={definition.table.rowId}
          rowLabel={definition.table.rowLabel}
          onOpenRow={props.onOpenRow}
          bulkActions={props.bulkActions}
          exportCsv={exportCsv}
          searchLabel={definition.table.searchLabel}
          filters={props.filters}
          actions={menu}
          empty={props.empty}
        />
      ) : (
        other && (
          <Suspense fallback={<Skeleton className="h-96 w-full" />}>
            <OtherView
              view={other}
              noun={definition.noun}
              fallback={props.result}
              toolbar={
                <ListToolbar
                  list={list}
                  searchLabel={definition.table.searchLabel}
                  filters={props.filters}
                  end={
                    (menu || (other.exportCsv && exportCsv)) && (
                      <>
                        {menu}
                        {other.exportCsv && exportCsv && <CsvExportButton {...exportCsv} />}
                      </>
                    )
                  }
                />
              }
              pagination={
                other.paged && (
                  <ListPagination
                    list={list}
                    total={props.result.data?.total ?? 0}
                    loading={props.result.isPending}
                  />
                )
              }
            />
          </Suspense>
        )
      )}
    </div>
  );
}

/** The link an empty list offers to its primary action ("New listing"). */
export function EmptyAction({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link to={to} className="text-sm font-medium underline">
      {children}
    </Link>
  );
}
