/** Server state of the reports: every key under "reports"; a report refetches when opened again. */
import { useQuery } from "@tanstack/react-query";
import * as api from "../api/reports-api.ts";

export const reportKeys = {
  all: ["reports"] as const,
  of: (name: string, ...args: unknown[]) => [...reportKeys.all, name, ...args] as const,
};

const fresh = { staleTime: 30_000, retry: false } as const;

export const useReceivables = () =>
  useQuery({ queryKey: reportKeys.of("receivables"), queryFn: api.receivables, ...fresh });
export const useMoneyMonths = (p: api.Period | null) =>
  useQuery({
    queryKey: reportKeys.of("money-months", p),
    queryFn: () => api.moneyMonths(p!),
    enabled: !!p,
    ...fresh,
  });
export const useAgents = (p: api.Period | null) =>
  useQuery({ queryKey: reportKeys.of("agents", p), queryFn: () => api.agents(p!), enabled: !!p, ...fresh });
export const usePipeline = () =>
  useQuery({ queryKey: reportKeys.of("pipeline"), queryFn: api.pipeline, ...fresh });
export const useLeads = (p: api.Period | null) =>
  useQuery({ queryKey: reportKeys.of("leads", p), queryFn: () => api.leads(p!), enabled: !!p, ...fresh });
export const useFunnel = (p: api.Period | null) =>
  useQuery({ queryKey: reportKeys.of("funnel", p), queryFn: () => api.funnel(p!), enabled: !!p, ...fresh });
export const useResponseTimes = (p: api.Period | null) =>
  useQuery({
    queryKey: reportKeys.of("response", p),
    queryFn: () => api.responseTimes(p!),
    enabled: !!p,
    ...fresh,
  });
export const useStock = () => useQuery({ queryKey: reportKeys.of("stock"), queryFn: api.stock, ...fresh });
export const useAnnualTransactions = (year: number | null) =>
  useQuery({
    queryKey: reportKeys.of("annual", year),
    queryFn: () => api.annualTransactions(year!),
    enabled: year !== null,
    ...fresh,
  });

/** A report of the period: fetched once the period is valid. */
const usePeriodReport = <T>(name: string, fn: (p: api.Period) => Promise<T>, p: api.Period | null) =>
  useQuery({ queryKey: reportKeys.of(name, p), queryFn: () => fn(p!), enabled: !!p, ...fresh });

export const useAgentActivity = (p: api.Period | null) =>
  usePeriodReport("agent-activity", api.agentActivity, p);
export const useAgentTrend = (agent: string, p: api.Period | null) =>
  usePeriodReport(`agent-trend-${agent}`, (x) => api.agentTrend(agent, x), p);
export const useAgentGoals = (agent: string, p: api.Period | null) =>
  usePeriodReport(`agent-goals-${agent}`, (x) => api.agentGoals(agent, x), p);
export const usePartnerCommission = (p: api.Period | null) =>
  usePeriodReport("partner-commission", api.partnerCommission, p);
export const useTrustLedger = (p: api.Period | null) => usePeriodReport("trust-ledger", api.trustLedger, p);
export const usePriceReductions = (p: api.Period | null) =>
  usePeriodReport("price-reductions", api.priceReductions, p);
export const useStockMoves = (p: api.Period | null) => usePeriodReport("stock-moves", api.stockMoves, p);
export const useStockWatch = () =>
  useQuery({ queryKey: reportKeys.of("stock-watch"), queryFn: api.stockWatch, ...fresh });
export const useUnassignedInbox = () =>
  useQuery({ queryKey: reportKeys.of("unassigned"), queryFn: api.unassignedInbox, ...fresh });
