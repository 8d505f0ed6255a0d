/** Dashboard slot "income-expenses": this month's income, expenses and profit (GHS, approved entries). */
import { Link } from "react-router";
import { todayInAccra } from "#core/form-fields.ts";
import { reportTotals } from "#core/finances/finances.ts";
import { formatMinor } from "#core/money/minor-units.ts";
import { Skeleton } from "#app/components/ui/skeleton.tsx";
import { useReport } from "../hooks/finance-queries.ts";

export default function IncomeExpensesWidget() {
  const today = todayInAccra();
  const from = `${today.slice(0, 8)}01`;
  const report = useReport(from, today, "month");
  if (!report.data) return <Skeleton className="h-24 w-full" />;
  const t = reportTotals(report.data);
  const max = Math.max(t.income, t.expenses, 1);
  return (
    <div className="flex flex-col gap-2 text-sm" data-testid="income-expenses">
      {[
        ["Income", t.income, "bg-emerald-600"],
        ["Expenses", t.expenses, "bg-amber-600"],
      ].map(([label, value, colour]) => (
        <div key={label as string}>
          <div className="flex justify-between gap-2">
            <span>{label}</span>
            <span className="whitespace-nowrap tabular-nums">{formatMinor(value as number, "GHS")}</span>
          </div>
          <div className="h-2 rounded bg-muted" aria-hidden="true">
            <div
              className={`h-2 rounded ${colour as string}`}
              style={{ width: `${Math.round(((value as number) / max) * 100)}%` }}
            />
          </div>
        </div>
      ))}
      <p className="font-semibold">
        Profit <span className="whitespace-nowrap tabular-nums">{formatMinor(t.profit, "GHS")}</span>
      </p>
      <Link to="/finances" className="font-medium underline">
        Finances
      </Link>
    </div>
  );
}
