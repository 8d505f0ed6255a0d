/**
 * Viewing bookings as the shared inbox screen shows them: list line, fields (the listing by its
 * title, linked to its public page), the summary facts of a booking's page, the appointment actions.
 */
import { AppointmentActions } from "#app/domains/inbox/components/appointment-actions.tsx";
import type { InboxScreen } from "#app/domains/inbox/components/inbox-screen.ts";
import { ListingLink, listingTitle } from "#app/domains/inbox/components/listing-link.tsx";

export const BOOKINGS: InboxScreen = {
  inbox: "bookings",
  summary: (r, fmt) =>
    `${listingTitle(r) ?? "No listing named"} · ${r.starts_at ? fmt.dateTime(r.starts_at) : "no time"}`,
  fields: (r, fmt) => [
    { label: "Listing", value: <ListingLink row={r} /> },
    {
      label: "Time",
      value: r.starts_at ? `${fmt.dateTime(r.starts_at)} (${r.duration_minutes ?? 45} min)` : "—",
    },
    { label: "People", value: String(r.attendees ?? 1) },
    {
      label: "Message",
      value: r.message ? <span className="whitespace-pre-wrap">{r.message}</span> : "—",
    },
  ],
  facts: (r, fmt) => [
    { label: "Listing", value: <ListingLink row={r} /> },
    { label: "Time", value: r.starts_at ? fmt.dateTime(r.starts_at) : "Not booked" },
  ],
  actions: (r) => <AppointmentActions inbox="bookings" row={r} />,
};
