/** How the portal writes money and moments (Ghana's time zone). */
import { formatMoney } from "#core/format.ts";

export const money = (n: number | null, currency: string) =>
  n === null ? "Price on request" : formatMoney(n, currency);
export const when = (iso: string) =>
  new Intl.DateTimeFormat("en-GB", {
    dateStyle: "medium",
    timeStyle: "short",
    timeZone: "Africa/Accra",
  }).format(new Date(iso));
