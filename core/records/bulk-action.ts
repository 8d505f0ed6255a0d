/**
 * What a bulk action on a list returns (the bulk_change_* functions): how many rows matched and
 * changed, the rows refused with the reason, and the previous values an undo puts back. The
 * summary sentences group refusals by reason ("3 not changed: owned by another agent").
 */
import { z } from "zod";

export const bulkRefusalSchema = z.object({
  id: z.uuid(),
  name: z.string().nullable(),
  reason: z.string(),
});
export type BulkRefusal = z.output<typeof bulkRefusalSchema>;

export const bulkPreviousSchema = z.array(
  z.object({ id: z.uuid(), updated_at: z.string(), values: z.record(z.string(), z.unknown()) }),
);
export type BulkPrevious = z.output<typeof bulkPreviousSchema>;

export const bulkResultSchema = z.object({
  matched: z.number().int().nonnegative(),
  changed: z.number().int().nonnegative(),
  /** Allowed but already as asked (e.g. the tag was there). */
  unchanged: z.number().int().nonnegative(),
  refused: z.array(bulkRefusalSchema),
  previous: bulkPreviousSchema,
});
export type BulkResult = z.output<typeof bulkResultSchema>;

export const bulkUndoResultSchema = z.object({
  restored: z.number().int().nonnegative(),
  refused: z.array(bulkRefusalSchema),
});
export type BulkUndoResult = z.output<typeof bulkUndoResultSchema>;

/** "3 not changed: owned by another agent; 1 not changed: not found, or not yours to see". */
export function describeRefusals(refused: readonly BulkRefusal[], verb = "changed"): string {
  const byReason = new Map<string, number>();
  for (const r of refused) byReason.set(r.reason, (byReason.get(r.reason) ?? 0) + 1);
  return [...byReason].map(([reason, n]) => `${n} not ${verb}: ${reason}`).join("; ");
}

/** The toast's title for a bulk result: "12 contacts changed" (with what was already so). */
export function bulkSummary(
  result: BulkResult,
  noun: { one: string; many: string },
  verb = "changed",
): string {
  const count = (n: number) => `${n} ${n === 1 ? noun.one : noun.many}`;
  const parts = [`${count(result.changed)} ${verb}`];
  if (result.unchanged) parts.push(`${result.unchanged} already so`);
  return parts.join(", ");
}
