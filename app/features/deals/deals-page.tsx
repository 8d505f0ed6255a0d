/**
 * /deals: the pipelines (sales, rentals, developments). One pipeline at a time as a board — open
 * deals by stage plus those won or lost in the last 30 days — or every deal in a table (with CSV
 * export of the current filter), and the weighted forecast per stage and per month. The list
 * state (pipeline, view, search, owner, sort, page) lives in the URL. Admins edit the shown
 * pipeline's stages (add, rename, probability, order, archive) and the lost reasons here.
 */
import { KanbanSquareIcon, LineChartIcon, TableIcon } from "lucide-react";
import { lazy, Suspense, useCallback, useMemo } from "react";
import { useNavigate } from "react-router";
import { dealListQuery, MINE } from "#core/deals/deal-list.ts";
import { DEAL_STATUS_LABELS, type DealRow } from "#core/deals/deal-schema.ts";
import { DEAL_OUTCOMES } from "#core/deals/deal-rules.ts";
import { describeDbError } from "#core/records/db-errors.ts";
import { displayName } from "#core/schemas/profile.ts";
import { useListSavedViews } from "#app/components/records/hooks/use-list-saved-views.ts";
import { FilterMultiSelect, FilterSelect } from "#app/components/records/list-filters.tsx";
import { defineListScreen, ListScreen, useListScreen } from "#app/components/records/list-screen.tsx";
import { Alert } from "#app/components/ui/alert.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { useFormatters } from "#app/lib/format.ts";
import { useSession } from "#app/lib/session.tsx";
import { useMemberName, useTeamMembers } from "#app/lib/team-members-queries.ts";
import { listDeals } from "./api/deals-api.ts";
import { dealColumns, dealCsvColumns, DEFAULT_HIDDEN_COLUMNS } from "./components/deal-columns.tsx";
import { dealPath } from "./deal-path.ts";
import { useBoardDeals, useDealList, usePipelines } from "./hooks/deal-queries.ts";

// The board and its drag and drop load with the board view (its Suspense is the view's skeleton).
const DealBoard = lazy(() => import("./components/deal-board.tsx").then((m) => ({ default: m.DealBoard })));
// An admin's settings buttons load for admins only.
const StagesAdmin = lazy(() =>
  import("./components/stages-admin.tsx").then((m) => ({ default: m.StagesAdmin })),
);
const LostReasonsAdmin = lazy(() =>
  import("./components/lost-reasons-admin.tsx").then((m) => ({ default: m.LostReasonsAdmin })),
);
const ForecastPanel = lazy(() =>
  import("./components/forecast-panel.tsx").then((m) => ({ default: m.ForecastPanel })),
);

const DEALS = defineListScreen({
  title: "Deals",
  query: dealListQuery,
  noun: "deals",
  filterLabels: {
    pipeline: "Pipeline",
    status: "Status",
    stage: "Stage",
    owner: "Owner",
    currency: "Currency",
    close_from: "Close from",
    close_to: "Close to",
  },
  table: {
    id: "deals",
    label: "Deals",
    defaultHidden: DEFAULT_HIDDEN_COLUMNS,
    searchLabel: "Search deals",
    rowId: (r: DealRow) => r.id,
    rowLabel: (r) => r.title,
  },
  views: [
    { id: "board", label: "Board", icon: KanbanSquareIcon },
    { id: "table", label: "Table", icon: TableIcon },
    { id: "forecast", label: "Forecast", icon: LineChartIcon },
  ],
  // A saved view keeps the table or forecast layout (the board is the absence of `view`).
  savedViews: { listKey: "deals", layouts: { view: ["table", "forecast"] } },
});

export default function DealsPage() {
  const screen = useListScreen(DEALS);
  const { list, view } = screen;
  const pipelines = usePipelines();
  const { role, user } = useSession();
  const team = useTeamMembers();
  const memberName = useMemberName();
  const fmt = useFormatters();
  const navigate = useNavigate();

  const all = pipelines.data?.pipelines.filter((p) => !p.is_archived) ?? [];
  const pipelineId = list.query.filters.pipeline ?? all[0]?.id;
  const pipelineStages = useMemo(
    () =>
      (pipelines.data?.stages ?? [])
        .filter((s) => s.pipeline_id === pipelineId)
        .sort((a, b) => a.position - b.position),
    [pipelines.data, pipelineId],
  );
  // Archived stages are no columns (they hold no open deal).
  const stages = useMemo(() => pipelineStages.filter((s) => !s.is_archived), [pipelineStages]);
  const pipeline = all.find((p) => p.id === pipelineId);
  const board = useBoardDeals(
    view === "board" ? pipelineId : undefined,
    list.query.search,
    list.query.filters.owner,
  );
  const tableQuery = useMemo(
    () => ({ ...list.query, filters: { ...list.query.filters, pipeline: pipelineId } }),
    [list.query, pipelineId],
  );
  const table = useDealList(tableQuery);

  const name = useCallback((id: string | null) => (id ? memberName(id) : "—"), [memberName]);
  const stageName = useCallback(
    (id: string) => pipelines.data?.stages.find((s) => s.id === id)?.name ?? "—",
    [pipelines.data],
  );
  const pipelineName = useCallback(
    (id: string) => pipelines.data?.pipelines.find((p) => p.id === id)?.name ?? "—",
    [pipelines.data],
  );
  const columns = useMemo(() => dealColumns(stageName, name, fmt), [stageName, name, fmt]);
  const views = useListSavedViews(DEALS, columns);

  const filters = (
    <>
      <FilterSelect
        label="Owner"
        options={[
          { value: MINE, label: "Mine (owned or assigned)" },
          ...(team.data ?? []).map((m) => ({ value: m.user_id, label: displayName(m, m.email) })),
        ]}
        value={list.query.filters.owner}
        onChange={(v) => list.setFilter("owner", v)}
      />
      {view === "table" && (
        <FilterMultiSelect
          label="Status"
          options={DEAL_OUTCOMES.map((s) => ({ value: s, label: DEAL_STATUS_LABELS[s] }))}
          value={list.query.filters.status}
          onChange={(v) => list.setFilter("status", v)}
        />
      )}
    </>
  );

  return (
    <ListScreen
      definition={DEALS}
      screen={screen}
      columns={columns}
      result={table}
      savedViews={views}
      onOpenRow={(r) => navigate(dealPath(r.id))}
      exportCsv={{
        fileName: "deals",
        columns: dealCsvColumns(pipelines.data?.stages ?? [], pipelineName, name),
        fetchPage: (range) => listDeals(tableQuery, user?.id ?? null, range),
      }}
      filters={filters}
      empty={{ title: "No deals here yet", description: "Create a deal to see it in the pipeline." }}
      headerActions={
        role === "admin" && (
          <Suspense fallback={null}>
            {pipeline && <StagesAdmin pipeline={pipeline} stages={pipelineStages} />}
            <LostReasonsAdmin />
          </Suspense>
        )
      }
      primary={{ label: "New deal", to: `/deals/new${pipelineId ? `?pipeline=${pipelineId}` : ""}` }}
      intro={
        <>
          <nav aria-label="Pipelines" className="flex flex-wrap gap-2">
            {all.map((p) => (
              <Button
                key={p.id}
                variant={p.id === pipelineId ? "default" : "outline"}
                size="sm"
                aria-current={p.id === pipelineId ? "page" : undefined}
                onClick={() => list.setFilter("pipeline", p.id)}
              >
                {p.name}
              </Button>
            ))}
          </nav>
          {pipelines.isError && (
            <Alert variant="destructive">
              Could not load the pipelines: {describeDbError(pipelines.error).message}
            </Alert>
          )}
        </>
      }
      views={{
        board: {
          status: board,
          pending: board.isPending || !pipelineId,
          body: (
            <>
              {board.data?.capped && (
                <Alert variant="warning">
                  The board shows the first 2,000 deals: search or filter by owner to see the others.
                </Alert>
              )}
              <DealBoard stages={stages} rows={board.data?.rows ?? []} />
            </>
          ),
        },
        forecast: {
          status: null,
          toolbar: false,
          body: (
            <section aria-labelledby="forecast-heading" className="flex flex-col gap-3">
              <h2 id="forecast-heading" className="text-lg font-semibold">
                Weighted forecast — {pipelineName(pipelineId ?? "")}
              </h2>
              <p className="text-sm text-muted-foreground">
                Open deals, value × the stage's win probability, in GHS (USD at the newest Bank of Ghana rate
                in effect).
              </p>
              <ForecastPanel
                pipelineId={pipelineId ?? null}
                ownerId={
                  list.query.filters.owner === MINE ? (user?.id ?? null) : (list.query.filters.owner ?? null)
                }
              />
            </section>
          ),
        },
      }}
    />
  );
}
