import type { Currency, RentPeriod } from "../../../../core/content-model.ts";
import { convert, formatDate, formatMoney, otherCurrency, rentSuffix, USD_GHS_RATE } from "../lib/format.ts";

/** Price in its listing currency plus the other currency at the dated indicative rate. */
export function Price({
  price,
  currency,
  rentPeriod,
  onRequest,
  size = "md",
}: {
  price: number | null;
  currency: Currency;
  rentPeriod?: RentPeriod | null;
  onRequest?: boolean;
  size?: "md" | "lg";
}) {
  if (price == null || onRequest) return <p className={size === "lg" ? "text-3xl font-bold text-emerald-900" : "text-lg font-bold text-emerald-900"}>Price on request</p>;
  const alt = otherCurrency(currency);
  return (
    <div>
      <p className={size === "lg" ? "text-3xl font-bold text-emerald-900" : "text-lg font-bold text-emerald-900"}>
        {formatMoney(price, currency)}
        <span className="text-sm font-medium text-stone-600">{rentSuffix(rentPeriod)}</span>
      </p>
      <p className="text-xs text-stone-600" title={`Indicative rate USD 1 = GHS ${USD_GHS_RATE.rate} as of ${formatDate(USD_GHS_RATE.asOf)}`}>
        ≈ {formatMoney(convert(price, currency, alt), alt)}
        {size === "lg" && ` (indicative, USD 1 = GHS ${USD_GHS_RATE.rate} on ${formatDate(USD_GHS_RATE.asOf)})`}
      </p>
    </div>
  );
}
