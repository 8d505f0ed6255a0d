/**
 * CSV for back-office exports (RFC 4180), safe to open in Excel and Google Sheets:
 *  - fields with a comma, quote, line break or edge spaces are quoted, quotes doubled;
 *  - text starting with = + - @ (or a tab / carriage return) gets a leading apostrophe, so a
 *    contact named "=HYPERLINK(…)" is shown as text instead of run as a formula (OWASP
 *    "CSV injection"); numbers are written as numbers and are never prefixed;
 *  - lines end with CRLF and the file starts with a UTF-8 byte-order mark, without which Excel
 *    reads "GH₵" and "Adwoa Dɔnkɔ" as mojibake.
 */

export type CsvValue = string | number | boolean | Date | null | undefined | readonly (string | number)[];

export interface CsvColumn<Row> {
  header: string;
  value: (row: Row) => CsvValue;
}

export const CSV_BOM = "\uFEFF";
export const CSV_LINE_END = "\r\n";
/** Characters that make a spreadsheet read a cell as a formula. */
const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]|^\s|\s$/;

/** A text cell made safe from formula injection. */
export function guardFormula(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

/** One cell, escaped and quoted as needed. */
export function csvCell(value: CsvValue): string {
  let text: string;
  if (value === null || value === undefined) return "";
  if (typeof value === "number") {
    if (!Number.isFinite(value)) return "";
    text = String(value);
  } else if (typeof value === "boolean") {
    text = value ? "yes" : "no";
  } else if (value instanceof Date) {
    text = Number.isNaN(value.getTime()) ? "" : value.toISOString();
  } else if (Array.isArray(value)) {
    text = guardFormula(value.join("; "));
  } else {
    text = guardFormula(value as string);
  }
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function csvLine(cells: readonly CsvValue[]): string {
  return cells.map(csvCell).join(",") + CSV_LINE_END;
}

/** The header line and one line per row. */
export function toCsv<Row>(
  columns: readonly CsvColumn<Row>[],
  rows: readonly Row[],
  { bom = true }: { bom?: boolean } = {},
): string {
  let out = bom ? CSV_BOM : "";
  out += csvLine(columns.map((c) => c.header));
  for (const row of rows) out += csvLine(columns.map((c) => c.value(row)));
  return out;
}

/** "properties-2026-11-24.csv": a file name that sorts by date and needs no quoting anywhere. */
export function csvFileName(base: string, at: Date = new Date()): string {
  const safe =
    base
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-|-$/g, "") || "export";
  return `${safe}-${at.toISOString().slice(0, 10)}.csv`;
}
