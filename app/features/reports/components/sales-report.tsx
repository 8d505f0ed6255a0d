/**
 * Sales: the agents' leaderboard (won deals, value, commission, viewings held, overdue tasks; each
 * agent's name opens their page), the pipeline by stage, the funnel with its conversion rates.
 */
import { Link } from "react-router";
import { leaderboard, type LeaderboardRow } from "#core/reports/agents.ts";
import { conversionRate, type FunnelRow, type PipelineRow } from "#core/reports/figures.ts";
import { Money } from "#app/components/money/money-text.tsx";
import { minorToDecimal } from "#core/money/minor-units.ts";
import { useMemberName } from "#app/lib/team-members-queries.ts";
import type { Period } from "../api/reports-api.ts";
import { useAgentActivity, useAgents, useFunnel, usePipeline } from "../hooks/report-queries.ts";
import { YourRecords } from "./figures-strip.tsx";
import { moneyColumn, ReportSection, type ReportColumn } from "./report-section.tsx";

/** An amount of a leaderboard row, which has no currency when the agent won nothing. */
const boardMoney = (header: string, pick: (r: LeaderboardRow) => number): ReportColumn<LeaderboardRow> => ({
  header,
  numeric: true,
  cell: (r) => (r.currency ? <Money minor={pick(r)} currency={r.currency} /> : "—"),
  csv: (r) => (r.currency ? minorToDecimal(pick(r)) : null),
});
/** Activity figures sit on an agent's first row only (they have no currency). */
const activity = (
  header: string,
  pick: (r: LeaderboardRow) => number | null,
): ReportColumn<LeaderboardRow> => ({
  header,
  numeric: true,
  cell: (r) => pick(r) ?? "″",
  csv: (r) => pick(r),
});

const PIPELINE_COLUMNS: ReportColumn<PipelineRow>[] = [
  { header: "Pipeline", cell: (r) => r.pipeline, csv: (r) => r.pipeline },
  { header: "Stage", cell: (r) => r.stage, csv: (r) => r.stage },
  { header: "Win probability", numeric: true, cell: (r) => `${r.probability} %`, csv: (r) => r.probability },
  { header: "Currency", cell: (r) => r.currency, csv: (r) => r.currency },
  { header: "Open deals", numeric: true, cell: (r) => r.deals, csv: (r) => r.deals },
  moneyColumn("Value", (r) => r.value),
  moneyColumn("Weighted", (r) => r.weighted),
];

interface FunnelStep {
  step: string;
  deals: number;
  rate: number | null;
}
const FUNNEL_COLUMNS: ReportColumn<FunnelStep>[] = [
  { header: "Step", cell: (r) => r.step, csv: (r) => r.step },
  { header: "Deals", numeric: true, cell: (r) => r.deals, csv: (r) => r.deals },
  {
    header: "Of the leads",
    numeric: true,
    cell: (r) => (r.rate === null ? "—" : `${r.rate} %`),
    csv: (r) => r.rate,
  },
];
const funnelSteps = (f: FunnelRow): FunnelStep[] =>
  (
    [
      ["Lead", f.leads],
      ["Viewing", f.viewings],
      ["Offer", f.offers],
      ["Won", f.won],
    ] as const
  ).map(([step, n]) => ({ step, deals: n, rate: conversionRate(n, f.leads) }));

export function SalesReport({ period, own }: { period: Period; own: boolean }) {
  const agents = useAgents(period);
  const agentActivity = useAgentActivity(period);
  const pipeline = usePipeline();
  const funnel = useFunnel(period);
  const name = useMemberName();
  const agentColumns: ReportColumn<LeaderboardRow>[] = [
    {
      header: "Agent",
      cell: (r) => (
        <Link to={`?tab=sales&agent=${r.agent_id}`} className="underline">
          {name(r.agent_id)}
        </Link>
      ),
      csv: (r) => name(r.agent_id),
    },
    { header: "Currency", cell: (r) => r.currency ?? "—", csv: (r) => r.currency },
    { header: "Deals won", numeric: true, cell: (r) => r.deals_won, csv: (r) => r.deals_won },
    boardMoney("Value won", (r) => r.won_value),
    boardMoney("Commission earned", (r) => r.commission),
    activity("Viewings held", (r) => r.viewings_held),
    activity("Overdue tasks (now)", (r) => r.overdue_tasks),
  ];
  const board = agents.data && agentActivity.data ? leaderboard(agents.data, agentActivity.data) : undefined;
  const ghsStages = (pipeline.data ?? []).filter((r) => r.currency === "GHS");
  return (
    <div className="flex flex-col gap-4">
      <YourRecords own={own} />
      <ReportSection
        id="leaderboard"
        title="Agents' leaderboard"
        description="Deals won in the period (by close date), their value and the commission each agent earned: their share of the split, co-broke shares taken off, or the whole commission when no split is recorded. Viewings held: completed bookings they hosted in the period; overdue tasks: their open tasks past due now. An agent's name opens their page."
        rows={board}
        loading={agents.isPending || agentActivity.isPending}
        error={agents.error ?? agentActivity.error}
        columns={agentColumns}
        empty="No deal was won, no viewing held and no task is overdue in this period."
      />
      <ReportSection
        id="funnel"
        title="Funnel: lead → viewing → offer → won"
        description="The deals opened in the period and the furthest step each reached."
        rows={funnel.data ? funnelSteps(funnel.data) : undefined}
        loading={funnel.isPending}
        error={funnel.error}
        columns={FUNNEL_COLUMNS}
        chart={
          funnel.data
            ? {
                label: "Deals at each step of the funnel",
                data: funnelSteps(funnel.data).map((s) => ({ step: s.step, deals: s.deals })),
                x: "step",
                series: [{ key: "deals", name: "Deals", color: "#047857" }],
              }
            : undefined
        }
      />
      <ReportSection
        id="pipeline"
        title="Pipeline by stage (today)"
        description="Open deals; weighted value = value × the stage's win probability."
        rows={pipeline.data}
        loading={pipeline.isPending}
        error={pipeline.error}
        columns={PIPELINE_COLUMNS}
        chart={
          ghsStages.length
            ? {
                label: "Open GHS pipeline value per stage",
                data: ghsStages.map((r) => ({ stage: r.stage, value: r.value, weighted: r.weighted })),
                x: "stage",
                currency: "GHS",
                series: [
                  { key: "value", name: "Value", color: "#0369a1" },
                  { key: "weighted", name: "Weighted", color: "#047857" },
                ],
              }
            : undefined
        }
        empty="No open deal."
      />
    </div>
  );
}
