/**
 * The reports' charts (recharts, in this file only, loaded lazily by the sections that show
 * one): bars or lines over the rows of the table each chart sits above — the table is the chart's
 * text equivalent, so the figure itself is hidden from screen readers beyond its label.
 */
import {
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from "recharts";
import { formatMinor } from "#core/money/minor-units.ts";

export interface ChartSeries {
  key: string;
  name: string;
  color: string;
}

export interface ReportChartProps {
  label: string;
  data: Record<string, string | number>[];
  x: string;
  series: readonly ChartSeries[];
  kind?: "bar" | "line";
  /** Values are minor units of this currency; plain counts otherwise. */
  currency?: string;
  height?: "small" | "normal";
}

const compact = (minor: number) => {
  const major = minor / 100;
  if (Math.abs(major) >= 1_000_000) return `${(major / 1_000_000).toFixed(1)}M`;
  if (Math.abs(major) >= 1_000) return `${Math.round(major / 1_000)}k`;
  return String(Math.round(major));
};

export default function ReportChart({
  label,
  data,
  x,
  series,
  kind = "bar",
  currency,
  height,
}: ReportChartProps) {
  const tick = currency ? compact : (v: number) => String(v);
  const tip = (v: unknown) => (currency ? formatMinor(Number(v), currency) : String(v));
  const Chart = kind === "line" ? LineChart : BarChart;
  return (
    <figure aria-label={label} className={height === "small" ? "h-36 w-full" : "h-64 w-full print:h-56"}>
      <ResponsiveContainer>
        <Chart data={data} margin={{ top: 8, right: 8, bottom: 4, left: 4 }}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey={x} tick={{ fontSize: 11 }} />
          <YAxis tickFormatter={tick} tick={{ fontSize: 11 }} width={44} allowDecimals={false} />
          <Tooltip formatter={tip} />
          {series.length > 1 && height !== "small" ? <Legend /> : null}
          {series.map((s) =>
            kind === "line" ? (
              <Line key={s.key} dataKey={s.key} name={s.name} stroke={s.color} strokeWidth={2} dot={false} />
            ) : (
              <Bar key={s.key} dataKey={s.key} name={s.name} fill={s.color} radius={[3, 3, 0, 0]} />
            ),
          )}
        </Chart>
      </ResponsiveContainer>
    </figure>
  );
}
