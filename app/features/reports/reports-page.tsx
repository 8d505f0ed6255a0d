/**
 * Reports: money, sales and agents, leads, stock and the compliance pack, over a period kept in
 * the URL (`?tab=money&period=quarter`, or `period=custom&from=…&to=…`, Africa/Accra calendar).
 * Every figure is computed by the database under the caller's access; staff see their own
 * records' figures, said as much. A bad period shows its message and no figures at all.
 */
import { PrinterIcon } from "lucide-react";
import { lazy, Suspense, type ComponentType } from "react";
import { useSearchParams } from "react-router";
import { todayInAccra } from "#core/form-fields.ts";
import { REPORT_PERIOD_LABELS, REPORT_PERIODS, reportYear, resolvePeriod } from "#core/reports/period.ts";
import { Button } from "#app/components/ui/button.tsx";
import { NativeSelect } from "#app/components/ui/native-select.tsx";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "#app/components/ui/tabs.tsx";
import { useOwnScope } from "#app/lib/module-access-queries.ts";
import { Skeleton } from "#app/components/ui/skeleton.tsx";

// Each tab's report loads when it is opened: the page itself stays light.
const named = <K extends string, C extends ComponentType<never>>(load: Promise<Record<K, C>>, name: K) =>
  load.then((m) => ({ default: m[name] }));
const AgentReport = lazy(() => named(import("./components/agent-report.tsx"), "AgentReport"));
const ComplianceReport = lazy(() => named(import("./components/compliance-report.tsx"), "ComplianceReport"));
const ClientMoneyReport = lazy(() =>
  named(import("./components/client-money-report.tsx"), "ClientMoneyReport"),
);
const LeadsReport = lazy(() => named(import("./components/leads-report.tsx"), "LeadsReport"));
const MoneyReport = lazy(() => named(import("./components/money-report.tsx"), "MoneyReport"));
const SalesReport = lazy(() => named(import("./components/sales-report.tsx"), "SalesReport"));
const StockReport = lazy(() => named(import("./components/stock-report.tsx"), "StockReport"));

const TABS = [
  ["money", "Money"],
  ["sales", "Sales & agents"],
  ["leads", "Leads"],
  ["stock", "Stock"],
  ["compliance", "Compliance"],
] as const;
type Tab = (typeof TABS)[number][0];

export default function ReportsPage() {
  const [params, setParams] = useSearchParams();
  const set = (changes: Record<string, string | null>) =>
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        for (const [k, v] of Object.entries(changes))
          if (v === null || v === "") next.delete(k);
          else next.set(k, v);
        return next;
      },
      { replace: true },
    );
  const tab = (TABS.find(([t]) => t === params.get("tab"))?.[0] ?? "money") as Tab;
  const resolved = resolvePeriod({
    period: params.get("period"),
    from: params.get("from"),
    to: params.get("to"),
  });
  const kind = params.get("period") ?? "month";
  const year = reportYear(params.get("year") ?? todayInAccra().slice(0, 4));
  // Staff whose deals or invoices are "own" see their records' figures (RLS decides in any case).
  const ownDeals = useOwnScope("deals");
  const ownInvoices = useOwnScope("invoices");
  const own = !!ownDeals || !!ownInvoices;
  const period = resolved.ok ? resolved.period : null;
  // An agent's page (?tab=sales&agent=<id>): the database refuses an agent the caller may not see.
  const agent = tab === "sales" ? params.get("agent") : null;
  return (
    <div className="flex flex-col gap-4">
      <header className="flex flex-wrap items-end gap-3">
        <h1 className="mr-auto text-2xl font-semibold tracking-tight">Reports</h1>
        {tab !== "compliance" ? (
          <div className="flex flex-wrap items-end gap-2 print:hidden">
            <label className="flex flex-col gap-1 text-sm font-medium">
              Period
              <NativeSelect
                value={kind}
                onChange={(e) =>
                  set(
                    e.target.value === "custom"
                      ? {
                          period: "custom",
                          from: period?.from ?? todayInAccra().slice(0, 8) + "01",
                          to: period?.to ?? todayInAccra(),
                        }
                      : { period: e.target.value, from: null, to: null },
                  )
                }
              >
                {REPORT_PERIODS.map((p) => (
                  <option key={p} value={p}>
                    {REPORT_PERIOD_LABELS[p]}
                  </option>
                ))}
              </NativeSelect>
            </label>
            {kind === "custom" ? (
              <>
                <label className="flex flex-col gap-1 text-sm font-medium">
                  From
                  <input
                    type="date"
                    value={params.get("from") ?? ""}
                    onChange={(e) => set({ from: e.target.value })}
                    className="h-9 rounded-md border bg-background px-2"
                  />
                </label>
                <label className="flex flex-col gap-1 text-sm font-medium">
                  To
                  <input
                    type="date"
                    value={params.get("to") ?? ""}
                    onChange={(e) => set({ to: e.target.value })}
                    className="h-9 rounded-md border bg-background px-2"
                  />
                </label>
              </>
            ) : null}
          </div>
        ) : null}
        <Button variant="outline" className="print:hidden" onClick={() => window.print()}>
          <PrinterIcon aria-hidden="true" /> Print
        </Button>
      </header>
      {period && tab !== "compliance" ? (
        <p className="text-sm text-muted-foreground" data-testid="report-period">
          {period.from} to {period.to} (Africa/Accra)
        </p>
      ) : null}
      <Tabs value={tab} onValueChange={(v) => set({ tab: v, agent: null })}>
        <TabsList className="flex-wrap print:hidden">
          {TABS.map(([t, label]) => (
            <TabsTrigger key={t} value={t}>
              {label}
            </TabsTrigger>
          ))}
        </TabsList>
        {!resolved.ok && tab !== "compliance" ? (
          <p role="alert" className="mt-4 text-sm font-medium text-destructive">
            {resolved.message}
          </p>
        ) : null}
        <TabsContent value="money" className="mt-4">
          <Suspense fallback={<Skeleton className="h-64 w-full" />}>
            {period ? <MoneyReport period={period} own={own} /> : null}
            {period ? <ClientMoneyReport period={period} /> : null}
          </Suspense>
        </TabsContent>
        <TabsContent value="sales" className="mt-4">
          <Suspense fallback={<Skeleton className="h-64 w-full" />}>
            {period && agent ? (
              <AgentReport agent={agent} period={period} own={own} />
            ) : period ? (
              <SalesReport period={period} own={own} />
            ) : null}
          </Suspense>
        </TabsContent>
        <TabsContent value="leads" className="mt-4">
          <Suspense fallback={<Skeleton className="h-64 w-full" />}>
            {period ? <LeadsReport period={period} own={own} /> : null}
          </Suspense>
        </TabsContent>
        <TabsContent value="stock" className="mt-4">
          <Suspense fallback={<Skeleton className="h-64 w-full" />}>
            <StockReport period={period} own={own} />
          </Suspense>
        </TabsContent>
        <TabsContent value="compliance" className="mt-4">
          <Suspense fallback={<Skeleton className="h-64 w-full" />}>
            {year.ok ? (
              <ComplianceReport year={year.year} onYear={(y) => set({ year: y })} />
            ) : (
              <div className="flex flex-col gap-2">
                <p role="alert" className="text-sm font-medium text-destructive">
                  {year.message}
                </p>
                <Button variant="outline" className="self-start" onClick={() => set({ year: null })}>
                  This year
                </Button>
              </div>
            )}
          </Suspense>
        </TabsContent>
      </Tabs>
    </div>
  );
}
