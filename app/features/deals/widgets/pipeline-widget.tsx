/**
 * Dashboard slot "pipeline" (admins): the open pipeline's value per stage, from the same
 * deal_forecast the deals screen shows (read through RLS), each stage a link to the board, with
 * the dated rate USD deals are converted at.
 */
import { Link } from "react-router";
import { describeDbError } from "#core/records/db-errors.ts";
import { Skeleton } from "#app/components/ui/skeleton.tsx";
import { useFormatters } from "#app/lib/format.ts";
import { rateNote } from "#core/reports/rate-note.ts";
import { siteConfig } from "#app/lib/site-config.ts";
import { useForecast } from "../hooks/deal-queries.ts";

export default function PipelineWidget() {
  const forecast = useForecast(null, null);
  const fmt = useFormatters();
  if (forecast.isPending) return <Skeleton className="h-32 w-full" />;
  if (forecast.isError)
    return (
      <p className="text-sm text-destructive">
        Could not load the pipeline: {describeDbError(forecast.error).message}
      </p>
    );
  const stages = forecast.data
    .filter((l) => l.bucket === "stage")
    .sort((a, b) => a.sort_order - b.sort_order);
  if (stages.length === 0)
    return (
      <p className="text-sm text-muted-foreground">No open deals yet: deals you create show here by stage.</p>
    );
  const total = stages.reduce((s, l) => s + l.value_ghs, 0);
  // USD deals are in these GHS figures at the day's rate: named under them.
  const rate = rateNote(siteConfig.usdGhsRate);
  return (
    <div className="flex flex-col gap-2">
      <ul className="flex flex-col gap-1" aria-label="Pipeline value by stage">
        {stages.map((l) => (
          <li key={l.key} className="flex items-center justify-between gap-2 text-sm">
            <span className="min-w-0 truncate">
              {l.label} <span className="text-muted-foreground">({l.deals})</span>
            </span>
            <span className="shrink-0 whitespace-nowrap tabular-nums">{fmt.money(l.value_ghs, "GHS")}</span>
          </li>
        ))}
      </ul>
      <p className="flex justify-between border-t pt-2 text-sm font-medium">
        <span>Open pipeline</span>
        <span className="whitespace-nowrap tabular-nums" data-testid="pipeline-total">
          {fmt.money(total, "GHS")}
        </span>
      </p>
      {rate && (
        <p className="text-xs text-muted-foreground" data-testid="pipeline-rate">
          USD deals in GHS {rate}
        </p>
      )}
      <Link to="/deals" className="text-sm font-medium underline">
        Open the deals board
      </Link>
    </div>
  );
}
