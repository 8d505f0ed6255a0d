import type { Currency, RentPeriod } from "#core/content-model.ts";
import { convert, formatDate, formatMoney, otherCurrency, rentSuffix, usdGhsRate } from "../lib/format.ts";

/** Price in its listing currency plus, when a rate is known, the other currency at the dated indicative rate. */
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
  if (price == null || onRequest)
    return (
      <p
        className={
          size === "lg" ? "text-3xl font-bold text-emerald-900" : "text-lg font-bold text-emerald-900"
        }
      >
        Price on request
      </p>
    );
  const alt = otherCurrency(currency);
  const rate = usdGhsRate();
  return (
    <div>
      <p
        className={
          size === "lg" ? "text-3xl font-bold text-emerald-900" : "text-lg font-bold text-emerald-900"
        }
      >
        {formatMoney(price, currency)}
        <span className="text-sm font-medium text-stone-600">{rentSuffix(rentPeriod)}</span>
      </p>
      {rate && (
        <p
          className="text-xs text-stone-600"
          title={`Indicative rate USD 1 = GHS ${rate.rate} as of ${formatDate(rate.asOf)}`}
        >
          ≈ {formatMoney(convert(price, currency, alt, rate), alt)}
          {size === "lg" && ` (indicative, USD 1 = GHS ${rate.rate} on ${formatDate(rate.asOf)})`}
        </p>
      )}
    </div>
  );
}
