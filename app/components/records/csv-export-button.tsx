/**
 * "Export CSV": every row matching the list's current filter and sort (not only the page on
 * screen), fetched in pages of 1,000, written by core's CSV writer (quoted, formula-guarded,
 * UTF-8 BOM for Excel) and downloaded. Progress shows on the button; a failure is one toast.
 */
import { DownloadIcon, Loader2Icon } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { toast } from "#app/lib/toast.ts";
import { csvFileName, toCsv, type CsvColumn } from "#core/records/csv.ts";
import { fetchAllPages, type RowsPage } from "#core/records/fetch-all-pages.ts";
import { Button } from "#app/components/ui/button.tsx";
import { toastError } from "#app/lib/query-client.ts";
import { downloadText } from "#app/lib/download.ts";

// Lists and panels import the download from here, beside the export it serves.
export { downloadText };

export interface CsvExportOptions<Row> {
  /** Base of the file name: "properties" → properties-2026-11-24.csv. */
  fileName: string;
  columns: readonly CsvColumn<Row>[];
  /** One page of the rows matching the current filter and sort (the module's list API). */
  fetchPage: (range: { from: number; to: number }) => Promise<RowsPage<Row>>;
}

export function CsvExportButton<Row>({ fileName, columns, fetchPage }: CsvExportOptions<Row>) {
  const [progress, setProgress] = useState<{ fetched: number; total: number | null } | null>(null);
  const abort = useRef<AbortController | null>(null);
  useEffect(() => () => abort.current?.abort(), []);

  const run = async () => {
    const controller = new AbortController();
    abort.current = controller;
    setProgress({ fetched: 0, total: null });
    try {
      const rows = await fetchAllPages(fetchPage, {
        signal: controller.signal,
        onProgress: (fetched, total) => setProgress({ fetched, total }),
      });
      const name = csvFileName(fileName);
      downloadText(toCsv(columns, rows), name);
      toast.success(`Exported ${rows.length.toLocaleString("en-GB")} ${rows.length === 1 ? "row" : "rows"}`, {
        description: name,
      });
    } catch (err) {
      if (!controller.signal.aborted) toastError(err, { errorTitle: "Export failed" });
    } finally {
      if (!controller.signal.aborted) setProgress(null);
    }
  };

  return (
    <Button
      variant="outline"
      size="sm"
      onClick={() => void run()}
      disabled={progress !== null}
      aria-live="polite"
    >
      {progress ? (
        <Loader2Icon className="animate-spin" aria-hidden="true" />
      ) : (
        <DownloadIcon aria-hidden="true" />
      )}
      {progress
        ? `Exporting${progress.total ? ` ${progress.fetched.toLocaleString("en-GB")} / ${progress.total.toLocaleString("en-GB")}` : "…"}`
        : "Export CSV"}
    </Button>
  );
}
