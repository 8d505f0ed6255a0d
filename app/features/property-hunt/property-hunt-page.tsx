/**
 * /property-hunt (admins): the properties being sourced, as a board by stage (default), a table or
 * a map — one list state in the URL (search, filters, sort, page; `view` picks the view), filtered
 * and paged by the server. Live: another admin's moves arrive through the hub (realtime.ts).
 */
import { KanbanSquareIcon, MapIcon, TableIcon } from "lucide-react";
import { lazy, useCallback, useMemo } from "react";
import { useNavigate } from "react-router";
import { HUNT_STAGE_LABELS } from "#core/property-hunt/hunt-workflow.ts";
import { huntListQuery, type HuntRow } from "#core/property-hunt/hunt-schema.ts";
import {
  defineListScreen,
  EmptyAction,
  ListScreen,
  useListScreen,
} from "#app/components/records/list-screen.tsx";
import type { MapRecord } from "#app/components/records/record-map.tsx";
import { useFormatters } from "#app/lib/format.ts";
import { useMemberName } from "#app/lib/team-members-queries.ts";
import { huntColumns } from "./components/hunt-columns.tsx";
import { HuntFilters } from "./components/hunt-filters.tsx";
import { huntPath, huntPlace, huntPrice } from "./components/hunt-format.ts";
import { HUNT_STAGE_MAP_TONES } from "./components/hunt-stage-badge.tsx";
import { useHunts } from "./hooks/hunt-queries.ts";

// Drag and drop (@dnd-kit) and Leaflet load with the view that needs them.
const HuntBoard = lazy(() => import("./components/hunt-board.tsx").then((m) => ({ default: m.HuntBoard })));
const RecordMap = lazy(() => import("#app/components/records/record-map.tsx"));

const HUNTS = defineListScreen({
  title: "Property hunt",
  query: huntListQuery,
  noun: "hunts",
  filterLabels: { stage: "Stage", type: "Type", purpose: "For", city: "City" },
  table: {
    id: "property-hunts",
    label: "Hunts",
    searchLabel: "Search hunts",
    rowId: (h: HuntRow) => h.id,
    rowLabel: (h) => h.title,
  },
  views: [
    { id: "board", label: "Board", icon: KanbanSquareIcon },
    { id: "table", label: "Table", icon: TableIcon },
    { id: "map", label: "Map", icon: MapIcon },
  ],
});

export default function PropertyHuntPage() {
  const screen = useListScreen(HUNTS);
  const result = useHunts(screen.list.query);
  const fmt = useFormatters();
  const memberName = useMemberName();
  const navigate = useNavigate();
  const name = useCallback((id: string | null) => (id ? memberName(id) : "—"), [memberName]);
  const columns = useMemo(() => huntColumns(name, fmt), [name, fmt]);
  const rows = useMemo(() => result.data?.rows ?? [], [result.data]);
  const mapRecords = useMemo<MapRecord[]>(
    () =>
      rows.map((h) => ({
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

  return (
    <ListScreen
      definition={HUNTS}
      screen={screen}
      columns={columns}
      result={result}
      onOpenRow={(h) => navigate(huntPath(h.id))}
      filters={<HuntFilters list={screen.list} />}
      primary={{ label: "New hunt", to: "/property-hunt/new" }}
      empty={{
        title: "No hunts yet",
        description: "Record the first property you are sourcing.",
        action: <EmptyAction to="/property-hunt/new">New hunt</EmptyAction>,
      }}
      views={{
        board: { body: <HuntBoard rows={rows} />, paged: true },
        map: {
          body: <RecordMap records={mapRecords} label="Map of the hunts on this page" />,
          paged: true,
        },
      }}
    />
  );
}
