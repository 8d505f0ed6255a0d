/**
 * Server state of the finances (TanStack Query): `financeKeys`, every key under "finances" — the
 * prefix payments invalidate after money moved, and what the hub's financial_update frames
 * refresh (realtime.ts).
 */
import { keepPreviousData, useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import type { EntryListQuery, ReportGrain } from "#core/finances/finances.ts";
import { announceFinancialUpdate } from "#app/lib/realtime/financial-updates.ts";
import { useSession } from "#app/lib/session.tsx";
import {
  categoryTotals,
  financeReport,
  getReminderOffsets,
  listAccounts,
  listCategories,
  listEntries,
  listReceipts,
} from "../api/finances-api.ts";

export const FINANCES_REALTIME = "finances";

export const financeKeys = {
  all: ["finances"] as const,
  report: (from: string, to: string, grain: ReportGrain) =>
    [...financeKeys.all, "report", from, to, grain] as const,
  categories: (from: string, to: string) => [...financeKeys.all, "category-totals", from, to] as const,
  entries: (q: EntryListQuery) => [...financeKeys.all, "entries", q] as const,
  receipts: (id: string) => [...financeKeys.all, "receipts", id] as const,
  accounts: () => [...financeKeys.all, "accounts"] as const,
  categoryList: () => [...financeKeys.all, "category-list"] as const,
  offsets: () => [...financeKeys.all, "reminder-offsets"] as const,
};

export const useReport = (from: string, to: string, grain: ReportGrain) =>
  useQuery({
    queryKey: financeKeys.report(from, to, grain),
    queryFn: () => financeReport(from, to, grain),
    placeholderData: keepPreviousData,
  });
export const useCategoryTotals = (from: string, to: string) =>
  useQuery({
    queryKey: financeKeys.categories(from, to),
    queryFn: () => categoryTotals(from, to),
    placeholderData: keepPreviousData,
  });
export const useEntries = (q: EntryListQuery) =>
  useQuery({
    queryKey: financeKeys.entries(q),
    queryFn: () => listEntries(q),
    placeholderData: keepPreviousData,
  });
/** An entry's receipts, once asked for (null: not yet, nothing is fetched). */
export const useReceipts = (id: string | null) =>
  useQuery({
    queryKey: financeKeys.receipts(id ?? ""),
    queryFn: () => listReceipts(id!),
    enabled: id !== null,
    staleTime: 20 * 60_000,
  });
export const useFinanceAccounts = () =>
  useQuery({ queryKey: financeKeys.accounts(), queryFn: listAccounts, staleTime: 5 * 60_000 });
export const useFinanceCategories = () =>
  useQuery({ queryKey: financeKeys.categoryList(), queryFn: listCategories, staleTime: 5 * 60_000 });
export const useReminderOffsets = () =>
  useQuery({ queryKey: financeKeys.offsets(), queryFn: getReminderOffsets });

/** After an entry changed: refresh here, tell admins' open finance screens (ids only). */
export function useFinancesChanged() {
  const qc = useQueryClient();
  const { role } = useSession();
  return useCallback(
    (ids: string[], action: "created" | "updated" | "deleted" = "updated") => {
      void qc.invalidateQueries({ queryKey: financeKeys.all });
      announceFinancialUpdate(role, action, ids);
    },
    [qc, role],
  );
}
