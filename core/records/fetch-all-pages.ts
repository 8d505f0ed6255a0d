/**
 * Collects every row matching a list's filter, one page at a time — for exports, which must hold
 * all matching rows while PostgREST answers at most `max-rows` (1000 on Supabase) per request.
 * Stops at a short page or at the reported total, and refuses more than `maxRows` up front so a
 * browser tab is never asked to build a 2-million-line file.
 */
import { RecordError } from "./db-errors.ts";

export interface RowsPage<Row> {
  rows: Row[];
  /** Matching rows in total (PostgREST `count: "exact"`), when known. */
  total: number | null;
}

export interface FetchAllOptions {
  pageSize?: number;
  maxRows?: number;
  signal?: AbortSignal;
  onProgress?: (fetched: number, total: number | null) => void;
}

/** PostgREST's default `max-rows` on Supabase: a bigger page would be cut silently. */
export const EXPORT_PAGE_SIZE = 1000;
export const EXPORT_MAX_ROWS = 50_000;

/** Its message is for the user (RecordError): it names the limit. */
export class TooManyRowsError extends RecordError {
  constructor(
    readonly total: number,
    readonly maxRows: number,
  ) {
    super(
      `${total.toLocaleString("en-GB")} rows match: narrow the filter to ${maxRows.toLocaleString("en-GB")} or fewer to export`,
      "TOO_MANY_ROWS",
    );
    this.name = "TooManyRowsError";
  }
}

export async function fetchAllPages<Row>(
  fetchPage: (range: { from: number; to: number }) => Promise<RowsPage<Row>>,
  { pageSize = EXPORT_PAGE_SIZE, maxRows = EXPORT_MAX_ROWS, signal, onProgress }: FetchAllOptions = {},
): Promise<Row[]> {
  const rows: Row[] = [];
  let total: number | null = null;
  for (let from = 0; ; from += pageSize) {
    signal?.throwIfAborted();
    const page = await fetchPage({ from, to: from + pageSize - 1 });
    if (page.total !== null) {
      total = page.total;
      if (total > maxRows) throw new TooManyRowsError(total, maxRows);
    }
    rows.push(...page.rows);
    if (rows.length > maxRows) throw new TooManyRowsError(rows.length, maxRows);
    onProgress?.(rows.length, total);
    if (page.rows.length < pageSize || (total !== null && rows.length >= total)) return rows;
  }
}
