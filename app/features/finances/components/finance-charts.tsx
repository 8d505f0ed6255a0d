/**
 * The finances' charts (recharts, loaded with this file only when the overview shows): income
 * vs expenses per period, and the period's totals by category. Each chart has a text
 * equivalent: the table beside it on the page.
 */
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import type { CategoryTotal, ReportRow } from "#core/finances/finances.ts";
import { formatMinor } from "#core/money/minor-units.ts";

const ghs = (minor: number) => formatMinor(minor, "GHS");
const short = (minor: number) => `${Math.round(minor / 100_000)}k`;

export function IncomeExpensesChart({
  rows,
  label,
}: {
  rows: ReportRow[];
  label: (period: string) => string;
}) {
  const data = rows.map((r) => ({
    period: label(r.period_start),
    income: r.income,
    expenses: r.expenses,
    profit: r.profit,
  }));
  return (
    <figure aria-label="Income and expenses by period" className="h-72 w-full">
      <ResponsiveContainer>
        <BarChart data={data} margin={{ top: 8, right: 8, bottom: 8, left: 8 }}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="period" tick={{ fontSize: 12 }} />
          <YAxis tickFormatter={short} tick={{ fontSize: 12 }} width={48} />
          <Tooltip formatter={(v) => ghs(Number(v))} />
          <Legend />
          <Bar dataKey="income" name="Income" fill="#047857" radius={[3, 3, 0, 0]} />
          <Bar dataKey="expenses" name="Expenses" fill="#b45309" radius={[3, 3, 0, 0]} />
        </BarChart>
      </ResponsiveContainer>
    </figure>
  );
}

export function CategoryChart({ totals }: { totals: CategoryTotal[] }) {
  const data = totals.map((t) => ({ name: t.category, value: t.total, kind: t.kind }));
  return (
    <figure aria-label="Totals by category" className="h-72 w-full">
      <ResponsiveContainer>
        <BarChart data={data} layout="vertical" margin={{ top: 8, right: 16, bottom: 8, left: 8 }}>
          <CartesianGrid strokeDasharray="3 3" horizontal={false} />
          <XAxis type="number" tickFormatter={short} tick={{ fontSize: 12 }} />
          <YAxis type="category" dataKey="name" width={170} tick={{ fontSize: 11 }} />
          <Tooltip formatter={(v) => ghs(Number(v))} />
          <Bar dataKey="value" name="GHS" fill="#0369a1" radius={[0, 3, 3, 0]} />
        </BarChart>
      </ResponsiveContainer>
    </figure>
  );
}
