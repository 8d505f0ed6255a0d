/**
 * The finances overview: the agency's money by month or by year — income, expenses, profit, VAT
 * collected vs paid, client (trust) money kept apart (Act 1047), charts (recharts, loaded with the
 * overview) with the same figures as a table, and CSV for the accountant.
 */
import { lazy, Suspense } from "react";
import { reportPeriod, reportTotals, type ReportGrain, type ReportRow } from "#core/finances/finances.ts";
import { formatMinor, minorToDecimal } from "#core/money/minor-units.ts";
import { toCsv, type CsvColumn } from "#core/records/csv.ts";
import { Money } from "#app/components/money/money-text.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Field } from "#app/components/ui/field.tsx";
import { NativeSelect } from "#app/components/ui/native-select.tsx";
import { Skeleton } from "#app/components/ui/skeleton.tsx";
import { useOwnScope } from "#app/lib/module-access-queries.ts";
import { useCategoryTotals, useReport } from "../hooks/finance-queries.ts";

const IncomeExpensesChart = lazy(() =>
  import("./finance-charts.tsx").then((m) => ({ default: m.IncomeExpensesChart })),
);
const CategoryChart = lazy(() => import("./finance-charts.tsx").then((m) => ({ default: m.CategoryChart })));

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

export function Overview({
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
