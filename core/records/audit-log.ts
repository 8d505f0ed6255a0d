/**
 * Rows of `audit_log` (the platform's append-only change history, filled by a trigger on every
 * back-office table) as the record history panel reads them, and the pure step that turns one
 * row into "field: old → new" lines. Contract: table_name, record_id, action
 * ('insert' | 'update' | 'delete'), actor_id, created_at, changes — for an update
 * `{ field: { old, new } }`, for an insert or delete the row's fields.
 */
import { z } from "zod";

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
}

/** Bookkeeping columns nobody needs to read in a history. */
export const AUDIT_HIDDEN_FIELDS = ["id", "created_at", "updated_at"] as const;

export interface ChangeLineOptions {
  /** Field → label; with `onlyLabelled`, fields without a label are left out. */
  labels?: Record<string, string>;
  onlyLabelled?: boolean;
  hidden?: readonly string[];
}

const pair = z.object({ old: z.unknown(), new: z.unknown() });

function humanize(field: string): string {
  const words = field.replace(/_id$/, "").replaceAll("_", " ");
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/**
 * The lines of one audit row, in the labels' order first, then alphabetical. Inserts list the
 * fields that were set, deletes the fields the record had, updates what changed.
 */
export function changeLines(
  row: Pick<AuditRow, "action" | "changes">,
  { labels = {}, onlyLabelled = false, hidden = AUDIT_HIDDEN_FIELDS }: ChangeLineOptions = {},
): ChangeLine[] {
  const lines: ChangeLine[] = [];
  for (const [field, value] of Object.entries(row.changes ?? {})) {
    if (hidden.includes(field)) continue;
    if (onlyLabelled && !(field in labels)) continue;
    const label = labels[field] ?? humanize(field);
    if (row.action === "update") {
      const p = pair.safeParse(value);
      if (!p.success || sameValue(p.data.old, p.data.new)) continue;
      lines.push({ field, label, old: p.data.old, new: p.data.new });
    } else if (value !== null && value !== undefined && !(Array.isArray(value) && value.length === 0)) {
      lines.push(row.action === "insert" ? { field, label, new: value } : { field, label, old: value });
    }
  }
  const order = Object.keys(labels);
  const rank = (f: string) => (order.includes(f) ? order.indexOf(f) : order.length);
  return lines.sort((a, b) => rank(a.field) - rank(b.field) || a.field.localeCompare(b.field));
}

function sameValue(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

export const AUDIT_VALUE_MAX_LENGTH = 120;

/** A value as one short line of text: "—" for nothing, yes/no, lists joined, long text cut. */
export function formatAuditValue(value: unknown): string {
  if (value === null || value === undefined || value === "") return "—";
  if (typeof value === "boolean") return value ? "yes" : "no";
  let text = Array.isArray(value)
    ? value.map((v) => (typeof v === "string" ? v : JSON.stringify(v))).join(", ")
    : typeof value === "object"
      ? JSON.stringify(value)
      : String(value);
  if (text === "") return "—";
  if (text.length > AUDIT_VALUE_MAX_LENGTH) text = `${text.slice(0, AUDIT_VALUE_MAX_LENGTH - 1)}…`;
  return text;
}
