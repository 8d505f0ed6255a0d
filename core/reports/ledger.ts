/**
 * Client money and partners' commission. The client trust account is kept per client (the
 * counterparty named on each entry) and currency, apart from the agency's income: money in and
 * out in a period, and the balance held at its end. Partners earn the co-broker shares of won
 * deals and the partner's part of completed co-broke deals. The database computes the same at
 * scale (report_trust_ledger, report_partner_commission); amounts are minor units per currency.
 */
import { z } from "zod";
import { minorSchema } from "../invoices-receipts/documents.ts";
import { countSchema, currencySchema, type Currency } from "./figures.ts";

export const trustLedgerRowSchema = z.object({
  client: z.string(),
  currency: currencySchema,
  money_in: minorSchema,
  money_out: minorSchema,
  balance: minorSchema,
  entries: countSchema,
});
export type TrustLedgerRow = z.infer<typeof trustLedgerRowSchema>;

export const partnerCommissionRowSchema = z.object({
  partner: z.string(),
  source: z.enum(["deal split", "co-broke deal"]),
  currency: currencySchema,
  deals: countSchema,
  commission: minorSchema,
  paid: minorSchema.nullable(),
});
export type PartnerCommissionRow = z.infer<typeof partnerCommissionRowSchema>;

export const UNNAMED_CLIENT = "Client not named";

export interface TrustEntry {
  counterparty: string | null;
  kind: "income" | "expense";
  status: string;
  /** Minor units; a refund may be negative. */
  amount: number;
  currency: Currency;
  entry_date: string;
  /** The kind of the entry's account. */
  account_kind: string | null;
}

/** The client trust ledger of a period: approved entries on client trust accounts only. */
export function trustLedger(entries: readonly TrustEntry[], from: string, to: string): TrustLedgerRow[] {
  const rows = new Map<string, TrustLedgerRow>();
  for (const e of entries) {
    if (e.account_kind !== "client_trust" || e.status !== "approved" || e.entry_date > to) continue;
    const client = e.counterparty?.trim() || UNNAMED_CLIENT;
    const key = `${client}|${e.currency}`;
    const row = rows.get(key) ?? {
      client,
      currency: e.currency,
      money_in: 0,
      money_out: 0,
      balance: 0,
      entries: 0,
    };
    const signed = e.kind === "income" ? e.amount : -e.amount;
    row.balance += signed;
    if (e.entry_date >= from) {
      row.entries += 1;
      if (signed > 0) row.money_in += signed;
      else row.money_out -= signed;
    }
    rows.set(key, row);
  }
  return [...rows.values()].sort(
    (a, b) => a.client.localeCompare(b.client) || a.currency.localeCompare(b.currency),
  );
}
