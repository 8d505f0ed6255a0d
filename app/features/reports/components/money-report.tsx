/** Money: outstanding and overdue with their ageing, revenue and collections by month, the GRA return's lines per quarter. */
import {
  AGEING_BUCKETS,
  AGEING_LABELS,
  moneyByQuarter,
  totalsByCurrency,
  type MoneyMonthRow,
  type PerCurrency,
  type ReceivablesRow,
} from "#core/reports/figures.ts";
import { quarterOf } from "#core/reports/period.ts";
import { MoneyPerCurrency } from "#app/components/money/money-text.tsx";
import type { Period } from "../api/reports-api.ts";
import { useMoneyMonths, useReceivables } from "../hooks/report-queries.ts";
import { moneyColumn, ReportSection, type ReportColumn } from "./report-section.tsx";
import { Figure, YourRecords } from "./figures-strip.tsx";

const MONTH_COLUMNS = (label: string): ReportColumn<MoneyMonthRow>[] => [
  { header: label, cell: (r) => r.month, csv: (r) => r.month },
  { header: "Currency", cell: (r) => r.currency, csv: (r) => r.currency },
  moneyColumn("Revenue (net of taxes)", (r) => r.invoiced),
  moneyColumn("Collected", (r) => r.collected),
  moneyColumn("VAT", (r) => r.vat),
  moneyColumn("NHIL", (r) => r.nhil),
  moneyColumn("GETFund", (r) => r.getfund),
  moneyColumn("VAT flat rate", (r) => r.vat_flat),
];

const AGEING_COLUMNS: ReportColumn<ReceivablesRow>[] = [
  { header: "Currency", cell: (r) => r.currency, csv: (r) => r.currency },
  { header: "Invoices owing", numeric: true, cell: (r) => r.invoices, csv: (r) => r.invoices },
  moneyColumn("Outstanding", (r) => r.outstanding),
  ...AGEING_BUCKETS.map((b) => moneyColumn<ReceivablesRow>(AGEING_LABELS[b], (r) => r[b])),
];

function PerCurrencyFigure({ label, sums, testId }: { label: string; sums: PerCurrency; testId: string }) {
  return (
    <Figure label={label} testId={testId}>
      <MoneyPerCurrency sums={sums} className="block" separator="" />
    </Figure>
  );
}

export function MoneyReport({ period, own }: { period: Period; own: boolean }) {
  const receivables = useReceivables();
  const months = useMoneyMonths(period);
  const monthRows = months.data ?? [];
  const ghsMonths = monthRows.filter((r) => r.currency === "GHS");
  return (
    <div className="flex flex-col gap-4">
      <YourRecords own={own} />
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4">
        <PerCurrencyFigure
          label="Outstanding today"
          testId="figure-outstanding"
          sums={totalsByCurrency(receivables.data ?? [], (r) => r.outstanding)}
        />
        <PerCurrencyFigure
          label="Overdue today"
          testId="figure-overdue"
          sums={totalsByCurrency(receivables.data ?? [], (r) => r.overdue)}
        />
        <PerCurrencyFigure
          label="Revenue in the period"
          testId="figure-revenue"
          sums={totalsByCurrency(monthRows, (r) => r.invoiced)}
        />
        <PerCurrencyFigure
          label="Collected in the period"
          testId="figure-collected"
          sums={totalsByCurrency(monthRows, (r) => r.collected)}
        />
      </div>
      <ReportSection
        id="revenue-months"
        title="Revenue and collections by month"
        description="Revenue: issued invoices less credit notes, before taxes (drafts and void invoices count nothing). Each currency on its own line, never converted."
        rows={monthRows}
        loading={months.isPending}
        error={months.error}
        columns={MONTH_COLUMNS("Month")}
        chart={
          ghsMonths.length
            ? {
                label: "Revenue and collections per month in GHS",
                data: ghsMonths.map((r) => ({
                  month: r.month,
                  invoiced: r.invoiced,
                  collected: r.collected,
                })),
                x: "month",
                currency: "GHS",
                series: [
                  { key: "invoiced", name: "Revenue", color: "#047857" },
                  { key: "collected", name: "Collected", color: "#0369a1" },
                ],
              }
            : undefined
        }
      />
      <ReportSection
        id="receivables-ageing"
        title="Receivables ageing"
        description="What issued invoices still owe today, by days past their due date."
        rows={receivables.data}
        loading={receivables.isPending}
        error={receivables.error}
        columns={AGEING_COLUMNS}
        empty="No invoice owes anything."
      />
      <ReportSection
        id="gra-return"
        title="VAT, NHIL and GETFund per quarter"
        description="The lines of a GRA return: taxes charged on the invoices issued, less credit notes."
        rows={moneyByQuarter(monthRows, quarterOf)}
        loading={months.isPending}
        error={months.error}
        columns={MONTH_COLUMNS("Quarter")}
      />
    </div>
  );
}
