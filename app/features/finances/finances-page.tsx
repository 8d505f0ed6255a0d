/**
 * /finances: the record kit's list screen with three views — the overview of the agency's money by
 * month or by year (`?by=year&year=2026`), the entries (staff record expenses with receipts,
 * admins approve the selected or all matching; filters, sort and saved views in the URL, CSV for
 * the accountant) and, for admins, the accounts and the reminder offsets. Totals and entries
 * refresh live on colleagues' payments (realtime.ts).
 */
import { LandmarkIcon, ListIcon, PieChartIcon } from "lucide-react";
import { lazy, Suspense, useEffect, useMemo, useState } from "react";
import { useSearchParams } from "react-router";
import { entryListQuery, type EntryRow, type ReportGrain } from "#core/finances/finances.ts";
import { useListSavedViews } from "#app/components/records/hooks/use-list-saved-views.ts";
import { defineListScreen, ListScreen, useListScreen } from "#app/components/records/list-screen.tsx";
import { useFormatters } from "#app/lib/format.ts";
import { useSession } from "#app/lib/session.tsx";
import { useMemberName } from "#app/lib/team-members-queries.ts";
import { listEntries } from "./api/finances-api.ts";
import { EntryApproval, entryColumns, entryCsvColumns, EntryFilters } from "./components/entry-list.tsx";
import { Overview } from "./components/finance-overview.tsx";
import { useEntries, useFinanceAccounts, useFinanceCategories } from "./hooks/finance-queries.ts";

// Loaded when they open: react-hook-form and the settings stay out of the page's first download.
const EntryDialog = lazy(() =>
  import("./components/entry-dialog.tsx").then((m) => ({ default: m.EntryDialog })),
);
const FinanceSettings = lazy(() =>
  import("./components/finance-settings.tsx").then((m) => ({ default: m.FinanceSettings })),
);

const VIEWS = [
  { id: "overview", label: "Overview", icon: PieChartIcon },
  { id: "entries", label: "Entries", icon: ListIcon },
] as const;
const ADMIN_VIEWS = [
  ...VIEWS,
  { id: "settings", label: "Accounts and reminders", icon: LandmarkIcon },
] as const;

const screenOf = (views: typeof ADMIN_VIEWS | typeof VIEWS) =>
  defineListScreen({
    title: "Finances",
    query: entryListQuery,
    noun: "entries",
    filterLabels: {
      kind: "Kind",
      status: "Status",
      category: "Category",
      account: "Account",
      from: "From",
      to: "To",
    },
    table: {
      id: "finance-entries",
      label: "Finance entries",
      searchLabel: "Search descriptions",
      rowId: (r: EntryRow) => r.id,
      rowLabel: (r) => r.description,
    },
    views: views as readonly {
      id: "overview" | "entries" | "settings";
      label: string;
      icon: typeof ListIcon;
    }[],
    tableView: "entries",
    savedViews: { listKey: "finance-entries", layouts: { view: ["entries"] } },
  });
const STAFF_SCREEN = screenOf(VIEWS);
const ADMIN_SCREEN = screenOf(ADMIN_VIEWS);

export default function FinancesPage() {
  const { role } = useSession();
  const definition = role === "admin" ? ADMIN_SCREEN : STAFF_SCREEN;
  const screen = useListScreen(definition);
  const { list, view } = screen;
  const [params, setParams] = useSearchParams();
  useLegacyTab(params, setParams);
  const thisYear = new Date().getUTCFullYear();
  const grain: ReportGrain = params.get("by") === "year" ? "year" : "month";
  const year = Math.min(Math.max(Number(params.get("year")) || thisYear, 2000), thisYear + 1);
  const result = useEntries(list.query);
  const fmt = useFormatters();
  const member = useMemberName();
  const categories = useFinanceCategories();
  const accounts = useFinanceAccounts();
  const [recording, setRecording] = useState(false);
  const catName = (id: string) => categories.data?.find((c) => c.id === id)?.name ?? "—";
  const accName = (id: string | null) => (id ? (accounts.data?.find((a) => a.id === id)?.name ?? "—") : "—");
  const columns = useMemo(
    () => entryColumns(fmt, member, catName, accName),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the names change with their queries
    [fmt, member, categories.data, accounts.data],
  );
  const views = useListSavedViews(definition, columns);
  const set = (k: string, v: string | null) =>
    setParams(
      (p) => {
        const n = new URLSearchParams(p);
        if (v === null) n.delete(k);
        else n.set(k, v);
        return n;
      },
      { preventScrollReset: true },
    );

  return (
    <>
      <ListScreen
        definition={definition}
        screen={screen}
        columns={columns}
        result={result}
        savedViews={view === "entries" ? views : undefined}
        bulkActions={
          role === "admin" ? (rows, clear) => <EntryApproval rows={rows} clear={clear} /> : undefined
        }
        exportCsv={{
          fileName: "finance-entries",
          columns: entryCsvColumns(member, catName, accName),
          fetchPage: (range) => listEntries(list.query, range),
        }}
        filters={<EntryFilters list={list} accounts={accounts.data ?? []} />}
        primary={{ label: "Record an entry", onClick: () => setRecording(true) }}
        empty={{
          title: "No entries",
          description: "Record an expense with its receipt; payments appear here as income by themselves.",
        }}
        views={{
          overview: {
            status: null,
            toolbar: false,
            body: (
              <Overview
                grain={grain}
                year={year}
                thisYear={thisYear}
                onGrain={(g) => set("by", g === "month" ? null : g)}
                onYear={(y) => set("year", String(y))}
              />
            ),
          },
          settings: { status: null, toolbar: false, body: <FinanceSettings /> },
        }}
      />
      {recording && (
        <Suspense fallback={null}>
          <EntryDialog onClose={() => setRecording(false)} />
        </Suspense>
      )}
    </>
  );
}

/** Links from before the list screen said `?tab=entries`: they open the same view. */
function useLegacyTab(params: URLSearchParams, setParams: ReturnType<typeof useSearchParams>[1]) {
  const tab = params.get("tab");
  useEffect(() => {
    if (tab === null) return;
    setParams(
      (p) => {
        const n = new URLSearchParams(p);
        n.delete("tab");
        if (tab !== "overview") n.set("view", tab);
        return n;
      },
      { replace: true },
    );
  }, [tab, setParams]);
}
