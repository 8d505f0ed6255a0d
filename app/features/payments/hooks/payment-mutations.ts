/**
 * Mutations of payments: record one (its receipt), refund it, apply its held credit. The caller
 * passes what follows a success; failures reach the user once (the query client's mutation cache)
 * unless the form shows them itself (`meta.toast: false`).
 */
import { useMutation } from "@tanstack/react-query";
import type { PaymentFormOutput } from "#core/payments/payments.ts";
import type { MutationCallbacks as After } from "#app/lib/query-client.ts";
import { applyCredit, recordPayment, refundPayment, type OpenInvoiceRow } from "../api/payments-api.ts";

type Recorded = Awaited<ReturnType<typeof recordPayment>>;
type Refund = Parameters<typeof refundPayment>[1];
type Refunded = Awaited<ReturnType<typeof refundPayment>>;

/** Records a payment against the open invoices shown; the form shows a refusal next to its fields. */
export const useRecordPayment = (
  shown: readonly OpenInvoiceRow[],
  after: After<Recorded, PaymentFormOutput>,
) =>
  useMutation({
    mutationFn: (v: PaymentFormOutput) => recordPayment(v, shown),
    meta: { toast: false },
    ...after,
  });

export const useApplyCredit = (paymentId: string, invoiceId: string, after: After<void, number>) =>
  useMutation({
    mutationFn: (minor: number) => applyCredit(paymentId, invoiceId, minor),
    meta: { errorTitle: "Credit not applied" },
    ...after,
  });

export const useRefundPayment = (id: string, after: After<Refunded, Refund>) =>
  useMutation({
    mutationFn: (out: Refund) => refundPayment(id, out),
    meta: { errorTitle: "Refund not recorded" },
    ...after,
  });
