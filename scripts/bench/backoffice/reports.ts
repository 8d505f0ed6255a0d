/**
 * Reports at scale: every report function of /reports (20261201800000_reports.sql) over this
 * year, for the scale admin (the whole agency) and a scale agent (their records), p95 ≤ 300 ms
 * each; the dashboard's trend charts and overdue figure read the same functions.
 */
import { ANNUAL_SCREEN_ROWS } from "#core/reports/annual-report.ts";
import { ok, type DashboardQuery, type Scenario } from "./scenario.ts";

const year = () => Number(new Date().toISOString().slice(0, 4));
const period = () => ({ period_from: `${year()}-01-01`, period_to: `${year()}-12-31` });

const REPORTS: Array<[string, () => Record<string, unknown>]> = [
  ["report_receivables", () => ({})],
  ["report_money_months", period],
  ["report_agents", period],
  ["report_pipeline", () => ({})],
  ["report_leads", period],
  ["report_funnel", period],
  ["report_response_times", period],
  ["report_stock", () => ({})],
  // What the screen asks for: the first rows (the CSV and PDF, downloads, read the whole year).
  ["report_annual_transactions", () => ({ report_year: year(), max_rows: ANNUAL_SCREEN_ROWS })],
  ["report_agent_activity", period],
  ["report_partner_commission", period],
  ["report_trust_ledger", period],
  ["report_stock_watch", () => ({})],
  ["report_price_reductions", period],
  ["report_stock_moves", period],
  ["report_unassigned_inbox", () => ({})],
];

export const dashboardQueries: DashboardQuery[] = [
  (c) => ok(c.rpc("report_receivables", {}), "receivables"),
  (c) => ok(c.rpc("report_leads", period()), "leads per week"),
  (c) => ok(c.rpc("report_money_months", period()), "revenue per month"),
  (c) => ok(c.rpc("report_pipeline"), "pipeline by stage"),
];

export const scenarios: Scenario[] = (["admin", "staff"] as const).flatMap((actor) => [
  ...REPORTS.map(
    ([fn, args]): Scenario => ({
      module: "reports",
      name: `${fn.replace("report_", "")} this year`,
      kind: "dashboard",
      actor,
      run: (c) => ok(c.rpc(fn, args()), fn),
    }),
  ),
  // An agent's page: their trend and goals over the year (each actor opens the staff agent's page;
  // the admin sees it all, the staff member is that agent).
  ...(["report_agent_trend", "report_agent_goals"] as const).map(
    (fn): Scenario => ({
      module: "reports",
      name: `${fn.replace("report_", "")} this year`,
      kind: "dashboard",
      actor,
      run: (c, ctx) => ok(c.rpc(fn, { agent_id: ctx.staffId, ...period() }), fn),
    }),
  ),
]);
