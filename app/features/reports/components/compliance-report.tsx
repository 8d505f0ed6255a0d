/**
 * The Act 1047 annual transaction report: the year's completed sales and lettings on screen, and
 * as the CSV and PDF the edge makes (with the REAC licence), both under the caller's access.
 */
import { DownloadIcon } from "lucide-react";
import { useState } from "react";
import { toast } from "#app/lib/toast.ts";
import {
  ANNUAL_SCREEN_ROWS,
  annualReportFileName,
  TRANSACTION_TYPE_LABELS,
  type AnnualRow,
} from "#core/reports/annual-report.ts";
import { downloadText } from "#app/components/records/csv-export-button.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { siteConfig } from "#app/lib/site-config.ts";
import { annualReportFile } from "../api/reports-api.ts";
import { useAnnualTransactions } from "../hooks/report-queries.ts";
import { moneyColumn, ReportSection, type ReportColumn } from "./report-section.tsx";

const COLUMNS: ReportColumn<AnnualRow>[] = [
  { header: "Date completed", cell: (r) => r.completed_on, csv: (r) => r.completed_on },
  {
    header: "Type",
    cell: (r) => TRANSACTION_TYPE_LABELS[r.transaction_type],
    csv: (r) => TRANSACTION_TYPE_LABELS[r.transaction_type],
  },
  { header: "Property", cell: (r) => r.property, csv: (r) => r.property },
  { header: "Client", cell: (r) => r.client ?? "—", csv: (r) => r.client },
  { header: "Agent", cell: (r) => r.agent_name ?? "—", csv: (r) => r.agent_name },
  moneyColumn("Value", (r) => r.value),
  moneyColumn("Commission", (r) => r.commission),
  { header: "Certificate number", cell: (r) => r.certificate_no ?? "—", csv: (r) => r.certificate_no },
];

export function ComplianceReport({ year, onYear }: { year: number; onYear: (year: string) => void }) {
  const rows = useAnnualTransactions(year);
  const [busy, setBusy] = useState<"csv" | "pdf" | null>(null);
  const download = async (ext: "csv" | "pdf") => {
    setBusy(ext);
    try {
      const blob = await annualReportFile(year, ext);
      downloadText(blob, annualReportFileName(year, ext), blob.type);
    } catch (e) {
      toast.error((e as Error).message);
    } finally {
      setBusy(null);
    }
  };
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-end gap-3 print:hidden">
        <label className="flex flex-col gap-1 text-sm font-medium">
          Year
          <input
            type="number"
            min={2000}
            max={2100}
            value={year}
            onChange={(e) => onYear(e.target.value)}
            className="h-9 w-28 rounded-md border bg-background px-2"
          />
        </label>
        <Button variant="outline" disabled={busy !== null} onClick={() => void download("csv")}>
          <DownloadIcon aria-hidden="true" /> Annual report (CSV)
        </Button>
        <Button variant="outline" disabled={busy !== null} onClick={() => void download("pdf")}>
          <DownloadIcon aria-hidden="true" /> Annual report (PDF)
        </Button>
      </div>
      <ReportSection
        id="annual-transactions"
        title={`Annual transaction report ${year} (Act 1047)`}
        description={`Every sale and letting completed in ${year}, to file with the Real Estate Agency Council within three months of the year's end. REAC licence: ${siteConfig.reacLicence ?? "not configured"}.`}
        rows={rows.data}
        loading={rows.isPending}
        error={rows.error}
        columns={COLUMNS}
        empty={`No sale or letting completed in ${year}.`}
      />
      {rows.data?.length === ANNUAL_SCREEN_ROWS ? (
        <p className="text-sm text-muted-foreground">
          The first {ANNUAL_SCREEN_ROWS} transactions of {year} by completion date are shown; the CSV and PDF
          hold every one.
        </p>
      ) : null}
    </div>
  );
}
