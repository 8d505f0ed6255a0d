/**
 * What needs acting on: listings whose mandate (the owner's authority to market) ends within 30
 * days or has ended while still marketed, withdrawn listings, price reductions, listings' status
 * moves, and inbox items nobody is assigned to, by age. The database computes the same at scale
 * (report_stock_watch, report_price_reductions, report_stock_moves, report_unassigned_inbox).
 */
import { z } from "zod";
import { minorSchema } from "../invoices-receipts/documents.ts";
import { countSchema, currencySchema } from "./figures.ts";

export const MANDATE_WARNING_DAYS = 30;
export const WATCH_REASONS = ["mandate_expired", "mandate_expiring", "withdrawn"] as const;
export type WatchReason = (typeof WATCH_REASONS)[number];
export const WATCH_REASON_LABELS: Record<WatchReason, string> = {
  mandate_expired: "Mandate ended",
  mandate_expiring: "Mandate ends within 30 days",
  withdrawn: "Withdrawn",
};
const CLOSED = ["sold", "let", "archived"];

function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/** Why a listing is on the stock watch today (Africa/Accra day), or null when it is not. */
export function watchReason(
  l: { status: string; mandate_expires_on: string | null },
  today: string,
): WatchReason | null {
  if (l.status === "withdrawn") return "withdrawn";
  if (!l.mandate_expires_on || CLOSED.includes(l.status)) return null;
  if (l.mandate_expires_on < today) return "mandate_expired";
  if (l.mandate_expires_on <= addDays(today, MANDATE_WARNING_DAYS)) return "mandate_expiring";
  return null;
}

export const stockWatchRowSchema = z.object({
  property_id: z.string(),
  title: z.string(),
  city: z.string(),
  status: z.string(),
  agent_id: z.string().nullable(),
  mandate_expires_on: z.string().nullable(),
  reason: z.enum(WATCH_REASONS),
});
export type StockWatchRow = z.infer<typeof stockWatchRowSchema>;

/** A price reduction: a history entry whose new price is below the old one. */
export function isPriceReduction(change: { old: unknown; new: unknown } | undefined): boolean {
  if (!change || change.old == null || change.new == null) return false;
  return Number(change.new) < Number(change.old);
}

export const priceReductionRowSchema = z.object({
  property_id: z.string(),
  title: z.string(),
  reduced_on: z.string(),
  currency: currencySchema,
  old_price: minorSchema,
  new_price: minorSchema,
});
export type PriceReductionRow = z.infer<typeof priceReductionRowSchema>;

export const stockMoveRowSchema = z.object({
  month: z.string().transform((s) => s.slice(0, 7)),
  status: z.string(),
  listings: countSchema,
});
export type StockMoveRow = z.infer<typeof stockMoveRowSchema>;

export const INBOX_AGES = ["age_0_1", "age_2_7", "age_8_30", "age_30_plus"] as const;
export type InboxAge = (typeof INBOX_AGES)[number];
export const INBOX_AGE_LABELS: Record<InboxAge, string> = {
  age_0_1: "Today or yesterday",
  age_2_7: "2–7 days",
  age_8_30: "8–30 days",
  age_30_plus: "Over 30 days",
};

/** The age bucket of an inbox item that arrived on `arrivedOn` (Africa/Accra day), on `today`. */
export function inboxAge(arrivedOn: string, today: string): InboxAge {
  const days = Math.round((Date.parse(today) - Date.parse(arrivedOn)) / 86_400_000);
  if (days <= 1) return "age_0_1";
  if (days <= 7) return "age_2_7";
  if (days <= 30) return "age_8_30";
  return "age_30_plus";
}

export const unassignedRowSchema = z.object({
  inbox: z.string(),
  age_0_1: countSchema,
  age_2_7: countSchema,
  age_8_30: countSchema,
  age_30_plus: countSchema,
  oldest: z.string().nullable(),
});
export type UnassignedRow = z.infer<typeof unassignedRowSchema>;
