/**
 * THE inbox list, shared by consultations, booking management, contact submissions and property
 * requests, on the record kit's list engine (list-screen.tsx): status tabs with counts above the
 * table, the assignee and the inbox's own filters, the search box (trigram index under RLS),
 * saved views, phone cards; a row opens the record's own page (inbox-record-page.tsx). Each
 * module passes what differs: how a record is summarised, its filters, and the views beside the
 * list (booking management's calendar and availability).
 */
import { useMemo } from "react";
import { Link, useNavigate } from "react-router";
import { INBOX_LISTS, UNASSIGNED } from "#core/inbox/inbox-list.ts";
import { INBOXES, inboxRecordPath, type InboxId } from "#core/inbox/inbox-model.ts";
import type { InboxRow } from "#core/inbox/inbox-schema.ts";
import type { FilterDefs, ListQueryDef } from "#core/records/list-query.ts";
import { displayName } from "#core/schemas/profile.ts";
import type { DataTableColumn } from "#app/components/records/data-table.tsx";
import { useListSavedViews } from "#app/components/records/hooks/use-list-saved-views.ts";
import { FilterSelect } from "#app/components/records/list-filters.tsx";
import {
  defineListScreen,
  ListScreen,
  useListScreen,
  type ListScreenView,
  type ListViewOption,
} from "#app/components/records/list-screen.tsx";
import { StatusBadge } from "#app/components/records/status-badge.tsx";
import { StatusTabs } from "#app/components/records/status-tabs.tsx";
import { useFormatters, type Formatters } from "#app/lib/format.ts";
import { useSession } from "#app/lib/session.tsx";
import { useMemberName, useTeamMembers } from "#app/lib/team-members-queries.ts";
import { useInboxCounts, useInboxList } from "../hooks/inbox-queries.ts";
import { statusMapOf, type InboxList, type InboxScreen } from "./inbox-screen.ts";

export type { InboxList, InboxScreen };

function inboxListScreen(inbox: InboxId, views?: readonly ListViewOption<string>[]) {
  const def = INBOXES[inbox];
  return defineListScreen({
    title: def.title,
    query: INBOX_LISTS[inbox] as ListQueryDef<string, FilterDefs>,
    noun: `${def.noun}s`,
    filterLabels: { status: "Status", assignee: "Assignee", service: "Service", deal: "Buy or rent" },
    table: {
      id: `${inbox}-list`,
      label: def.title,
      searchLabel: `Search ${def.title.toLowerCase()}`,
      rowId: (r: InboxRow) => r.id,
      rowLabel: (r) => `${r.full_name}, ${def.labels[r.status]?.label ?? r.status}`,
    },
    views,
    // The inbox's path names its saved views ("booking-management").
    savedViews: {
      listKey: def.path.slice(1),
      layouts: views ? { view: views.slice(1).map((v) => v.id) } : {},
    },
  });
}

// One definition per inbox (and per set of views), so the engine's state keeps its identity.
const definitions = new Map<string, ReturnType<typeof inboxListScreen>>();
function definitionOf(inbox: InboxId, views?: readonly ListViewOption<string>[]) {
  const key = `${inbox}:${views?.map((v) => v.id).join(",") ?? ""}`;
  let found = definitions.get(key);
  if (!found) definitions.set(key, (found = inboxListScreen(inbox, views)));
  return found;
}

function columns(
  screen: InboxScreen,
  fmt: Formatters,
  member: (id: string | null) => string,
): DataTableColumn<InboxRow>[] {
  const { inbox } = screen;
  return [
    {
      id: "full_name",
      header: "From",
      enableHiding: false,
      cell: ({ row }) => (
        <Link to={inboxRecordPath(inbox, row.original.id)} className="font-medium hover:underline">
          {row.original.full_name}
        </Link>
      ),
    },
    {
      id: "status",
      header: "Status",
      cell: ({ row }) => <StatusBadge value={row.original.status} map={statusMapOf(inbox)} />,
    },
    {
      id: "summary",
      header: "About",
      cell: ({ row }) => <span className="text-muted-foreground">{screen.summary(row.original, fmt)}</span>,
    },
    { id: "created_at", header: "Received", cell: ({ row }) => fmt.dateTime(row.original.created_at) },
    {
      id: "assignee_id",
      header: inbox === "consultations" || inbox === "bookings" ? "Host" : "Assignee",
      cell: ({ row }) => (row.original.assignee_id ? member(row.original.assignee_id) : "Unassigned"),
    },
  ];
}

export function InboxPage({
  screen,
  views,
  viewBodies,
}: {
  screen: InboxScreen;
  /** Views beside the list, the list itself first (id "table"). */
  views?: readonly ListViewOption<string>[];
  viewBodies?: Partial<Record<string, ListScreenView>>;
}) {
  const { inbox } = screen;
  const def = INBOXES[inbox];
  const definition = definitionOf(inbox, views);
  const listScreen = useListScreen(definition);
  const list = listScreen.list as unknown as InboxList;
  const result = useInboxList(inbox, list.query);
  const counts = useInboxCounts(inbox, list.query.filters.assignee ?? null);
  const team = useTeamMembers();
  const member = useMemberName();
  const fmt = useFormatters();
  const navigate = useNavigate();
  const { user } = useSession();
  const cols = useMemo(() => columns(screen, fmt, member), [screen, fmt, member]);
  const saved = useListSavedViews(definition, cols);

  const total = counts.data ? Object.values(counts.data).reduce((a, b) => a + b, 0) : null;
  const tabs = [
    ...def.statuses.map((s) => ({
      value: s as string | null,
      label: def.labels[s]!.label,
      count: counts.data ? (counts.data[s] ?? 0) : null,
    })),
    { value: null, label: "All", count: total },
  ];
  const assignees = useMemo(
    () => [
      ...(user ? [{ value: user.id, label: "Me" }] : []),
      ...(team.data ?? [])
        .filter((m) => m.user_id !== user?.id)
        .map((m) => ({ value: m.user_id, label: displayName(m, m.email) })),
      { value: UNASSIGNED, label: "Unassigned" },
    ],
    [team.data, user],
  );
  const onList = listScreen.view === "table";

  return (
    <ListScreen
      definition={definition}
      screen={listScreen}
      columns={cols}
      result={result}
      savedViews={saved}
      onOpenRow={(r) => void navigate(inboxRecordPath(inbox, r.id))}
      intro={
        onList && (
          <StatusTabs
            label={`${def.title} by status`}
            tabs={tabs}
            value={list.query.filters.status ?? null}
            onChange={(v) => list.setFilter("status", v ?? undefined)}
          />
        )
      }
      filters={
        <>
          <FilterSelect
            label="Assignee"
            options={assignees}
            value={list.query.filters.assignee}
            onChange={(v) => list.setFilter("assignee", v)}
            anyLabel="Anyone"
          />
          {screen.filters?.(list)}
        </>
      }
      empty={{
        title:
          list.query.search || list.query.filters.status || list.query.filters.assignee
            ? "Nothing matches these filters"
            : `No ${def.noun}s yet`,
      }}
      views={viewBodies}
    />
  );
}
