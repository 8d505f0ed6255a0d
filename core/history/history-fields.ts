/**
 * How a record's history shows a field: its label, whether it is internal (hidden), and how its
 * value reads to a person — a name instead of an id (a team member, or a record to link to), an
 * enum's label, money and dates as the user's settings format them, or "changed" for a personal
 * column whose values the audit log never keeps ({"redacted": true}, see the audit trigger).
 *
 * A table's own knowledge comes from core/history/history-tables.ts; everything else is read
 * from the field's name and value, so a table nobody described still reads as words.
 */
import { RECORD_NAME_TABLES, type RecordNameTable } from "../records/record-links.ts";

export type FieldKind =
  | { type: "hidden" }
  | { type: "text" }
  | { type: "enum"; labels: Readonly<Record<string, string>> }
  /** Major units (numeric in the database); the currency from `currencyField` of the row, else the page's. */
  | { type: "money"; currencyField?: string }
  /** Minor units (pesewas), integer. */
  | { type: "minor"; currencyField?: string }
  | { type: "percent" }
  | { type: "date" }
  | { type: "datetime" }
  | { type: "ref"; table: RecordNameTable | "member" };

export interface HistoryTable {
  /** Field → label, in the order fields are listed. */
  labels?: Readonly<Record<string, string>>;
  fields?: Readonly<Record<string, FieldKind>>;
}

/** Bookkeeping and machine columns no person needs to read in a history. */
export const INTERNAL_FIELDS: ReadonlySet<string> = new Set([
  "id",
  "created_at",
  "updated_at",
  "search_text",
  "client_key",
  "dedup_key",
  "ics_sequence",
  "blocked_from",
  "blocked_until",
  "priority_rank",
  "location_keys",
  "storage_path",
  "token_hash",
  "link_nonce",
  "lease_until",
  "claim_token",
  "source_host",
  "user_agent",
  "display_name",
  "last_activity_at",
  "stage_entered_at",
  "reminded_at",
  "origin",
  "origin_id",
  "gra_qr_code",
]);

/** A personal column's entry in the audit log: that it changed, never its value. */
export function isRedacted(value: unknown): boolean {
  return (
    typeof value === "object" &&
    value !== null &&
    !Array.isArray(value) &&
    (value as Record<string, unknown>).redacted === true
  );
}

const MEMBER_FIELD =
  /^(owner|assignee|agent|author|actor|host|recorded|approved|issued|decided|anonymised|created|registered|shared)(_id|_by)$|^user_id$/;
/** `<x>_id` columns that point at a record with a name. */
const REF_FIELDS: Readonly<Record<string, RecordNameTable>> = {
  contact_id: "contacts",
  company_id: "contacts",
  deal_id: "deals",
  property_id: "properties",
  invoice_id: "invoices",
  credited_invoice_id: "invoices",
  converted_from_id: "invoices",
  payment_id: "payments",
  refund_of: "payments",
  partner_id: "partners",
  stage_id: "deal_stages",
  pipeline_id: "deal_pipelines",
  lost_reason_id: "deal_lost_reasons",
  event_id: "events",
  task_id: "tasks",
  previous_id: "tasks",
  folder_id: "file_folders",
  parent_id: "file_folders",
  event_type_id: "booking_event_types",
  account_id: "finance_accounts",
  registration_id: "partner_buyer_registrations",
};
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}(:?\d{2})?)$/;
const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;
const ENUM_TOKEN = /^[a-z]+(_[a-z]+)+$/;

/** How a field reads: the table's word first, then what its name and value say. */
export function fieldKind(table: HistoryTable | undefined, field: string, sample?: unknown): FieldKind {
  const declared = table?.fields?.[field];
  if (declared) return declared;
  if (INTERNAL_FIELDS.has(field)) return { type: "hidden" };
  if (MEMBER_FIELD.test(field)) return { type: "ref", table: "member" };
  const ref = REF_FIELDS[field];
  if (ref) return { type: "ref", table: ref };
  if (/_at$/.test(field) || (typeof sample === "string" && ISO_INSTANT.test(sample)))
    return { type: "datetime" };
  if (/(_on|_date)$/.test(field) || (typeof sample === "string" && ISO_DAY.test(sample)))
    return { type: "date" };
  if (/(_percent|_rate)$/.test(field)) return { type: "percent" };
  return { type: "text" };
}

/** "lost_reason_id" → "Lost reason": for fields nobody labelled. */
export function humanizeField(field: string): string {
  const words = field.replace(/_(id|by)$/, "").replaceAll("_", " ");
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** An unlabelled enum value ("partially_paid") as words ("Partially paid"); other text unchanged. */
export function humanizeToken(value: string): string {
  return ENUM_TOKEN.test(value) ? humanizeField(value) : value;
}

export function fieldLabel(table: HistoryTable | undefined, field: string): string {
  return table?.labels?.[field] ?? humanizeField(field);
}

/** The record tables a history names, for one lookup each. */
export function isNamedRef(kind: FieldKind): kind is { type: "ref"; table: RecordNameTable } {
  return kind.type === "ref" && kind.table !== "member" && kind.table in RECORD_NAME_TABLES;
}
