/** A listing's price as staff read it in lists: "GHS 2,500,000.00", "USD 3,500.00 / month", "On request". */
import type { PropertyRow } from "#core/properties/property-schema.ts";
import { RENT_PERIOD_LABELS } from "#core/properties/property-fields.ts";
import type { Formatters } from "#app/lib/format.ts";

export function listingPrice(
  row: Pick<PropertyRow, "price" | "currency" | "price_on_request" | "listing_type" | "rent_period">,
  fmt: Formatters,
): string {
  if (row.price === null) return "On request";
  const amount = fmt.money(row.price, row.currency);
  const period =
    row.listing_type === "rent" && row.rent_period ? ` ${RENT_PERIOD_LABELS[row.rent_period]}` : "";
  return `${amount}${period}${row.price_on_request ? " (on request)" : ""}`;
}
