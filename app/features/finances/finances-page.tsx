/**
 * /finances: the agency's money by month or by year (`?view=month|year&year=2026` in the URL) —
 * income, expenses, profit, VAT collected vs paid, client (trust) money kept apart (Act 1047),
 * charts (recharts, loaded with the overview) with the same figures as a table, CSV for the
 * accountant; the entries (staff record expenses with receipts, admins approve); for admins the
 * accounts and the reminder offsets. Totals refresh live on colleagues' payments (realtime.ts).
 */
import { useMutation } from "@tanstack/react-query";
import { CheckIcon, PlusIcon, XIcon } from "lucide-react";
import { lazy, Suspense, useMemo, useState } from "react";
import { useSearchParams } from "react-router";
import { toast } from "#app/lib/toast.ts";
import {
  ACCOUNT_KIND_LABELS,
  ACCOUNT_KINDS,
  ENTRY_STATUS_LABELS,
  ENTRY_STATUSES,
  entryListQuery,
  reportPeriod,
  reportTotals,
  type AccountKind,
  type EntryRow,
  type ReportGrain,
  type ReportRow,
} from "#core/money/finances.ts";
import { formatMinor, minorToDecimal } from "#core/money/minor-units.ts";
import { toCsv, type CsvColumn } from "#core/records/csv.ts";
import { Money } from "#app/components/money/money-text.tsx";
import { DataTable, type DataTableColumn } from "#app/components/records/data-table.tsx";
import { FilterMultiSelect, FilterSelect, ListIssues } from "#app/components/records/list-filters.tsx";
import { useListQuery } from "#app/components/records/use-list-query.ts";
import { Badge } from "#app/components/ui/badge.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Field } from "#app/components/ui/field.tsx";
import { Input } from "#app/components/ui/input.tsx";
import { NativeSelect } from "#app/components/ui/native-select.tsx";
import { Skeleton } from "#app/components/ui/skeleton.tsx";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "#app/components/ui/tabs.tsx";
import { useFormatters, type Formatters } from "#app/lib/format.ts";
import { useOwnScope } from "#app/lib/module-access.ts";
import { useSession } from "#app/lib/session.tsx";
import { useMemberName } from "#app/lib/team-members.ts";
import { createAccount, listEntries, setEntryStatus, setReminderOffsets } from "./api/finances-api.ts";
import { EntryDialog } from "./components/entry-dialog.tsx";
import {
  useCategoryTotals,
  useEntries,
  useFinanceAccounts,
  useFinanceCategories,
  useFinancesChanged,
  useReceipts,
  useReminderOffsets,
  useReport,
} from "./hooks/finance-queries.ts";

const IncomeExpensesChart = lazy(() =>
  import("./components/finance-charts.tsx").then((m) => ({ default: m.IncomeExpensesChart })),
);
const CategoryChart = lazy(() =>
  import("./components/finance-charts.tsx").then((m) => ({ default: m.CategoryChart })),
);

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

export default function FinancesPage() {
  const [params, setParams] = useSearchParams();
  const { role } = useSession();
  const thisYear = new Date().getUTCFullYear();
  const grain: ReportGrain = params.get("view") === "year" ? "year" : "month";
  const year = Math.min(Math.max(Number(params.get("year")) || thisYear, 2000), thisYear + 1);
  const tab = params.get("tab") ?? "overview";
  const set = (k: string, v: string | null) =>
    setParams((p) => {
      const n = new URLSearchParams(p);
      if (v === null) n.delete(k);
      else n.set(k, v);
      return n;
    });
  return (
    <div className="flex flex-col gap-4">
      <header className="flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-semibold tracking-tight">Finances</h1>
      </header>
      <Tabs value={tab} onValueChange={(t) => set("tab", t === "overview" ? null : t)}>
        <TabsList>
          <TabsTrigger value="overview">Overview</TabsTrigger>
          <TabsTrigger value="entries">Entries</TabsTrigger>
          {role === "admin" && <TabsTrigger value="settings">Accounts and reminders</TabsTrigger>}
        </TabsList>
        <TabsContent value="overview">
          <Overview
            grain={grain}
            year={year}
            thisYear={thisYear}
            onGrain={(g) => set("view", g === "month" ? null : g)}
            onYear={(y) => set("year", String(y))}
          />
        </TabsContent>
        <TabsContent value="entries">
          <Entries />
        </TabsContent>
        {role === "admin" && (
          <TabsContent value="settings">
            <Settings />
          </TabsContent>
        )}
      </Tabs>
    </div>
  );
}

function Overview({
  grain,
  year,
  thisYear,
  onGrain,
  onYear,
}: {
  grain: ReportGrain;
  year: number;
  thisYear: number;
  onGrain: (g: ReportGrain) => void;
  onYear: (y: number) => void;
}) {
  const { from, to } = reportPeriod(grain, year);
  const report = useReport(from, to, grain);
  const categories = useCategoryTotals(from, to);
  const rows = report.data ?? [];
  const totals = reportTotals(rows);
  // Staff under record-level access get figures from the entries they own only: said so.
  const own = useOwnScope("expenses");
  const label = (p: string) =>
    grain === "month" ? `${MONTHS[Number(p.slice(5, 7)) - 1]} ${p.slice(0, 4)}` : p.slice(0, 4);
  const exportReport = () => {
    const cols: CsvColumn<ReportRow>[] = [
      { header: grain === "month" ? "Month" : "Year", value: (r) => label(r.period_start) },
      { header: "Income (GHS)", value: (r) => minorToDecimal(r.income) },
      { header: "Expenses (GHS)", value: (r) => minorToDecimal(r.expenses) },
      { header: "Profit (GHS)", value: (r) => minorToDecimal(r.profit) },
      { header: "VAT collected (GHS)", value: (r) => minorToDecimal(r.vat_collected) },
      { header: "VAT paid (GHS)", value: (r) => minorToDecimal(r.vat_paid) },
      { header: "Client money in (GHS)", value: (r) => minorToDecimal(r.client_money_in) },
      { header: "Client money out (GHS)", value: (r) => minorToDecimal(r.client_money_out) },
      { header: "Entries waiting for approval", value: (r) => String(r.pending_entries) },
    ];
    const blob = new Blob([toCsv(cols, rows)], { type: "text/csv;charset=utf-8" });
    const a = document.createElement("a");
    a.href = URL.createObjectURL(blob);
    a.download = `finances-${grain}-${from}-${to}.csv`;
    a.click();
    URL.revokeObjectURL(a.href);
  };
  return (
    <div className="flex flex-col gap-4 pt-2">
      <div className="flex flex-wrap items-end gap-3">
        <Field label="View">
          <NativeSelect
            value={grain}
            onChange={(e) => onGrain(e.target.value as ReportGrain)}
            className="w-40"
          >
            <option value="month">By month</option>
            <option value="year">By year (5 years)</option>
          </NativeSelect>
        </Field>
        <Field label="Year">
          <NativeSelect value={year} onChange={(e) => onYear(Number(e.target.value))} className="w-32">
            {Array.from({ length: 6 }, (_, i) => thisYear - i).map((y) => (
              <option key={y} value={y}>
                {y}
              </option>
            ))}
          </NativeSelect>
        </Field>
        <Button variant="outline" onClick={exportReport} disabled={!rows.length}>
          Export CSV
        </Button>
      </div>
      {own ? (
        <p className="text-sm font-medium" data-testid="your-records">
          Figures from your records: the entries you recorded, not the company's.
        </p>
      ) : null}
      <dl className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4" data-testid="finance-totals">
        <Stat label="Income" minor={totals.income} testId="total-income" />
        <Stat label="Expenses" minor={totals.expenses} />
        <Stat label="Profit" minor={totals.profit} testId="total-profit" />
        <Stat label="VAT collected" minor={totals.vat_collected} testId="vat-collected" />
        <Stat label="VAT paid (input)" minor={totals.vat_paid} />
        <Stat label="VAT due (collected − paid)" minor={totals.vat_due} />
        <Stat label="Client money in (trust)" minor={totals.client_money_in} />
        <Stat label="Client money out (trust)" minor={totals.client_money_out} />
      </dl>
      <div className="grid gap-4 lg:grid-cols-2">
        <section className="rounded-lg border p-3" aria-labelledby="ie-h">
          <h2 id="ie-h" className="mb-2 font-semibold">
            Income and expenses
          </h2>
          <Suspense fallback={<Skeleton className="h-72 w-full" />}>
            {report.data ? (
              <IncomeExpensesChart rows={rows} label={label} />
            ) : (
              <Skeleton className="h-72 w-full" />
            )}
          </Suspense>
        </section>
        <section className="rounded-lg border p-3" aria-labelledby="cat-h">
          <h2 id="cat-h" className="mb-2 font-semibold">
            By category
          </h2>
          <Suspense fallback={<Skeleton className="h-72 w-full" />}>
            {categories.data ? (
              <CategoryChart totals={categories.data} />
            ) : (
              <Skeleton className="h-72 w-full" />
            )}
          </Suspense>
        </section>
      </div>
      <div className="overflow-x-auto rounded-lg border">
        <table className="w-full text-sm" aria-label="Finance report">
          <thead>
            <tr className="border-b bg-muted/50 text-left">
              <th scope="col" className="p-2">
                {grain === "month" ? "Month" : "Year"}
              </th>
              {[
                "Income",
                "Expenses",
                "Profit",
                "VAT collected",
                "VAT paid",
                "Client money in",
                "Client money out",
                "Waiting",
              ].map((h) => (
                <th key={h} scope="col" className="p-2 text-right">
                  {h}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.period_start} className="border-b">
                <th scope="row" className="p-2 text-left font-medium">
                  {label(r.period_start)}
                </th>
                {[
                  r.income,
                  r.expenses,
                  r.profit,
                  r.vat_collected,
                  r.vat_paid,
                  r.client_money_in,
                  r.client_money_out,
                ].map((v, i) => (
                  <td key={i} className="p-2 text-right tabular-nums">
                    {formatMinor(v, "GHS")}
                  </td>
                ))}
                <td className="p-2 text-right">{r.pending_entries || ""}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {categories.data && (
        <ul className="grid gap-1 text-sm sm:grid-cols-2" aria-label="Totals by category">
          {categories.data.map((c) => (
            <li key={c.category_id} className="flex justify-between rounded border px-2 py-1">
              <span>
                {c.category} <span className="text-muted-foreground">({c.kind})</span>
              </span>
              <span className="tabular-nums">{formatMinor(c.total, "GHS")}</span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function Stat({ label, minor, testId }: { label: string; minor: number; testId?: string }) {
  return (
    <div className="rounded-lg border p-3">
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd className="text-xl font-semibold" data-testid={testId}>
        <Money minor={minor} currency="GHS" />
      </dd>
    </div>
  );
}

const STATUS_TONE = { pending: "warning", approved: "success", rejected: "danger" } as const;

function entryColumns(
  fmt: Formatters,
  member: (id: string | null) => string,
  category: (id: string) => string,
  account: (id: string | null) => string,
): DataTableColumn<EntryRow>[] {
  return [
    { id: "entry_date", header: "Date", cell: ({ row }) => fmt.date(row.original.entry_date) },
    {
      id: "description",
      header: "Description",
      enableHiding: false,
      cell: ({ row }) => <EntryDescription entry={row.original} />,
    },
    { id: "category", header: "Category", cell: ({ row }) => category(row.original.category_id) },
    { id: "account", header: "Account", cell: ({ row }) => account(row.original.account_id) },
    {
      id: "status",
      header: "Status",
      cell: ({ row }) => (
        <Badge tone={STATUS_TONE[row.original.status]}>{ENTRY_STATUS_LABELS[row.original.status]}</Badge>
      ),
    },
    {
      id: "amount_ghs",
      header: "Amount (GHS)",
      cell: ({ row }) => (
        <Money
          minor={row.original.kind === "expense" ? -row.original.amount_ghs : row.original.amount_ghs}
          currency="GHS"
        />
      ),
      meta: { className: "text-right" },
    },
    {
      id: "owner",
      header: "Recorded by",
      cell: ({ row }) => (row.original.payment_id ? "Payment" : member(row.original.owner_id)),
    },
  ];
}

function EntryDescription({ entry }: { entry: EntryRow }) {
  const count = entry.finance_attachments?.length ?? 0;
  const [open, setOpen] = useState(false);
  const receipts = useReceipts(open ? entry.id : null);
  return (
    <div className="flex flex-col">
      <span>{entry.description}</span>
      {entry.counterparty && <span className="text-xs text-muted-foreground">{entry.counterparty}</span>}
      {entry.rejection_reason && (
        <span className="text-xs text-red-800">Rejected: {entry.rejection_reason}</span>
      )}
      {count > 0 && (
        <button
          type="button"
          className="self-start text-xs underline"
          onClick={(e) => (e.stopPropagation(), setOpen(true))}
        >
          {count} receipt{count === 1 ? "" : "s"}
        </button>
      )}
      {open &&
        receipts.data?.map((r) =>
          r.url ? (
            <a
              key={r.id}
              href={r.url}
              target="_blank"
              rel="noopener noreferrer"
              className="text-xs underline"
            >
              {r.file_name}
            </a>
          ) : null,
        )}
    </div>
  );
}

function Entries() {
  const list = useListQuery(entryListQuery);
  const result = useEntries(list.query);
  const { role } = useSession();
  const fmt = useFormatters();
  const member = useMemberName();
  const categories = useFinanceCategories();
  const accounts = useFinanceAccounts();
  const changed = useFinancesChanged();
  const [recording, setRecording] = useState(false);
  const catName = (id: string) => categories.data?.find((c) => c.id === id)?.name ?? "—";
  const accName = (id: string | null) => (id ? (accounts.data?.find((a) => a.id === id)?.name ?? "—") : "—");
  const cols = useMemo(
    () => entryColumns(fmt, member, catName, accName),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [fmt, member, categories.data, accounts.data],
  );
  const decide = useMutation({
    mutationFn: ({
      ids,
      status,
      reason,
    }: {
      ids: string[];
      status: "approved" | "rejected";
      reason: string | null;
    }) => setEntryStatus(ids, status, reason),
    meta: { errorTitle: "Not changed" },
    onSuccess: (_r, v) => (toast.success(v.status === "approved" ? "Approved" : "Rejected"), changed(v.ids)),
  });
  const f = list.query.filters;
  const csv: CsvColumn<EntryRow>[] = [
    { header: "Date", value: (r) => r.entry_date },
    { header: "Kind", value: (r) => r.kind },
    { header: "Status", value: (r) => ENTRY_STATUS_LABELS[r.status] },
    { header: "Description", value: (r) => r.description },
    { header: "Counterparty", value: (r) => r.counterparty ?? "" },
    { header: "Category", value: (r) => catName(r.category_id) },
    { header: "Account", value: (r) => accName(r.account_id) },
    { header: "Currency", value: (r) => r.currency },
    { header: "Amount", value: (r) => minorToDecimal(r.amount) },
    { header: "Rate", value: (r) => r.exchange_rate },
    { header: "Amount GHS", value: (r) => minorToDecimal(r.amount_ghs) },
    { header: "VAT included", value: (r) => minorToDecimal(r.vat_amount) },
    { header: "Reference", value: (r) => r.reference ?? "" },
    { header: "Recorded by", value: (r) => (r.payment_id ? "Payment" : member(r.owner_id)) },
  ];
  return (
    <div className="flex flex-col gap-3 pt-2">
      <ListIssues issues={list.issues} />
      <DataTable<EntryRow, (typeof entryListQuery.sortable)[number], typeof entryListQuery.filters>
        label="Finance entries"
        tableId="finance-entries"
        columns={cols}
        list={list}
        result={result}
        getRowId={(r) => r.id}
        rowLabel={(r) => r.description}
        bulkActions={
          role === "admin"
            ? (rows, clear) => {
                const pending = rows.filter((r) => r.status === "pending").map((r) => r.id);
                return (
                  <>
                    <Button
                      size="sm"
                      disabled={!pending.length}
                      onClick={() => (
                        decide.mutate({ ids: pending, status: "approved", reason: null }), clear()
                      )}
                    >
                      <CheckIcon aria-hidden="true" /> Approve
                    </Button>
                    <Button
                      size="sm"
                      variant="outline"
                      disabled={!pending.length}
                      onClick={() => {
                        const reason = window.prompt("Why are they rejected?");
                        if (reason && reason.trim().length >= 3)
                          decide.mutate({ ids: pending, status: "rejected", reason: reason.trim() });
                        clear();
                      }}
                    >
                      <XIcon aria-hidden="true" /> Reject
                    </Button>
                  </>
                );
              }
            : undefined
        }
        exportCsv={{
          fileName: "finance-entries",
          columns: csv,
          fetchPage: (range) => listEntries(list.query, range),
        }}
        searchLabel="Search descriptions"
        filters={
          <>
            <FilterSelect
              label="Kind"
              options={[
                { value: "income", label: "Income" },
                { value: "expense", label: "Expenses" },
              ]}
              value={f.kind}
              onChange={(v) => list.setFilter("kind", v)}
            />
            <FilterMultiSelect
              label="Status"
              options={ENTRY_STATUSES.map((s) => ({ value: s, label: ENTRY_STATUS_LABELS[s] }))}
              value={f.status}
              onChange={(v) => list.setFilter("status", v)}
            />
            <FilterSelect
              label="Account"
              options={(accounts.data ?? []).map((a) => ({ value: a.id, label: a.name }))}
              value={f.account}
              onChange={(v) => list.setFilter("account", v)}
            />
          </>
        }
        actions={
          <Button size="sm" onClick={() => setRecording(true)}>
            <PlusIcon aria-hidden="true" /> Record an entry
          </Button>
        }
        empty={{
          title: "No entries",
          description: "Record an expense with its receipt; payments appear here as income by themselves.",
        }}
      />
      {recording && <EntryDialog onClose={() => setRecording(false)} />}
    </div>
  );
}

function Settings() {
  const accounts = useFinanceAccounts();
  const offsets = useReminderOffsets();
  const changed = useFinancesChanged();
  const [text, setText] = useState<string | null>(null);
  const [acc, setAcc] = useState({
    name: "",
    kind: "bank" as AccountKind,
    institution: "",
    account_number: "",
  });
  const saveOffsets = useMutation({
    mutationFn: (v: number[]) => setReminderOffsets(v),
    meta: { errorTitle: "Reminders not changed" },
    onSuccess: () => (toast.success("Reminder days saved"), changed([])),
  });
  const addAccount = useMutation({
    mutationFn: () =>
      createAccount({
        name: acc.name.trim(),
        kind: acc.kind,
        institution: acc.institution.trim() || null,
        account_number: acc.account_number.trim() || null,
        currency: "GHS",
      }),
    meta: { errorTitle: "Account not added" },
    onSuccess: () => (
      toast.success("Account added"),
      setAcc({ name: "", kind: "bank", institution: "", account_number: "" }),
      changed([])
    ),
  });
  const shown = text ?? (offsets.data ?? []).join(", ");
  const parsed = shown
    .split(/[,\s]+/)
    .filter(Boolean)
    .map(Number);
  const bad = parsed.some((n) => !Number.isInteger(n) || n < -60 || n > 120) || parsed.length > 10;
  return (
    <div className="grid gap-6 pt-2 lg:grid-cols-2">
      <section aria-labelledby="acc-h" className="flex flex-col gap-3">
        <h2 id="acc-h" className="font-semibold">
          Accounts
        </h2>
        <ul className="flex flex-col gap-1 text-sm">
          {(accounts.data ?? []).map((a) => (
            <li key={a.id} className="flex justify-between rounded border px-2 py-1">
              <span>{a.name}</span>
              <span className="text-muted-foreground">{ACCOUNT_KIND_LABELS[a.kind]}</span>
            </li>
          ))}
        </ul>
        <form
          aria-label="Add an account"
          className="grid gap-2 sm:grid-cols-2"
          onSubmit={(e) => {
            e.preventDefault();
            addAccount.mutate();
          }}
        >
          <Field label="Name" required>
            <Input value={acc.name} onChange={(e) => setAcc({ ...acc, name: e.target.value })} />
          </Field>
          <Field label="Kind">
            <NativeSelect
              value={acc.kind}
              onChange={(e) => setAcc({ ...acc, kind: e.target.value as AccountKind })}
            >
              {ACCOUNT_KINDS.map((k) => (
                <option key={k} value={k}>
                  {ACCOUNT_KIND_LABELS[k]}
                </option>
              ))}
            </NativeSelect>
          </Field>
          <Field label="Bank or network">
            <Input
              value={acc.institution}
              onChange={(e) => setAcc({ ...acc, institution: e.target.value })}
            />
          </Field>
          <Field label="Account (last digits)">
            <Input
              value={acc.account_number}
              onChange={(e) => setAcc({ ...acc, account_number: e.target.value })}
            />
          </Field>
          <Button
            type="submit"
            size="sm"
            className="self-end"
            disabled={acc.name.trim().length < 2 || addAccount.isPending}
          >
            Add account
          </Button>
        </form>
      </section>
      <section aria-labelledby="rem-h" className="flex flex-col gap-3">
        <h2 id="rem-h" className="font-semibold">
          Overdue reminders
        </h2>
        <Field
          label="Days from the due date"
          description="E.g. −3, 1, 7: three days before, a day after and a week after. Each is sent once per invoice."
          error={bad ? "Whole days from −60 to 120, at most ten" : undefined}
        >
          <Input value={shown} onChange={(e) => setText(e.target.value)} />
        </Field>
        <Button
          size="sm"
          className="self-start"
          disabled={bad || saveOffsets.isPending}
          onClick={() => saveOffsets.mutate([...new Set(parsed)].sort((a, b) => a - b))}
        >
          Save reminder days
        </Button>
      </section>
    </div>
  );
}
