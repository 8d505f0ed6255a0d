/**
 * THE inbox screen, shared by consultations, booking management, contact
 * submissions and property requests: status tabs with counts, the assignee and the inbox's own
 * filters, the search box (trigram index under RLS) and the list of records; a record opens on
 * its own page (inbox-record-page.tsx), where notifications link too. Each module passes what
 * differs: how a record is summarised, its fields, and extra actions or sections (appointments,
 * matches).
 */
import { useMemo } from "react";
import { useNavigate } from "react-router";
import { INBOX_LISTS, UNASSIGNED } from "#core/inbox/inbox-list.ts";
import { INBOXES, inboxRecordPath } from "#core/inbox/inbox-model.ts";
import { FilterSelect, ListIssues } from "#app/components/records/list-filters.tsx";
import { ListPagination } from "#app/components/records/list-pagination.tsx";
import { ListToolbar } from "#app/components/records/list-toolbar.tsx";
import { RecordList } from "#app/components/records/record-list.tsx";
import { StatusBadge } from "#app/components/records/status-badge.tsx";
import { StatusTabs } from "#app/components/records/status-tabs.tsx";
import { useListQuery } from "#app/components/records/use-list-query.ts";
import { useFormatters } from "#app/lib/format.ts";
import { useInboxCounts, useInboxList } from "../hooks/inbox-queries.ts";
import { useSession } from "#app/lib/session.tsx";
import { useMemberName, useTeamMembers } from "#app/lib/team-members-queries.ts";
import { displayName } from "#core/schemas/profile.ts";
import { statusMapOf, type InboxList, type InboxScreen } from "./inbox-screen.ts";

export type { InboxList, InboxScreen };

export function InboxPage(screen: InboxScreen) {
  const { inbox } = screen;
  const def = INBOXES[inbox];
  const list = useListQuery(INBOX_LISTS[inbox] as never) as unknown as InboxList;
  const navigate = useNavigate();
  const result = useInboxList(inbox, list.query);
  const counts = useInboxCounts(inbox, list.query.filters.assignee ?? null);
  const team = useTeamMembers();
  const memberName = useMemberName();
  const fmt = useFormatters();
  const { user } = useSession();
  const statusMap = statusMapOf(inbox);
  const listId = `${inbox}-list`;

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

  const filters = (
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
  );

  return (
    <div className="flex flex-col gap-4">
      <header className="flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-semibold tracking-tight">{def.title}</h1>
        {screen.headerEnd && <div className="ml-auto">{screen.headerEnd}</div>}
      </header>
      <ListIssues
        issues={list.issues}
        labels={{
          status: "Status",
          assignee: "Assignee",
          service: "Service",
          deal: "Buy or rent",
          q: "Search",
        }}
      />
      <StatusTabs
        label={`${def.title} by status`}
        tabs={tabs}
        value={list.query.filters.status ?? null}
        onChange={(v) => list.setFilter("status", v ?? undefined)}
        controls={listId}
      />
      <ListToolbar list={list} searchLabel={`Search ${def.title.toLowerCase()}`} filters={filters} />
      <div className="flex min-w-0 flex-col gap-3">
        <RecordList
          id={listId}
          label={def.title}
          rows={result.data?.rows ?? []}
          getId={(r) => r.id}
          rowLabel={(r) => `${r.full_name}, ${def.labels[r.status]?.label ?? r.status}`}
          selectedId={null}
          onSelect={(r) => void navigate(inboxRecordPath(inbox, r.id))}
          loading={result.isPending || result.isFetching}
          error={result.isError ? result.error : undefined}
          onRetry={() => void result.refetch()}
          empty={
            list.query.search || list.query.filters.status || list.query.filters.assignee
              ? "Nothing matches these filters."
              : `No ${def.noun}s yet.`
          }
          renderRow={(r) => (
            <div className="flex flex-col gap-0.5">
              <div className="flex items-center gap-2">
                <span className="truncate font-medium">{r.full_name}</span>
                <StatusBadge value={r.status} map={statusMap} className="ml-auto" />
              </div>
              <div className="truncate text-sm text-muted-foreground">{screen.summary(r, fmt)}</div>
              <div className="flex gap-2 text-xs text-muted-foreground">
                <span>{fmt.dateTime(r.created_at)}</span>
                <span aria-hidden="true">·</span>
                <span>{r.assignee_id ? memberName(r.assignee_id) : "Unassigned"}</span>
              </div>
            </div>
          )}
        />
        <ListPagination list={list} total={result.data?.total ?? 0} loading={result.isPending} />
      </div>
    </div>
  );
}
