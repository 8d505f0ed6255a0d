/**
 * Server state of payments (TanStack Query): `paymentKeys`, every key under "payments". After a
 * payment the invoices' keys ("invoices") and the finances ("finances") change too: the hooks
 * invalidate those prefixes without importing the other modules, and tell colleagues' finance
 * screens through the hub (financial_update, ids only).
 */
import { keepPreviousData, useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import type { PaymentListQuery } from "#core/payments/payments.ts";
import { historyKeys } from "#app/components/records/record-history.tsx";
import { announceFinancialUpdate } from "#app/lib/realtime/financial-updates.ts";
import { useSession } from "#app/lib/session.tsx";
import {
  findOpenInvoices,
  getOpenInvoice,
  getPayment,
  getReceipt,
  getRefunds,
  heldCredit,
  listAccounts,
  listPayments,
  openInvoicesOfClient,
} from "../api/payments-api.ts";

export const paymentKeys = {
  all: ["payments"] as const,
  /** Other modules' prefixes a payment changes (named here, not imported: modules stay apart). */
  invoicesPrefix: ["invoices"] as const,
  financesPrefix: ["finances"] as const,
  lists: () => [...paymentKeys.all, "list"] as const,
  list: (q: PaymentListQuery, own: string | null) => [...paymentKeys.lists(), q, own] as const,
  detail: (id: string) => [...paymentKeys.all, "detail", id] as const,
  receipt: (id: string) => [...paymentKeys.all, "receipt", id] as const,
  refunds: (id: string) => [...paymentKeys.all, "refunds", id] as const,
  credit: (id: string) => [...paymentKeys.all, "credit", id] as const,
  open: (term: string) => [...paymentKeys.all, "open-invoices", term] as const,
  clientOpen: (clientKey: string, currency: string) =>
    [...paymentKeys.all, "client-open-invoices", clientKey, currency] as const,
  openOne: (id: string) => [...paymentKeys.all, "open-invoice", id] as const,
  accounts: () => [...paymentKeys.all, "accounts"] as const,
};

/** The payments list; waits until it knows whether the user sees only their own (useOwnScope). */
export const usePayments = (q: PaymentListQuery, own: string | null | undefined) =>
  useQuery({
    queryKey: paymentKeys.list(q, own ?? null),
    queryFn: () => listPayments(q, own ?? null),
    enabled: own !== undefined,
    placeholderData: keepPreviousData,
  });
export const usePayment = (id: string) =>
  useQuery({ queryKey: paymentKeys.detail(id), queryFn: () => getPayment(id) });
export const useReceipt = (id: string) =>
  useQuery({ queryKey: paymentKeys.receipt(id), queryFn: () => getReceipt(id) });
export const useRefunds = (id: string) =>
  useQuery({ queryKey: paymentKeys.refunds(id), queryFn: () => getRefunds(id) });
export const useHeldCredit = (id: string) =>
  useQuery({ queryKey: paymentKeys.credit(id), queryFn: () => heldCredit(id) });
export const useOpenInvoices = (term: string) =>
  useQuery({
    queryKey: paymentKeys.open(term),
    queryFn: () => findOpenInvoices(term),
    placeholderData: keepPreviousData,
  });
export const useClientOpenInvoices = (clientKey: string, currency: string) =>
  useQuery({
    queryKey: paymentKeys.clientOpen(clientKey, currency),
    queryFn: () => openInvoicesOfClient(clientKey, currency),
  });
export const useOpenInvoice = (id: string | null) =>
  useQuery({ queryKey: paymentKeys.openOne(id ?? ""), queryFn: () => getOpenInvoice(id!), enabled: !!id });
export const useAccounts = () =>
  useQuery({ queryKey: paymentKeys.accounts(), queryFn: listAccounts, staleTime: 5 * 60_000 });

/** After money moved: payments, the invoices it touched and the finances refresh here; colleagues' finances through the hub. */
export function useMoneyMoved() {
  const qc = useQueryClient();
  const { role } = useSession();
  return useCallback(
    (paymentIds: string[]) => {
      void qc.invalidateQueries({ queryKey: paymentKeys.all });
      void qc.invalidateQueries({ queryKey: paymentKeys.invoicesPrefix });
      void qc.invalidateQueries({ queryKey: paymentKeys.financesPrefix });
      void qc.invalidateQueries({ queryKey: historyKeys.all });
      announceFinancialUpdate(role, "created", paymentIds);
    },
    [qc, role],
  );
}
