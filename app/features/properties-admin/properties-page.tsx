/**
 * /properties-admin (and /properties on the CRM host): the listings, as a table, cards or a
 * board by status — one list state in the URL (page, sort, search, filters; `view` picks the
 * view), filtered and paged by the server under the user's record-level access. Bulk status
 * change, CSV export of every matching listing, and the way to a new listing.
 */
import { KanbanSquareIcon, LayoutGridIcon, TableIcon } from "lucide-react";
import { lazy, Suspense, useCallback, useMemo } from "react";
import { useNavigate } from "react-router";
import { propertyListQuery } from "#core/properties/property-list.ts";
import type { PropertyRow } from "#core/properties/property-schema.ts";
import {
  defineListScreen,
  EmptyAction,
  ListScreen,
  useListScreen,
} from "#app/components/records/list-screen.tsx";
import { useFormatters } from "#app/lib/format.ts";
import { useMemberName, useTeamMembers } from "#app/lib/team-members-queries.ts";
import { listProperties } from "./api/properties-api.ts";
import {
  DEFAULT_HIDDEN_COLUMNS,
  listingPath,
  propertyColumns,
  propertyCsvColumns,
} from "./components/property-columns.tsx";
import { PropertyFilters } from "./components/property-filters.tsx";
import { useProperties } from "./hooks/property-queries.ts";

// The bulk status menu loads with the first selection.
const BulkStatusMenu = lazy(() =>
  import("./components/bulk-status-menu.tsx").then((m) => ({ default: m.BulkStatusMenu })),
);
// The cards view, with its cover photos, loads when someone opens it.
const PropertyCards = lazy(() =>
  import("./components/property-cards.tsx").then((m) => ({ default: m.PropertyCards })),
);
// The board brings drag and drop (@dnd-kit, ~26 KB gzip): loaded when someone opens it.
const PropertyBoard = lazy(() =>
  import("./components/property-board.tsx").then((m) => ({ default: m.PropertyBoard })),
);

const LISTINGS = defineListScreen({
  title: "Properties",
  query: propertyListQuery,
  noun: "listings",
  filterLabels: {
    status: "Status",
    type: "Type",
    listing: "Sale or rent",
    city: "City",
    agent: "Agent",
    currency: "Currency",
    price_min: "Price from",
    price_max: "Price to",
    published: "Published",
  },
  table: {
    id: "properties",
    label: "Listings",
    defaultHidden: DEFAULT_HIDDEN_COLUMNS,
    searchLabel: "Search listings",
    rowId: (r: PropertyRow) => r.id,
    rowLabel: (r) => r.title,
  },
  views: [
    { id: "table", label: "Table", icon: TableIcon },
    { id: "cards", label: "Cards", icon: LayoutGridIcon },
    { id: "board", label: "Board", icon: KanbanSquareIcon },
  ],
});

export default function PropertiesPage() {
  const screen = useListScreen(LISTINGS);
  const { list } = screen;
  const result = useProperties(list.query);
  const team = useTeamMembers();
  const memberName = useMemberName();
  const fmt = useFormatters();
  const navigate = useNavigate();

  const agentName = useCallback((id: string | null) => (id ? memberName(id) : "—"), [memberName]);
  const columns = useMemo(() => propertyColumns(agentName, fmt), [agentName, fmt]);
  const rows = result.data?.rows ?? [];

  return (
    <ListScreen
      definition={LISTINGS}
      screen={screen}
      columns={columns}
      result={result}
      onOpenRow={(r) => navigate(listingPath(r.id))}
      bulkActions={(selected, clear) => (
        <Suspense fallback={null}>
          <BulkStatusMenu rows={selected} onDone={clear} />
        </Suspense>
      )}
      exportCsv={{
        fileName: "properties",
        columns: propertyCsvColumns(agentName),
        fetchPage: (range) => listProperties(list.query, range),
      }}
      filters={<PropertyFilters list={list} agents={team.data ?? []} />}
      primary={{ label: "New listing", to: "/properties-admin/new" }}
      empty={{
        title: "No listings yet",
        description: "Create the first listing to see it here.",
        action: <EmptyAction to="/properties-admin/new">New listing</EmptyAction>,
      }}
      views={{
        cards: {
          body: <PropertyCards rows={rows} loading={result.isPending} />,
          pending: false,
          exportCsv: true,
          paged: true,
        },
        board: {
          body: <PropertyBoard rows={rows} />,
          exportCsv: true,
          paged: true,
          note: "The board shows the listings of this page, in columns by status.",
        },
      }}
    />
  );
}
