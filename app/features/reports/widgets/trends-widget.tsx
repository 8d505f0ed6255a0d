/**
 * Dashboard slot "trends": small charts of new contacts per week, revenue per month (GHS) and the
 * open pipeline per stage (GHS), each with its figures in a table under "Figures", and a link to
 * the full reports. Amounts keep to one line (whitespace-nowrap) however narrow the card.
 */
import { Link } from "react-router";
import { formatMinor } from "#core/money/minor-units.ts";
import { resolvePeriod } from "#core/reports/period.ts";
import { Skeleton } from "#app/components/ui/skeleton.tsx";
import { Suspense } from "react";
import { ReportChart } from "../components/report-section.tsx";
import { useLeads, useMoneyMonths, usePipeline } from "../hooks/report-queries.ts";

interface Trend {
  title: string;
  x: string;
  rows: { label: string; value: number }[];
  currency?: string;
  kind: "bar" | "line";
}

function TrendChart({ t }: { t: Trend }) {
  const show = (v: number) => (t.currency ? formatMinor(v, t.currency) : String(v));
  return (
    <div className="flex min-w-0 flex-col gap-1">
      <h3 className="text-sm font-medium">{t.title}</h3>
      {t.rows.length === 0 ? (
        <p className="text-sm text-muted-foreground">Nothing yet.</p>
      ) : (
        <Suspense fallback={<Skeleton className="h-36 w-full" />}>
          <ReportChart
            label={t.title}
            data={t.rows.map((r) => ({ [t.x]: r.label, value: r.value }))}
            x={t.x}
            kind={t.kind}
            currency={t.currency}
            height="small"
            series={[{ key: "value", name: t.title, color: "#047857" }]}
          />
        </Suspense>
      )}
      <details className="text-xs">
        <summary className="cursor-pointer text-muted-foreground">Figures</summary>
        <table className="mt-1 w-full">
          <caption className="sr-only">{t.title}</caption>
          <tbody>
            {t.rows.map((r) => (
              <tr key={r.label}>
                <th scope="row" className="pr-2 text-left font-normal">
                  {r.label}
                </th>
                <td className="text-right tabular-nums whitespace-nowrap">{show(r.value)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </div>
  );
}

export default function TrendsWidget() {
  const year = resolvePeriod({ period: "year" });
  const period = year.ok ? { from: year.period.from, to: year.period.to } : null;
  const leads = useLeads(period);
  const money = useMoneyMonths(period);
  const pipeline = usePipeline();
  if (!leads.data || !money.data || !pipeline.data) return <Skeleton className="h-40 w-full" />;
  const weeks = new Map<string, number>();
  for (const r of leads.data) weeks.set(r.week, (weeks.get(r.week) ?? 0) + r.leads);
  const trends: Trend[] = [
    {
      title: "New contacts per week",
      x: "week",
      kind: "line",
      rows: [...weeks.entries()].slice(-12).map(([label, value]) => ({ label, value })),
    },
    {
      title: "Revenue per month (GHS)",
      x: "month",
      kind: "bar",
      currency: "GHS",
      rows: money.data
        .filter((r) => r.currency === "GHS")
        .map((r) => ({ label: r.month, value: r.invoiced })),
    },
    {
      title: "Open pipeline by stage (GHS)",
      x: "stage",
      kind: "bar",
      currency: "GHS",
      rows: pipeline.data
        .filter((r) => r.currency === "GHS")
        .map((r) => ({ label: `${r.pipeline}: ${r.stage}`, value: r.value })),
    },
  ];
  return (
    <div className="flex flex-col gap-3" data-testid="trends">
      <div className="grid grid-cols-1 gap-4 md:grid-cols-3">
        {trends.map((t) => (
          <TrendChart key={t.title} t={t} />
        ))}
      </div>
      <Link to="/reports" className="text-sm font-medium underline">
        All reports
      </Link>
    </div>
  );
}
