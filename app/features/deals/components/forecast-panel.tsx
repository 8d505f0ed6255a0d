/**
 * The weighted forecast of the open pipeline (public.deal_forecast, as the user may see the deals):
 * per stage and per month of the expected close — deals, value and value × the stage's win
 * probability, in GHS (USD deals at the dated rate).
 */
import { describeDbError } from "#core/records/db-errors.ts";
import { Skeleton } from "#app/components/ui/skeleton.tsx";
import {
  Table,
  TableBody,
  TableCell,
  TableFooter,
  TableHead,
  TableHeader,
  TableRow,
} from "#app/components/ui/table.tsx";
import { useFormatters } from "#app/lib/format.ts";
import type { ForecastLine } from "../api/deals-api.ts";
import { usdRateNote } from "./deal-money.ts";
import { useForecast } from "../hooks/deal-queries.ts";

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
const monthLabel = (key: string) =>
  key === "none" ? "No close date" : `${MONTHS[Number(key.slice(5, 7)) - 1]} ${key.slice(0, 4)}`;

export function ForecastPanel({
  pipelineId,
  ownerId,
}: {
  pipelineId: string | null;
  ownerId: string | null;
}) {
  const forecast = useForecast(pipelineId, ownerId);
  const fmt = useFormatters();
  if (forecast.isPending) return <Skeleton className="h-40 w-full" />;
  if (forecast.isError)
    return (
      <p className="text-sm text-destructive">
        Could not load the forecast: {describeDbError(forecast.error).message}
      </p>
    );
  const stages = forecast.data.filter((l) => l.bucket === "stage");
  const months = forecast.data
    .filter((l) => l.bucket === "month")
    .sort((a, b) => (a.key === "none" ? 1 : b.key === "none" ? -1 : a.key.localeCompare(b.key)));
  const table = (caption: string, lines: ForecastLine[], label: (l: ForecastLine) => string) => (
    <Table aria-label={caption}>
      <TableHeader>
        <TableRow>
          <TableHead>{caption}</TableHead>
          <TableHead className="text-right">Deals</TableHead>
          <TableHead className="text-right">Value (GHS)</TableHead>
          <TableHead className="text-right">Weighted (GHS)</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {lines.map((l) => (
          <TableRow key={l.key}>
            <TableCell>{label(l)}</TableCell>
            <TableCell className="text-right tabular-nums">{l.deals}</TableCell>
            <TableCell className="text-right tabular-nums">{fmt.money(l.value_ghs, "GHS")}</TableCell>
            <TableCell className="text-right tabular-nums">{fmt.money(l.weighted_ghs, "GHS")}</TableCell>
          </TableRow>
        ))}
      </TableBody>
      <TableFooter>
        <TableRow>
          <TableCell>Total</TableCell>
          <TableCell className="text-right tabular-nums">{lines.reduce((s, l) => s + l.deals, 0)}</TableCell>
          <TableCell className="text-right tabular-nums">
            {fmt.money(
              lines.reduce((s, l) => s + l.value_ghs, 0),
              "GHS",
            )}
          </TableCell>
          <TableCell
            className="text-right tabular-nums"
            data-testid={`forecast-total-${caption === "Stage" ? "stage" : "month"}`}
          >
            {fmt.money(
              lines.reduce((s, l) => s + l.weighted_ghs, 0),
              "GHS",
            )}
          </TableCell>
        </TableRow>
      </TableFooter>
    </Table>
  );
  if (stages.length === 0) return <p className="text-sm text-muted-foreground">No open deals to forecast.</p>;
  return (
    <div className="flex flex-col gap-2">
      <div className="grid gap-6 lg:grid-cols-2">
        {table("Stage", stages, (l) => l.label)}
        {table("Expected close", months, (l) => monthLabel(l.key))}
      </div>
      {usdRateNote() && (
        <p className="text-xs text-muted-foreground" data-testid="forecast-rate">
          USD deals in GHS {usdRateNote()}
        </p>
      )}
    </div>
  );
}
