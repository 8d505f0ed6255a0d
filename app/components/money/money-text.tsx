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

/** Sums kept per currency, each in its own currency ("GHS 1,200.00 · USD 300.00"), never converted. */
export function MoneyPerCurrency({
  sums,
  className,
  separator = " · ",
}: {
  sums: Partial<Record<string, number>>;
  className?: string;
  separator?: string;
}) {
  const entries = Object.entries(sums).filter(([, v]) => v !== undefined) as [string, number][];
  if (entries.length === 0) return <Money minor={0} currency="GHS" className={className} />;
  return (
    <>
      {entries.map(([c, v], i) => (
        <span key={c}>
          {i > 0 ? separator : null}
          <Money minor={v} currency={c} className={className} />
        </span>
      ))}
    </>
  );
}
