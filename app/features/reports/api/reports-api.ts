/**
 * The only place the reports read from: the report functions of the database (security invoker:
 * each sums only the rows the caller's RLS shows), parsed with core's schemas, and the annual
 * transaction report's CSV and PDF from the edge (read there with the caller's token).
 */
import { z } from "zod";
import { agentActivityRowSchema, agentGoalRowSchema, agentTrendRowSchema } from "#core/reports/agents.ts";
import { ANNUAL_SCREEN_ROWS, annualReportPath, annualRowSchema } from "#core/reports/annual-report.ts";
import { edgeFile } from "#app/lib/edge-api.ts";
import {
  agentRowSchema,
  funnelRowSchema,
  leadRowSchema,
  moneyMonthRowSchema,
  pipelineRowSchema,
  receivablesRowSchema,
  responseRowSchema,
  stockRowSchema,
} from "#core/reports/figures.ts";
import { partnerCommissionRowSchema, trustLedgerRowSchema } from "#core/reports/ledger.ts";
import {
  priceReductionRowSchema,
  stockMoveRowSchema,
  stockWatchRowSchema,
  unassignedRowSchema,
} from "#core/reports/watch.ts";
import { supabase } from "#app/lib/supabase.ts";

export interface Period {
  from: string;
  to: string;
}
const range = (p: Period) => ({ period_from: p.from, period_to: p.to });

async function rows<S extends z.ZodTypeAny>(
  call: PromiseLike<{ data: unknown; error: { message: string } | null }>,
  schema: S,
) {
  const { data, error } = await call;
  if (error) throw new Error(error.message);
  return z.array(schema).parse(data ?? []) as z.infer<S>[];
}

export const receivables = () => rows(supabase.rpc("report_receivables", {}), receivablesRowSchema);
export const moneyMonths = (p: Period) =>
  rows(supabase.rpc("report_money_months", range(p)), moneyMonthRowSchema);
export const agents = (p: Period) => rows(supabase.rpc("report_agents", range(p)), agentRowSchema);
export const pipeline = () => rows(supabase.rpc("report_pipeline"), pipelineRowSchema);
export const leads = (p: Period) => rows(supabase.rpc("report_leads", range(p)), leadRowSchema);
export const funnel = async (p: Period) =>
  (await rows(supabase.rpc("report_funnel", range(p)), funnelRowSchema))[0] ?? {
    leads: 0,
    viewings: 0,
    offers: 0,
    won: 0,
  };
export const responseTimes = (p: Period) =>
  rows(supabase.rpc("report_response_times", range(p)), responseRowSchema);
export const stock = () => rows(supabase.rpc("report_stock"), stockRowSchema);
export const agentActivity = (p: Period) =>
  rows(supabase.rpc("report_agent_activity", range(p)), agentActivityRowSchema);
export const agentTrend = (agent: string, p: Period) =>
  rows(supabase.rpc("report_agent_trend", { agent_id: agent, ...range(p) }), agentTrendRowSchema);
export const agentGoals = (agent: string, p: Period) =>
  rows(supabase.rpc("report_agent_goals", { agent_id: agent, ...range(p) }), agentGoalRowSchema);
export const partnerCommission = (p: Period) =>
  rows(supabase.rpc("report_partner_commission", range(p)), partnerCommissionRowSchema);
export const trustLedger = (p: Period) =>
  rows(supabase.rpc("report_trust_ledger", range(p)), trustLedgerRowSchema);
export const stockWatch = () => rows(supabase.rpc("report_stock_watch"), stockWatchRowSchema);
export const priceReductions = (p: Period) =>
  rows(supabase.rpc("report_price_reductions", range(p)), priceReductionRowSchema);
export const stockMoves = (p: Period) =>
  rows(supabase.rpc("report_stock_moves", range(p)), stockMoveRowSchema);
export const unassignedInbox = () => rows(supabase.rpc("report_unassigned_inbox"), unassignedRowSchema);
export const annualTransactions = (year: number) =>
  rows(
    supabase.rpc("report_annual_transactions", { report_year: year, max_rows: ANNUAL_SCREEN_ROWS }),
    annualRowSchema,
  );

/** The annual report file from the edge, as the signed-in user (a refusal's message is thrown). */
export const annualReportFile = (year: number, ext: "csv" | "pdf"): Promise<Blob> =>
  edgeFile(annualReportPath(year, ext));
