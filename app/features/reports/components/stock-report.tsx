/**
 * Stock: listings per city, type and status with their median days on market; the stock watch
 * (mandates ending within 30 days or ended, withdrawn listings); price reductions and listings'
 * status moves over the period (from the listings' history).
 */
import { PROPERTY_STATUS_LABELS } from "#core/properties/property-workflow.ts";
import type { StockRow } from "#core/reports/figures.ts";
import {
  WATCH_REASON_LABELS,
  type PriceReductionRow,
  type StockMoveRow,
  type StockWatchRow,
} from "#core/reports/watch.ts";
import type { Period } from "../api/reports-api.ts";
import { usePriceReductions, useStock, useStockMoves, useStockWatch } from "../hooks/report-queries.ts";
import { YourRecords } from "./figures-strip.tsx";
import { moneyColumn, ReportSection, type ReportColumn } from "./report-section.tsx";

const label = (s: string) => (PROPERTY_STATUS_LABELS as Record<string, string>)[s] ?? s;
const COLUMNS: ReportColumn<StockRow>[] = [
  { header: "City", cell: (r) => r.city, csv: (r) => r.city },
  { header: "Type", cell: (r) => r.property_type, csv: (r) => r.property_type },
  { header: "Status", cell: (r) => label(r.status), csv: (r) => label(r.status) },
  { header: "Listings", numeric: true, cell: (r) => r.listings, csv: (r) => r.listings },
  {
    header: "Median days on market",
    numeric: true,
    cell: (r) => r.median_days_on_market ?? "—",
    csv: (r) => r.median_days_on_market,
  },
];
const WATCH_COLUMNS: ReportColumn<StockWatchRow>[] = [
  { header: "Listing", cell: (r) => r.title, csv: (r) => r.title },
  { header: "City", cell: (r) => r.city, csv: (r) => r.city },
  { header: "Status", cell: (r) => label(r.status), csv: (r) => label(r.status) },
  { header: "Mandate ends", cell: (r) => r.mandate_expires_on ?? "—", csv: (r) => r.mandate_expires_on },
  { header: "Why", cell: (r) => WATCH_REASON_LABELS[r.reason], csv: (r) => WATCH_REASON_LABELS[r.reason] },
];
const REDUCTION_COLUMNS: ReportColumn<PriceReductionRow>[] = [
  { header: "Listing", cell: (r) => r.title, csv: (r) => r.title },
  { header: "Reduced on", cell: (r) => r.reduced_on, csv: (r) => r.reduced_on },
  { header: "Currency", cell: (r) => r.currency, csv: (r) => r.currency },
  moneyColumn("Old price", (r) => r.old_price),
  moneyColumn("New price", (r) => r.new_price),
];
const MOVE_COLUMNS: ReportColumn<StockMoveRow>[] = [
  { header: "Month", cell: (r) => r.month, csv: (r) => r.month },
  { header: "Moved to", cell: (r) => label(r.status), csv: (r) => label(r.status) },
  { header: "Listings", numeric: true, cell: (r) => r.listings, csv: (r) => r.listings },
];

export function StockReport({ period, own }: { period: Period | null; own: boolean }) {
  const stock = useStock();
  const watch = useStockWatch();
  const reductions = usePriceReductions(period);
  const moves = useStockMoves(period);
  const byStatus = new Map<string, number>();
  for (const r of stock.data ?? [])
    byStatus.set(label(r.status), (byStatus.get(label(r.status)) ?? 0) + r.listings);
  return (
    <div className="flex flex-col gap-4">
      <YourRecords own={own} />
      <ReportSection
        id="stock"
        title="Listings by city, type and status (today)"
        description="Days on market: from publication to today."
        rows={stock.data}
        loading={stock.isPending}
        error={stock.error}
        columns={COLUMNS}
        chart={{
          label: "Listings per status",
          data: [...byStatus.entries()].map(([status, listings]) => ({ status, listings })),
          x: "status",
          series: [{ key: "listings", name: "Listings", color: "#0369a1" }],
        }}
      />
      <ReportSection
        id="stock-watch"
        title="Mandates ending, ended, and withdrawn listings (today)"
        description="Listings whose mandate (the owner's authority to market) ends in the next 30 days or has ended while still marketed, and withdrawn listings: the most urgent first."
        rows={watch.data}
        loading={watch.isPending}
        error={watch.error}
        columns={WATCH_COLUMNS}
        empty="No mandate ends in the next 30 days and no listing is withdrawn."
      />
      {period ? (
        <>
          <ReportSection
            id="stock-moves"
            title="Listings by status over time"
            description="Per month of the period, how many listings moved into each status (from the listings' history)."
            rows={moves.data}
            loading={moves.isPending}
            error={moves.error}
            columns={MOVE_COLUMNS}
            empty="No listing changed status in this period."
          />
          <ReportSection
            id="price-reductions"
            title="Price reductions"
            description="Listings whose asking price went down in the period, newest first."
            rows={reductions.data}
            loading={reductions.isPending}
            error={reductions.error}
            columns={REDUCTION_COLUMNS}
            empty="No price was reduced in this period."
          />
        </>
      ) : null}
    </div>
  );
}
