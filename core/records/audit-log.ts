/**
 * Rows of `audit_log` (the platform's append-only change history, filled by a trigger on every
 * back-office table) as the record history panel reads them, and the pure step that turns one
 * row into "field: old → new" lines. Contract: table_name, record_id, action
 * ('insert' | 'update' | 'delete'), actor_id, created_at, changes — for an update
 * `{ field: { old, new } }`, for an insert or delete the row's fields; a personal column's entry is
 * `{ redacted: true }` in either (its values are never logged).
 */
import { z } from "zod";
import { fieldKind, fieldLabel, isRedacted, type HistoryTable } from "../history/history-fields.ts";

export const AUDIT_LOG_TABLE = "audit_log";
export const AUDIT_ACTIONS = ["insert", "update", "delete"] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];
export const AUDIT_LOG_COLUMNS = "id, table_name, record_id, action, actor_id, created_at, changes";

export const auditRowSchema = z.object({
  id: z.union([z.string(), z.number()]).transform(String),
  table_name: z.string(),
  record_id: z.string(),
  action: z.enum(AUDIT_ACTIONS),
  actor_id: z.string().nullable(),
  created_at: z.string(),
  changes: z.record(z.string(), z.unknown()).nullable(),
});
export type AuditRow = z.output<typeof auditRowSchema>;

export interface ChangeLine {
  field: string;
  label: string;
  /** Absent for an insert. */
  old?: unknown;
  /** Absent for a delete. */
  new?: unknown;
  /** A personal column: it changed (or was set), its values are never kept. */
  redacted?: true;
}

export interface ChangeLineOptions {
  /** What the table's history knows (core/history/history-tables.ts): labels, hidden fields. */
  table?: HistoryTable;
  /** Field → label (over the table's); with `onlyLabelled`, fields without a label are left out. */
  labels?: Record<string, string>;
  onlyLabelled?: boolean;
}

const pair = z.object({ old: z.unknown(), new: z.unknown() });

/**
 * The lines of one audit row, in the labels' order first, then alphabetical. Inserts list the
 * fields that were set, deletes the fields the record had, updates what changed; internal
 * columns (ids, search text, client keys…) are left out; personal columns show as changed.
 */
export function changeLines(
  row: Pick<AuditRow, "action" | "changes">,
  { table, labels = {}, onlyLabelled = false }: ChangeLineOptions = {},
): ChangeLine[] {
  const allLabels = { ...table?.labels, ...labels };
  const lines: ChangeLine[] = [];
  for (const [field, value] of Object.entries(row.changes ?? {})) {
    if (onlyLabelled && !(field in allLabels)) continue;
    if (!(field in labels) && fieldKind(table, field).type === "hidden") continue;
    const label = allLabels[field] ?? fieldLabel(table, field);
    if (isRedacted(value)) {
      lines.push({ field, label, redacted: true });
    } else if (row.action === "update") {
      const p = pair.safeParse(value);
      if (!p.success || sameValue(p.data.old, p.data.new)) continue;
      lines.push({ field, label, old: p.data.old, new: p.data.new });
    } else if (value !== null && value !== undefined && !(Array.isArray(value) && value.length === 0)) {
      lines.push(row.action === "insert" ? { field, label, new: value } : { field, label, old: value });
    }
  }
  const order = Object.keys(allLabels);
  const rank = (f: string) => (order.includes(f) ? order.indexOf(f) : order.length);
  return lines.sort((a, b) => rank(a.field) - rank(b.field) || a.field.localeCompare(b.field));
}

function sameValue(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}
