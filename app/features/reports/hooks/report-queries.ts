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
