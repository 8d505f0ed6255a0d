/** An amount in minor units as "GHS 1,234.56" (core's formatMinor), tabular figures. */
import { formatMinor } from "#core/money/minor-units.ts";
import { cn } from "#app/lib/utils.ts";

export function Money({
  minor,
  currency,
  className,
}: {
  minor: number;
  currency: string;
  className?: string;
}) {
  return (
    <span className={cn("tabular-nums whitespace-nowrap", className)}>{formatMinor(minor, currency)}</span>
  );
}
