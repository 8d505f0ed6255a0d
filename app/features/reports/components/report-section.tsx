/**
 * One report: a heading, an optional chart (recharts, loaded lazily), and the table of the
 * figures behind it — a real <table> with a caption, reachable by keyboard and screen reader —
 * with a CSV export of exactly the rows shown. On a phone each row is a card of "column · value"
 * lines, so nothing scrolls sideways inside the report's box.
 */
import { DownloadIcon } from "lucide-react";
import { lazy, Suspense, type ReactNode } from "react";
import { minorToDecimal } from "#core/money/minor-units.ts";
import { csvFileName, toCsv, type CsvValue } from "#core/records/csv.ts";
import { Money } from "#app/components/money/money-text.tsx";
import { downloadText } from "#app/components/records/csv-export-button.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Skeleton } from "#app/components/ui/skeleton.tsx";
import {
  Table,
  TableBody,
  TableCaption,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from "#app/components/ui/table.tsx";
import type { ReportChartProps } from "./report-chart.tsx";

export const ReportChart = lazy(() => import("./report-chart.tsx"));

export interface ReportColumn<Row> {
  header: string;
  cell: (row: Row) => ReactNode;
  csv: (row: Row) => CsvValue;
  numeric?: boolean;
}

/** An amount column: shown in its row's currency, exported as the exact decimal. */
export function moneyColumn<R extends { currency: string }>(
  header: string,
  pick: (r: R) => number,
): ReportColumn<R> {
  return {
    header,
    numeric: true,
    cell: (r) => <Money minor={pick(r)} currency={r.currency} />,
    csv: (r) => minorToDecimal(pick(r)),
  };
}

export function ReportSection<Row>({
  id,
  title,
  description,
  chart,
  columns,
  rows,
  loading,
  error,
  empty = "Nothing in this period.",
}: {
  id: string;
  title: string;
  description?: ReactNode;
  chart?: ReportChartProps;
  columns: readonly ReportColumn<Row>[];
  rows: readonly Row[] | undefined;
  loading?: boolean;
  error?: Error | null;
  empty?: string;
}) {
  const headingId = `report-${id}`;
  return (
    <section
      aria-labelledby={headingId}
      className="flex flex-col gap-3 rounded-lg border p-4 break-inside-avoid"
    >
      <div className="flex flex-wrap items-start gap-2">
        <div className="min-w-0 flex-1">
          <h2 id={headingId} className="text-lg font-semibold">
            {title}
          </h2>
          {description ? <p className="text-sm text-muted-foreground">{description}</p> : null}
        </div>
        {rows && rows.length > 0 ? (
          <Button
            variant="outline"
            size="sm"
            className="print:hidden"
            onClick={() =>
              downloadText(
                toCsv(
                  columns.map((c) => ({ header: c.header, value: c.csv })),
                  rows,
                ),
                csvFileName(`report-${id}`),
              )
            }
          >
            <DownloadIcon aria-hidden="true" /> CSV
          </Button>
        ) : null}
      </div>
      {error ? (
        <p role="alert" className="text-sm text-destructive">
          {error.message}
        </p>
      ) : loading || !rows ? (
        <Skeleton className="h-40 w-full" />
      ) : rows.length === 0 ? (
        <p className="text-sm text-muted-foreground">{empty}</p>
      ) : (
        <>
          {chart ? (
            <Suspense fallback={<Skeleton className="h-64 w-full" />}>
              <ReportChart {...chart} />
            </Suspense>
          ) : null}
          <Table data-testid={`report-table-${id}`} stacked>
            <TableCaption className="sr-only">{title}</TableCaption>
            <TableHeader>
              <TableRow>
                {columns.map((c) => (
                  <TableHead key={c.header} scope="col" className={c.numeric ? "text-right" : undefined}>
                    {c.header}
                  </TableHead>
                ))}
              </TableRow>
            </TableHeader>
            <TableBody>
              {rows.map((r, i) => (
                <TableRow key={i}>
                  {columns.map((c) => (
                    <TableCell
                      key={c.header}
                      data-label={c.header}
                      className={c.numeric ? "text-right tabular-nums whitespace-nowrap" : undefined}
                    >
                      {c.cell(r)}
                    </TableCell>
                  ))}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </>
      )}
    </section>
  );
}
