/**
 * Reading CSV files people export from Excel, Google Sheets or a phone's contacts (RFC 4180):
 * quoted fields with commas, doubled quotes and line breaks; CRLF or LF; a UTF-8 byte-order mark;
 * comma, semicolon (Excel in many locales) or tab as the separator, detected from the header
 * line. The counterpart of csv.ts (exports). Pure; the import screens map and validate the rows.
 */

export interface ParsedCsv {
  headers: string[];
  /** Data rows, each as long as the header (missing cells are ""). */
  rows: string[][];
  delimiter: "," | ";" | "\t";
}

export class CsvParseError extends Error {
  constructor(
    message: string,
    readonly line: number,
  ) {
    super(message);
    this.name = "CsvParseError";
  }
}

/** The separator the header line uses most (outside quotes). */
export function detectDelimiter(text: string): "," | ";" | "\t" {
  const counts = { ",": 0, ";": 0, "\t": 0 };
  let quoted = false;
  for (const ch of text) {
    if (ch === '"') quoted = !quoted;
    else if (!quoted && (ch === "\n" || ch === "\r")) break;
    else if (!quoted && ch in counts) counts[ch as keyof typeof counts]++;
  }
  const best = (Object.keys(counts) as (keyof typeof counts)[]).sort((a, b) => counts[b] - counts[a])[0]!;
  return counts[best] > 0 ? best : ",";
}

/** Every record of the text as cells (no header handling). Throws on an unclosed quote. */
export function parseCsvRecords(input: string, delimiter: string = detectDelimiter(input)): string[][] {
  const text = input.startsWith("\uFEFF") ? input.slice(1) : input;
  const records: string[][] = [];
  let row: string[] = [];
  let cell = "";
  let quoted = false;
  let line = 1;
  let quoteLine = 1;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"') {
        if (text[i + 1] === '"') {
          cell += '"';
          i++;
        } else quoted = false;
      } else {
        if (ch === "\n") line++;
        cell += ch;
      }
      continue;
    }
    if (ch === '"' && cell === "") {
      quoted = true;
      quoteLine = line;
    } else if (ch === delimiter) {
      row.push(cell);
      cell = "";
    } else if (ch === "\n" || ch === "\r") {
      if (ch === "\r" && text[i + 1] === "\n") i++;
      row.push(cell);
      records.push(row);
      row = [];
      cell = "";
      line++;
    } else {
      cell += ch;
    }
  }
  if (quoted)
    throw new CsvParseError(`A quoted value that starts on line ${quoteLine} is never closed.`, quoteLine);
  if (cell !== "" || row.length > 0) {
    row.push(cell);
    records.push(row);
  }
  return records;
}

/** Header + rows; blank lines skipped; rows padded or cut to the header's width. */
export function parseCsv(input: string): ParsedCsv {
  const delimiter = detectDelimiter(input);
  const records = parseCsvRecords(input, delimiter).filter((r) => r.some((c) => c.trim() !== ""));
  if (records.length === 0) return { headers: [], rows: [], delimiter };
  const headers = records[0]!.map((h) => h.trim());
  const rows = records.slice(1).map((r) => headers.map((_, i) => (r[i] ?? "").trim()));
  return { headers, rows, delimiter };
}
