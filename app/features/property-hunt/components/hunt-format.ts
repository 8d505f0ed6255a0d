/** How a hunt reads in one line: its place and its asking price (GHS or USD, per month/year for rentals). */
import type { HuntRow } from "#core/property-hunt/hunt-schema.ts";
import { RENT_PERIOD_LABELS } from "#core/properties/property-fields.ts";
import type { Formatters } from "#app/lib/format.ts";

export const huntPath = (id: string) => `/property-hunt/${id}`;

export function huntPlace(h: Pick<HuntRow, "neighbourhood" | "city">): string {
  return [h.neighbourhood, h.city].filter(Boolean).join(", ");
}

export function huntPrice(
  h: Pick<HuntRow, "asking_price" | "currency" | "listing_type" | "rent_period">,
  fmt: Formatters,
): string {
  if (h.asking_price === null) return "Price not known";
  const amount = fmt.money(h.asking_price, h.currency);
  return h.listing_type === "rent" && h.rent_period
    ? `${amount} ${RENT_PERIOD_LABELS[h.rent_period]}`
    : amount;
}
