/**
 * "Export everything held about this contact" (Act 843 subject access) as a spreadsheet: the
 * database's JSON document (public.export_contact) flattened to one line per value — section,
 * record number, field, value — so nested records (deals, timeline rows, history) all fit one CSV.
 */
import type { CsvColumn } from "../records/csv.ts";

export interface ExportLine {
  section: string;
  record: number;
  field: string;
  value: string;
}

function flatten(value: unknown, prefix: string, out: Array<[string, string]>): void {
  if (value === null || value === undefined) {
    out.push([prefix, ""]);
  } else if (Array.isArray(value) && value.every((v) => typeof v !== "object" || v === null)) {
    out.push([prefix, value.map(String).join(", ")]);
  } else if (typeof value === "object") {
    const entries = Array.isArray(value)
      ? value.map((v, i) => [String(i + 1), v] as const)
      : Object.entries(value as Record<string, unknown>);
    if (entries.length === 0) out.push([prefix, ""]);
    for (const [k, v] of entries) flatten(v, prefix ? `${prefix}.${k}` : k, out);
  } else {
    out.push([prefix, String(value)]);
  }
}

/** One line per value; lists of records become numbered records of their section. */
export function exportLines(doc: Record<string, unknown>): ExportLine[] {
  const lines: ExportLine[] = [];
  const section = (name: string, records: unknown[]) =>
    records.forEach((rec, i) => {
      const pairs: Array<[string, string]> = [];
      flatten(rec, "", pairs);
      for (const [field, value] of pairs) lines.push({ section: name, record: i + 1, field, value });
    });
  for (const [key, value] of Object.entries(doc)) {
    if (key === "linked_records" && value && typeof value === "object") {
      for (const [table, recs] of Object.entries(value as Record<string, unknown>))
        section(table, Array.isArray(recs) ? recs : [recs]);
    } else if (Array.isArray(value)) {
      section(key, value);
    } else if (value && typeof value === "object") {
      section(key, [value]);
    } else {
      lines.push({
        section: key,
        record: 1,
        field: key,
        value: value === null || value === undefined ? "" : String(value),
      });
    }
  }
  return lines;
}

export const EXPORT_CSV_COLUMNS: CsvColumn<ExportLine>[] = [
  { header: "Section", value: (l) => l.section },
  { header: "Record", value: (l) => l.record },
  { header: "Field", value: (l) => l.field },
  { header: "Value", value: (l) => l.value },
];
