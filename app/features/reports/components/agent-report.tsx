/**
 * One agent's page: their months of the period (deals won, value, commission earned, viewings
 * held) as a chart and a table, and their goals against what was achieved. The database refuses
 * an agent the caller may not see (a staff member sees only their own page): the message shows
 * and no figure does.
 */
import { ArrowLeftIcon } from "lucide-react";
import { Link } from "react-router";
import {
  GOAL_METRIC_LABELS,
  goalAttainment,
  type AgentGoalRow,
  type AgentTrendRow,
} from "#core/reports/agents.ts";
import { formatMinor, minorToDecimal } from "#core/money/minor-units.ts";
import { useMemberName } from "#app/lib/team-members-queries.ts";
import type { Period } from "../api/reports-api.ts";
import { useAgentGoals, useAgentTrend } from "../hooks/report-queries.ts";
import { YourRecords } from "./figures-strip.tsx";
import { moneyColumn, ReportSection, type ReportColumn } from "./report-section.tsx";

const TREND_COLUMNS: ReportColumn<AgentTrendRow>[] = [
  { header: "Month", cell: (r) => r.month, csv: (r) => r.month },
  { header: "Currency", cell: (r) => r.currency, csv: (r) => r.currency },
  { header: "Deals won", numeric: true, cell: (r) => r.deals_won, csv: (r) => r.deals_won },
  moneyColumn("Value won", (r) => r.won_value),
  moneyColumn("Commission earned", (r) => r.commission),
  { header: "Viewings held", numeric: true, cell: (r) => r.viewings_held, csv: (r) => r.viewings_held },
];

// Revenue goals are GHS amounts; the others are whole counts (both read in hundredths).
const goalFigure = (r: AgentGoalRow, hundredths: number) =>
  r.metric === "revenue" ? formatMinor(hundredths, "GHS") : String(hundredths / 100);
const GOAL_COLUMNS: ReportColumn<AgentGoalRow>[] = [
  {
    header: "Goal",
    cell: (r) => GOAL_METRIC_LABELS[r.metric] ?? r.metric,
    csv: (r) => GOAL_METRIC_LABELS[r.metric] ?? r.metric,
  },
  {
    header: "Period",
    cell: (r) => `${r.period_start} to ${r.period_end}`,
    csv: (r) => `${r.period_start}/${r.period_end}`,
  },
  {
    header: "Target",
    numeric: true,
    cell: (r) => goalFigure(r, r.target),
    csv: (r) => minorToDecimal(r.target),
  },
  {
    header: "Achieved",
    numeric: true,
    cell: (r) => goalFigure(r, r.actual),
    csv: (r) => minorToDecimal(r.actual),
  },
  {
    header: "Of the target",
    numeric: true,
    cell: (r) => `${goalAttainment(r.actual, r.target)} %`,
    csv: (r) => goalAttainment(r.actual, r.target),
  },
];

export function AgentReport({ agent, period, own }: { agent: string; period: Period; own: boolean }) {
  const trend = useAgentTrend(agent, period);
  const goals = useAgentGoals(agent, period);
  const name = useMemberName();
  const ghs = (trend.data ?? []).filter((r) => r.currency === "GHS");
  return (
    <div className="flex flex-col gap-4" data-testid="agent-report">
      <Link to="?tab=sales" className="flex items-center gap-1 self-start text-sm underline">
        <ArrowLeftIcon aria-hidden="true" className="size-4" /> All agents
      </Link>
      <h2 className="text-xl font-semibold">{name(agent)}</h2>
      <YourRecords own={own} />
      <ReportSection
        id="agent-trend"
        title="Month by month"
        description="Deals won where they are the deal's agent (by close date), their value and the commission they earned (their split shares), per currency; viewings they held (completed bookings they hosted) on the GHS row."
        rows={trend.data}
        loading={trend.isPending}
        error={trend.error}
        columns={TREND_COLUMNS}
        chart={
          ghs.length
            ? {
                label: "GHS commission earned per month",
                data: ghs.map((r) => ({ month: r.month, commission: r.commission })),
                x: "month",
                currency: "GHS",
                series: [{ key: "commission", name: "Commission", color: "#047857" }],
              }
            : undefined
        }
        empty="Nothing won and no viewing held in this period."
      />
      <ReportSection
        id="agent-goals"
        title="Goals against actuals"
        description="The goals set for this agent that overlap the period, and what was achieved in each goal's own period (as the goals module counts it)."
        rows={goals.data}
        loading={goals.isPending}
        error={goals.error}
        columns={GOAL_COLUMNS}
        empty="No goal is set for this agent in this period."
      />
    </div>
  );
}
