/**
 * When a money list's total can come from the counts the database keeps (public.invoice_list_total
 * and payment_list_total, migration 20261129200000) instead of counting every matching row: only
 * for a user who sees the whole module (`own` null) and a filter made of the kept keys alone —
 * documents by kind, stored status and currency; payments by kind, method and online. Anything
 * else (search, owner, dates, the derived "overdue", staff's own rows) is counted exactly by
 * PostgREST, over sets the indexes keep small.
 */
import type { DocumentListQuery } from "./documents.ts";
import type { PaymentListQuery } from "../payments/payments.ts";

export interface InvoiceTotalArgs {
  kind?: string;
  statuses?: string[];
  currency?: string;
}
export interface PaymentTotalArgs {
  kind?: string;
  methods?: string[];
  online?: boolean;
}

/** The invoice_list_total arguments for this list, or null when the rows must be counted. */
export function keptInvoiceTotal(
  query: DocumentListQuery,
  own: string | null,
  searchMinLength: number,
): InvoiceTotalArgs | null {
  const f = query.filters;
  if (
    own ||
    query.search.trim().length >= searchMinLength ||
    f.owner ||
    f.from ||
    f.to ||
    f.status?.includes("overdue")
  )
    return null;
  return {
    ...(f.kind ? { kind: f.kind } : {}),
    ...(f.status?.length ? { statuses: [...f.status] } : {}),
    ...(f.currency ? { currency: f.currency } : {}),
  };
}

/** The payment_list_total arguments for this list, or null when the rows must be counted. */
export function keptPaymentTotal(
  query: PaymentListQuery,
  own: string | null,
  searchMinLength: number,
): PaymentTotalArgs | null {
  const f = query.filters;
  if (own || query.search.trim().length >= searchMinLength || f.from || f.to) return null;
  return {
    ...(f.kind ? { kind: f.kind } : {}),
    ...(f.method?.length ? { methods: [...f.method] } : {}),
    ...(f.online ? { online: f.online === "true" } : {}),
  };
}
