/**
 * /properties-admin (and /properties on the CRM host): the listings, as a table, cards or a
 * board by status — one list state in the URL (page, sort, search, filters; `view` picks the
 * view), filtered and paged by the server under the user's record-level access. Bulk status
 * change, CSV export of every matching listing, and the way to a new listing.
 */
import { KanbanSquareIcon, LayoutGridIcon, PlusIcon, TableIcon } from "lucide-react";
import { lazy, Suspense, useCallback, useMemo } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";
import { describeDbError } from "#core/records/db-errors.ts";
import { propertyListQuery } from "#core/properties/property-list.ts";
import type { PropertyRow } from "#core/properties/property-schema.ts";
import { DataTable } from "#app/components/records/data-table.tsx";
import { CsvExportButton } from "#app/components/records/csv-export-button.tsx";
import { ListIssues } from "#app/components/records/list-filters.tsx";
import { ListPagination } from "#app/components/records/list-pagination.tsx";
import { ListToolbar } from "#app/components/records/list-toolbar.tsx";
import { useListQuery } from "#app/components/records/use-list-query.ts";
import { Alert } from "#app/components/ui/alert.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Skeleton } from "#app/components/ui/skeleton.tsx";
import { useFormatters } from "#app/lib/format.ts";
import { useMemberName, useTeamMembers } from "#app/lib/team-members-queries.ts";
import { cn } from "#app/lib/utils.ts";
import { listProperties } from "./api/properties-api.ts";
import { BulkStatusMenu } from "./components/bulk-status-menu.tsx";
import {
  DEFAULT_HIDDEN_COLUMNS,
  listingPath,
  propertyColumns,
  propertyCsvColumns,
} from "./components/property-columns.tsx";
import { PropertyCards } from "./components/property-cards.tsx";
import { PropertyFilters } from "./components/property-filters.tsx";
import { useProperties } from "./hooks/property-queries.ts";
import { PrimaryAction } from "#app/components/records/primary-action.tsx";

// The board brings drag and drop (@dnd-kit, ~26 KB gzip): loaded when someone opens it.
const PropertyBoard = lazy(() =>
  import("./components/property-board.tsx").then((m) => ({ default: m.PropertyBoard })),
);

const VIEWS = [
  { id: "table", label: "Table", icon: TableIcon },
  { id: "cards", label: "Cards", icon: LayoutGridIcon },
  { id: "board", label: "Board", icon: KanbanSquareIcon },
] as const;
type View = (typeof VIEWS)[number]["id"];

const FILTER_LABELS = {
  status: "Status",
  type: "Type",
  listing: "Sale or rent",
  city: "City",
  agent: "Agent",
  currency: "Currency",
  price_min: "Price from",
  price_max: "Price to",
  published: "Published",
  q: "Search",
  page: "Page",
  size: "Rows per page",
  sort: "Sort",
};

export default function PropertiesPage() {
  const list = useListQuery(propertyListQuery);
  const [params, setParams] = useSearchParams();
  const view: View = VIEWS.find((v) => v.id === params.get("view"))?.id ?? "table";
  const result = useProperties(list.query);
  const team = useTeamMembers();
  const memberName = useMemberName();
  const fmt = useFormatters();
  const navigate = useNavigate();

  const agentName = useCallback((id: string | null) => (id ? memberName(id) : "—"), [memberName]);
  const columns = useMemo(() => propertyColumns(agentName, fmt), [agentName, fmt]);
  const exportCsv = {
    fileName: "properties",
    columns: propertyCsvColumns(agentName),
    fetchPage: (range: { from: number; to: number }) => listProperties(list.query, range),
  };
  const filters = <PropertyFilters list={list} agents={team.data ?? []} />;
  const setView = (v: View) =>
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        if (v === "table") next.delete("view");
        else next.set("view", v);
        return next;
      },
      { preventScrollReset: true },
    );

  return (
    <div className="flex flex-col gap-4">
      <header className="flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-semibold tracking-tight">Properties</h1>
        <div role="group" aria-label="View" className="inline-flex rounded-md border bg-background p-0.5">
          {VIEWS.map(({ id, label, icon: Icon }) => (
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
        <PrimaryAction to="/properties-admin/new" className="ml-auto" icon={<PlusIcon aria-hidden="true" />}>
          New listing
        </PrimaryAction>
      </header>

      <ListIssues issues={list.issues} labels={FILTER_LABELS} />

      {view === "table" ? (
        <DataTable<PropertyRow, (typeof propertyListQuery.sortable)[number], typeof propertyListQuery.filters>
          label="Listings"
          tableId="properties"
          columns={columns}
          defaultHidden={DEFAULT_HIDDEN_COLUMNS}
          list={list}
          result={result}
          getRowId={(r) => r.id}
          rowLabel={(r) => r.title}
          onOpenRow={(r) => navigate(listingPath(r.id))}
          bulkActions={(rows, clear) => <BulkStatusMenu rows={rows} onDone={clear} />}
          exportCsv={exportCsv}
          searchLabel="Search listings"
          filters={filters}
          empty={{
            title: "No listings yet",
            description: "Create the first listing to see it here.",
            action: (
              <Link to="/properties-admin/new" className="text-sm font-medium underline">
                New listing
              </Link>
            ),
          }}
        />
      ) : (
        <>
          <ListToolbar
            list={list}
            searchLabel="Search listings"
            filters={filters}
            end={<CsvExportButton {...exportCsv} />}
          />
          {result.isError && (
            <Alert variant="destructive">
              <span>Could not load the listings: {describeDbError(result.error).message}</span>
              <Button variant="link" className="ml-auto h-auto p-0" onClick={() => void result.refetch()}>
                Try again
              </Button>
            </Alert>
          )}
          {view === "cards" ? (
            <PropertyCards rows={result.data?.rows ?? []} loading={result.isPending} />
          ) : (
            <>
              <p className="text-sm text-muted-foreground">
                The board shows the listings of this page, in columns by status.
              </p>
              <Suspense fallback={<Skeleton className="h-64 w-full" />}>
                <PropertyBoard rows={result.data?.rows ?? []} />
              </Suspense>
            </>
          )}
          <ListPagination list={list} total={result.data?.total ?? 0} loading={result.isPending} />
        </>
      )}
    </div>
  );
}
