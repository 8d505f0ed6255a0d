/**
 * /property-hunt (admins): the properties being sourced, as a board by stage (default), a table or
 * a map — one list state in the URL (search, filters, sort, page; `view` picks the view), filtered
 * and paged by the server. Live: another admin's moves arrive through the hub (realtime.ts).
 */
import { KanbanSquareIcon, MapIcon, PlusIcon, TableIcon } from "lucide-react";
import { lazy, Suspense, useCallback, useMemo } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";
import { HUNT_STAGE_LABELS } from "#core/property-hunt/hunt-workflow.ts";
import { huntListQuery, type HuntRow } from "#core/property-hunt/hunt-schema.ts";
import { describeDbError } from "#core/records/db-errors.ts";
import { DataTable } from "#app/components/records/data-table.tsx";
import { ListIssues } from "#app/components/records/list-filters.tsx";
import { ListPagination } from "#app/components/records/list-pagination.tsx";
import { ListToolbar } from "#app/components/records/list-toolbar.tsx";
import type { MapRecord } from "#app/components/records/record-map.tsx";
import { useListQuery } from "#app/components/records/use-list-query.ts";
import { Alert } from "#app/components/ui/alert.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Skeleton } from "#app/components/ui/skeleton.tsx";
import { useFormatters } from "#app/lib/format.ts";
import { useMemberName } from "#app/lib/team-members-queries.ts";
import { cn } from "#app/lib/utils.ts";
import { huntColumns } from "./components/hunt-columns.tsx";
import { HuntFilters } from "./components/hunt-filters.tsx";
import { huntPath, huntPlace, huntPrice } from "./components/hunt-format.ts";
import { HUNT_STAGE_MAP_TONES } from "./components/hunt-stage-badge.tsx";
import { useHunts } from "./hooks/hunt-queries.ts";
import { PrimaryAction } from "#app/components/records/primary-action.tsx";

// Drag and drop (@dnd-kit) and Leaflet load with the view that needs them.
const HuntBoard = lazy(() => import("./components/hunt-board.tsx").then((m) => ({ default: m.HuntBoard })));
const RecordMap = lazy(() => import("#app/components/records/record-map.tsx"));

const VIEWS = [
  { id: "board", label: "Board", icon: KanbanSquareIcon },
  { id: "table", label: "Table", icon: TableIcon },
  { id: "map", label: "Map", icon: MapIcon },
] as const;
type View = (typeof VIEWS)[number]["id"];

const FILTER_LABELS = {
  stage: "Stage",
  type: "Type",
  purpose: "For",
  city: "City",
  q: "Search",
  page: "Page",
  size: "Rows per page",
  sort: "Sort",
};

export default function PropertyHuntPage() {
  const list = useListQuery(huntListQuery);
  const [params, setParams] = useSearchParams();
  const view: View = VIEWS.find((v) => v.id === params.get("view"))?.id ?? "board";
  const result = useHunts(list.query);
  const fmt = useFormatters();
  const memberName = useMemberName();
  const navigate = useNavigate();
  const name = useCallback((id: string | null) => (id ? memberName(id) : "—"), [memberName]);
  const columns = useMemo(() => huntColumns(name, fmt), [name, fmt]);
  const rows = useMemo(() => result.data?.rows ?? [], [result.data]);
  const mapRecords = useMemo<MapRecord[]>(
    () =>
      rows.map((h: HuntRow) => ({
        id: h.id,
        title: h.title,
        label: HUNT_STAGE_LABELS[h.stage],
        subtitle: `${huntPlace(h)} · ${huntPrice(h, fmt)}`,
        latitude: h.latitude,
        longitude: h.longitude,
        href: huntPath(h.id),
        tone: HUNT_STAGE_MAP_TONES[h.stage],
      })),
    [rows, fmt],
  );
  const setView = (v: View) =>
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        if (v === "board") next.delete("view");
        else next.set("view", v);
        return next;
      },
      { preventScrollReset: true },
    );
  const filters = <HuntFilters list={list} />;

  return (
    <div className="flex flex-col gap-4">
      <header className="flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-semibold tracking-tight">Property hunt</h1>
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
        <PrimaryAction to="/property-hunt/new" className="ml-auto" icon={<PlusIcon aria-hidden="true" />}>
          New hunt
        </PrimaryAction>
      </header>
      <ListIssues issues={list.issues} labels={FILTER_LABELS} />
      {view === "table" ? (
        <DataTable<HuntRow, (typeof huntListQuery.sortable)[number], typeof huntListQuery.filters>
          label="Hunts"
          tableId="property-hunts"
          columns={columns}
          list={list}
          result={result}
          getRowId={(h) => h.id}
          rowLabel={(h) => h.title}
          onOpenRow={(h) => navigate(huntPath(h.id))}
          searchLabel="Search hunts"
          filters={filters}
          empty={{
            title: "No hunts yet",
            description: "Record the first property you are sourcing.",
            action: (
              <Link to="/property-hunt/new" className="text-sm font-medium underline">
                New hunt
              </Link>
            ),
          }}
        />
      ) : (
        <>
          <ListToolbar list={list} searchLabel="Search hunts" filters={filters} />
          {result.isError && (
            <Alert variant="destructive">
              <span>Could not load the hunts: {describeDbError(result.error).message}</span>
              <Button variant="link" className="ml-auto h-auto p-0" onClick={() => void result.refetch()}>
                Try again
              </Button>
            </Alert>
          )}
          <Suspense fallback={<Skeleton className="h-96 w-full" />}>
            {result.isPending ? (
              <Skeleton className="h-96 w-full" />
            ) : view === "board" ? (
              <HuntBoard rows={rows} />
            ) : (
              <RecordMap records={mapRecords} label="Map of the hunts on this page" />
            )}
          </Suspense>
          <ListPagination list={list} total={result.data?.total ?? 0} loading={result.isPending} />
        </>
      )}
    </div>
  );
}
