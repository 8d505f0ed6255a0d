import { BOOKING_HORIZON_DAYS, todayInAccra } from "#core/form-fields.ts";

/** Last bookable date (Accra) as YYYY-MM-DD, for the date input's max. */
export function horizonDate(): string {
  return todayInAccra(new Date(Date.now() + BOOKING_HORIZON_DAYS * 86_400_000));
}
