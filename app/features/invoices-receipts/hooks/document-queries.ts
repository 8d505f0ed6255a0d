/**
 * Server state of invoices & receipts (TanStack Query): `documentKeys` — every key starts with
 * "invoices", so one invalidation refreshes whatever a change may affect. Mutation errors are
 * toasted once by the query client.
 */
import { keepPreviousData, useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import type { DocumentListQuery } from "#core/invoices-receipts/documents.ts";
import { historyKeys } from "#app/components/records/record-history.tsx";
import { announceFinancialUpdate } from "#app/lib/realtime/financial-updates.ts";
import { useSession } from "#app/lib/session.tsx";
import {
  clientCredit,
  getCreditNotes,
  getDocument,
  getItems,
  getReminders,
  getSettlements,
  getTaxes,
  getTaxRates,
  listDocuments,
  listOverdue,
  receivablesSummary,
} from "../api/documents-api.ts";

export const documentKeys = {
  all: ["invoices"] as const,
  lists: () => [...documentKeys.all, "list"] as const,
  list: (query: DocumentListQuery, own: string | null) => [...documentKeys.lists(), query, own] as const,
  detail: (id: string) => [...documentKeys.all, "detail", id] as const,
  items: (id: string) => [...documentKeys.all, "items", id] as const,
  taxes: (id: string) => [...documentKeys.all, "taxes", id] as const,
  reminders: (id: string) => [...documentKeys.all, "reminders", id] as const,
  settlements: (id: string) => [...documentKeys.all, "settlements", id] as const,
  creditNotes: (id: string) => [...documentKeys.all, "credit-notes", id] as const,
  credit: (clientKey: string, currency: string) =>
    [...documentKeys.all, "credit", clientKey, currency] as const,
  rates: () => [...documentKeys.all, "tax-rates"] as const,
  overdue: () => [...documentKeys.all, "overdue"] as const,
  receivables: () => [...documentKeys.overdue(), "receivables"] as const,
};

/** The documents list; waits until it knows whether the user sees only their own (useOwnScope). */
export function useDocuments(query: DocumentListQuery, own: string | null | undefined) {
  return useQuery({
    queryKey: documentKeys.list(query, own ?? null),
    queryFn: () => listDocuments(query, own ?? null),
    enabled: own !== undefined,
    placeholderData: keepPreviousData,
  });
}
export function useDocument(id: string | undefined) {
  return useQuery({
    queryKey: documentKeys.detail(id ?? "new"),
    queryFn: () => getDocument(id!),
    enabled: !!id,
  });
}
export function useItems(id: string | undefined) {
  return useQuery({ queryKey: documentKeys.items(id ?? "new"), queryFn: () => getItems(id!), enabled: !!id });
}
export function useTaxes(id: string) {
  return useQuery({ queryKey: documentKeys.taxes(id), queryFn: () => getTaxes(id) });
}
export function useReminders(id: string) {
  return useQuery({ queryKey: documentKeys.reminders(id), queryFn: () => getReminders(id) });
}
export function useSettlements(id: string) {
  return useQuery({ queryKey: documentKeys.settlements(id), queryFn: () => getSettlements(id) });
}
export function useCreditNotes(id: string, enabled: boolean) {
  return useQuery({ queryKey: documentKeys.creditNotes(id), queryFn: () => getCreditNotes(id), enabled });
}
export function useClientCredit(clientKey: string | null, currency: string) {
  return useQuery({
    queryKey: documentKeys.credit(clientKey ?? "", currency),
    queryFn: () => clientCredit(clientKey!, currency),
    enabled: !!clientKey,
  });
}
export function useReceivables() {
  return useQuery({ queryKey: documentKeys.receivables(), queryFn: receivablesSummary });
}
export function useTaxRates() {
  return useQuery({ queryKey: documentKeys.rates(), queryFn: getTaxRates, staleTime: 10 * 60_000 });
}
export function useOverdue(limit = 5) {
  return useQuery({
    queryKey: documentKeys.overdue(),
    queryFn: async () => ({ summary: await receivablesSummary(), rows: await listOverdue(limit) }),
  });
}

/**
 * Money-moving document changes (issued, voided, credited) reach colleagues' open invoices lists
 * and finance dashboards as a financial_update frame (ids only; the hub relays it to the roles
 * core's REALTIME_MODULES gives "finances"; staff's through the edge worker, announceFinancialUpdate).
 */
export const MONEY_REALTIME = "finances";

/**
 * After a change to a document: refresh what shows it (lists, the record and its parts, history);
 * `announce` also tells colleagues' tabs through the hub.
 */
export function useRefreshDocuments() {
  const qc = useQueryClient();
  const { role } = useSession();
  return useCallback(
    (ids: readonly string[] = [], announce = false) => {
      if (announce) announceFinancialUpdate(role, "updated", ids);
      void qc.invalidateQueries({ queryKey: documentKeys.lists() });
      void qc.invalidateQueries({ queryKey: documentKeys.overdue() });
      for (const id of ids) {
        for (const key of [
          documentKeys.detail(id),
          documentKeys.items(id),
          documentKeys.taxes(id),
          documentKeys.settlements(id),
          documentKeys.creditNotes(id),
          documentKeys.reminders(id),
        ])
          void qc.invalidateQueries({ queryKey: key });
        void qc.invalidateQueries({ queryKey: historyKeys.record("invoices", id) });
      }
    },
    [qc, role],
  );
}
