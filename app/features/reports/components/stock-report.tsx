/** Stock: listings per city, type and status with their median days on market. */
import { PROPERTY_STATUS_LABELS } from "#core/properties/property-workflow.ts";
import type { StockRow } from "#core/reports/figures.ts";
import { useStock } from "../hooks/report-queries.ts";
import { ReportSection, type ReportColumn } from "./report-section.tsx";

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

export function StockReport() {
  const stock = useStock();
  const byStatus = new Map<string, number>();
  for (const r of stock.data ?? [])
    byStatus.set(label(r.status), (byStatus.get(label(r.status)) ?? 0) + r.listings);
  return (
    <ReportSection
      id="stock"
      title="Listings by city, type and status"
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
  );
}
